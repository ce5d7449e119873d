import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { medications, pharmacies, users } from "../../src/db/schema";
import { type Account, call, createMedication, createPharmacy, db, medicationInput, signUp, uniqueIp, uniqueName } from "../helpers";
import { isCsvBodyRoute } from "../../src/http/middleware";
import { changesState, expectJsonMessage, expectNoInternals, isApi, type Route, routes } from "./surface";

// Routes that take no body: anything sent is ignored, so they are left out of the body checks.
const BODYLESS = (route: Route) =>
  route.method === "DELETE" ||
  [
    "/api/logout",
    "/api/test-email-notification",
    "/api/test-push-notification",
    "/api/calendar-feed",
    "/api/profiles/:profileId/calendar-feed",
    "/api/confirm-email/resend",
  ].includes(route.pattern);
// A CSV upload has its own type and size checks (test/medications.transfer.test.ts).
const isCsvUpload = (route: Route) => isCsvBodyRoute(route.path);
const jsonRoutes = routes((r) => isApi(r) && changesState(r) && !BODYLESS(r) && !isCsvUpload(r));
const apiRoutes = routes(isApi);
const label = (r: Route) => `${r.method} ${r.pattern}`;

let account: Account;
beforeAll(async () => {
  account = await signUp();
});

/** Signed in and from a fresh client address, so neither 401 nor throttling hides the answer. */
const send = (route: Route, options: Parameters<typeof call>[2] = {}) =>
  call(route.method, route.path, { cookie: account.cookie, ip: uniqueIp(), ...options });

describe("body limit (64 KB)", () => {
  it.each(routes((r) => changesState(r) && !isCsvUpload(r)).map((r) => [label(r), r] as const))(
    "%s: a declared >64 KB body → 413 JSON",
    async (_, route) => {
      const res = await send(route, { rawBody: JSON.stringify({ name: "x".repeat(65 * 1024) }) });
      expectJsonMessage(res, 413);
      expect(res.body.message).toBe("The request body is too large.");
    },
  );

  it.each(jsonRoutes.map((r) => [label(r), r] as const))("%s: a streamed body without Content-Length → 413 JSON", async (_, route) => {
    const chunk = new TextEncoder().encode(`"${"y".repeat(8 * 1024)}",`);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("["));
        for (let i = 0; i < 10; i++) controller.enqueue(chunk);
        controller.enqueue(new TextEncoder().encode("0]"));
        controller.close();
      },
    });
    const res = await send(route, { rawBody: body });
    expectJsonMessage(res, 413);
  });

  it("just under the limit is read and validated normally", async () => {
    const res = await call("POST", "/api/login", { body: { username: "u", password: "p".repeat(60 * 1024) }, ip: uniqueIp() });
    expectJsonMessage(res, 400);
    expect(res.body.message).toBe("Password must be at most 256 characters");
  });
});

describe("bodies that are not a JSON object", () => {
  const notObjects: Array<[string, string, string]> = [
    ["malformed JSON", "{", "Malformed JSON in request body"],
    ["truncated JSON", '{"name": "x"', "Malformed JSON in request body"],
    ["trailing garbage", '{"name": "x"} x', "Malformed JSON in request body"],
    ["an empty body", "", "Malformed JSON in request body"],
    ["an array", "[]", "The request body must be a JSON object."],
    ["an array of objects", '[{"name": "x"}]', "The request body must be a JSON object."],
    ["null", "null", "The request body must be a JSON object."],
    ["a string", '"hello"', "The request body must be a JSON object."],
    ["a number", "42", "The request body must be a JSON object."],
    ["a boolean", "true", "The request body must be a JSON object."],
    ["a huge number", "1e400", "The request body must be a JSON object."],
    ["deep nesting", `${"[".repeat(20_000)}${"]".repeat(20_000)}`, "The request body must be a JSON object."],
  ];
  for (const route of jsonRoutes) {
    it.each(notObjects)(`${label(route)}: %s → 400 with a readable message`, async (_, rawBody, message) => {
      const res = await send(route, { rawBody });
      expectJsonMessage(res, 400);
      expect(res.body.message).toBe(message);
    });
  }

  it.each(jsonRoutes.map((r) => [label(r), r] as const))("%s: a form or text body → 415 JSON", async (_, route) => {
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await send(route, { rawBody: "username=a&password=b", headers: { "Content-Type": contentType } });
      expectJsonMessage(res, 415);
    }
  });

  it("a JSON body without a Content-Type → 415, not read as an empty object", async () => {
    const res = await call("POST", "/api/login", { rawBody: '{"username":"a","password":"b"}', contentType: null, ip: uniqueIp() });
    expectJsonMessage(res, 415);
  });

  it("a JSON body with a charset or a +json type is accepted", async () => {
    for (const contentType of ["application/json; charset=utf-8", "application/vnd.api+json"]) {
      const res = await call("POST", "/api/login", {
        rawBody: '{"username":"","password":"x"}',
        headers: { "Content-Type": contentType },
        ip: uniqueIp(),
      });
      expectJsonMessage(res, 400);
      expect(res.body.message).toBe("Username is required");
    }
  });

  it("bytes that are not UTF-8 → 4xx JSON", async () => {
    const res = await call("POST", "/api/login", {
      rawBody: new Uint8Array([0x7b, 0xff, 0xfe, 0x22, 0x7d]),
      headers: { "Content-Type": "application/json" },
      ip: uniqueIp(),
    });
    expectJsonMessage(res, 400);
  });
});

describe("wrong types and out-of-range values", () => {
  const registerBody = () => {
    const username = uniqueName("types");
    return {
      username,
      password: "long enough",
      email: `${username}@example.com`,
      fullName: "Types",
      emailConsent: true,
      healthDataConsent: true,
    };
  };

  it.each([
    [{ username: 123 }, "Username is required"],
    [{ username: ["a"] }, "Username is required"],
    [{ username: { $ne: "" } }, "Username is required"],
    [{ username: "a".repeat(65) }, "Must be at most 64 characters"],
    [{ password: 12345678 }, "Password is required"],
    [{ password: "p".repeat(257) }, "Password must be at most 256 characters"],
    [{ email: { toString: "a@b.c" } }, "Invalid email address"],
    [{ email: `${"a".repeat(250)}@example.com` }, "Invalid email address"],
    [{ fullName: null }, "Full name is required"],
    [{ emailConsent: 1 }, "emailConsent must be true or false"],
    [{ emailConsent: "true" }, "emailConsent must be true or false"],
  ])("register %j → 400 %s", async (change, message) => {
    const res = await call("POST", "/api/register", { body: { ...registerBody(), ...change } });
    expectJsonMessage(res, 400);
    expect(res.body.message).toBe(message);
  });

  it.each([
    [{ pillsPerDay: 1e308 }, /at most 1,000 pills per day/],
    [{ pillsPerDay: -1e308 }, /at least 0.25 pills per day/],
    [{ pillsPerDay: "NaN" }, /at least 0.25 pills per day/],
    [{ pillsPerDay: "Infinity" }, /at least 0.25 pills per day/],
    [{ pillsRemaining: 1e21 }, /at most 1,000,000 pills/],
    [{ pillsRemaining: -0.0001 }, /negative pills/],
    [{ pillsPerRefill: 2.5 }, /whole number/],
    [{ pillsPerRefill: 2 ** 53 + 2 }, /whole number|at most 100,000/],
    [{ pharmacyId: 2 ** 53 + 2 }, /select a pharmacy/],
    [{ pharmacyId: -1 }, /select a pharmacy/],
    [{ pharmacyId: [1] }, /select a pharmacy/],
    [{ name: "n".repeat(121) }, /at most 120/],
    [{ name: { "": "" } }, /name is required/],
    [{ lastRefillDate: "2025-02-30" }, /real date/],
    [{ lastRefillDate: "2025-01-01'; DROP TABLE medications;--" }, /date/],
    [{ lastRefillDate: 20250101 }, /date/],
  ])("POST /api/medications %j → 400 %s", async (change, message) => {
    const res = await call("POST", "/api/medications", { cookie: account.cookie, body: medicationInput(1, change) });
    expectJsonMessage(res, 400);
    expect(res.body.message).toMatch(message);
  });

  it.each([
    [{ medicationId: "1" }],
    [{ medicationId: 1.5 }],
    [{ medicationId: 2 ** 53 + 2 }],
    [{ medicationId: 1, pillsToAdd: 1e308 }],
    [{ medicationId: 1, pillsToAdd: 0 }],
    [{ medicationId: 1, pillsToAdd: -5 }],
    [{ medicationId: 1, pillsToAdd: null }],
  ])("POST /api/medications/refill %j → 400", async (body) => {
    expectJsonMessage(await call("POST", "/api/medications/refill", { cookie: account.cookie, body: { pillsToAdd: 30, ...body } }), 400);
  });

  it.each(["abc", "-1", "0", "1e3", "1.5", "99999999999999999999", "%00", "1%20OR%201=1", "0x10"])(
    "/api/medications/%s and /api/pharmacies/%s → 400/404 JSON, never 5xx",
    async (id) => {
      for (const [method, path] of [
        ["GET", `/api/medications/${id}`],
        ["PATCH", `/api/medications/${id}`],
        ["DELETE", `/api/medications/${id}`],
        ["PATCH", `/api/pharmacies/${id}`],
        ["DELETE", `/api/pharmacies/${id}`],
      ] as const) {
        const res = await call(method, path, {
          cookie: account.cookie,
          body: method === "PATCH" ? { name: "x", phoneNumber: "2125551234" } : undefined,
        });
        expect([400, 404], `${method} ${path}: ${res.text}`).toContain(res.status);
        expectJsonMessage(res, res.status);
      }
    },
  );
});

describe("unknown fields are ignored; ids in bodies never change identity or ownership", () => {
  it("register ignores id, userId, password hash, reset token and settings in the body", async () => {
    const victim = await signUp();
    const username = uniqueName("extra");
    const res = await call("POST", "/api/register", {
      body: {
        username,
        password: "long enough",
        email: `${username}@example.com`,
        fullName: "Extra",
        emailConsent: true,
        healthDataConsent: true,
        id: victim.id,
        userId: victim.id,
        passwordHash: "scrypt$1$1$1$AAAA$AAAA",
        resetTokenHash: "0".repeat(64),
        resetTokenExpiry: Date.now() + 1e9,
        notificationDays: 30,
        notificationHour: 3,
        timezoneChosen: true,
        nextNotificationAt: 0,
        isAdmin: true,
        role: "admin",
        __proto__: { isAdmin: true },
        constructor: { prototype: { isAdmin: true } },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(victim.id);
    expect(res.body).not.toHaveProperty("isAdmin");
    const [row] = await db().select().from(users).where(eq(users.username, username));
    expect(row!.id).toBe(res.body.id);
    expect(row!.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(row!.resetTokenHash).toBeNull();
    expect(row!.notificationDays).toBe(7);
    expect(row!.notificationHour).toBe(9);
    // The zone is the browser's to give (the sign-up form sends it); none was sent: the default, not chosen.
    expect([row!.timezone, row!.timezoneChosen]).toEqual(["UTC", false]);
    expect(row!.nextNotificationAt).toBeGreaterThan(Date.now());
    // The victim is untouched.
    const [victimRow] = await db().select().from(users).where(eq(users.id, victim.id));
    expect(victimRow!.username).toBe(victim.username);
    expect((await call("GET", "/api/user", { cookie: victim.cookie })).body.username).toBe(victim.username);
  });

  it("login with another user's id or username alongside signs in only the named, verified user", async () => {
    const [me, other] = [await signUp(), await signUp()];
    const res = await call("POST", "/api/login", {
      body: { username: me.username, password: me.password, id: other.id, userId: other.id },
      ip: uniqueIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(me.id);
  });

  it("pharmacies and medications are created and updated for the signed-in user, whatever userId/id the body says", async () => {
    const [me, other] = [await signUp(), await signUp()];
    const otherPharmacy = await createPharmacy(other);
    const pharmacy = await createPharmacy(me, { userId: other.id, id: otherPharmacy.id });
    expect(pharmacy.id).not.toBe(otherPharmacy.id);
    const medication = await createMedication(me, { pharmacyId: pharmacy.id, userId: other.id, id: 1, user_id: other.id });
    const [stored] = await db().select().from(medications).where(eq(medications.id, medication.id));
    expect(stored!.userId).toBe(me.id);
    const [storedPharmacy] = await db().select().from(pharmacies).where(eq(pharmacies.id, pharmacy.id));
    expect(storedPharmacy!.userId).toBe(me.id);

    const patch = await call("PATCH", `/api/medications/${medication.id}`, {
      cookie: me.cookie,
      body: medicationInput(pharmacy.id, { userId: other.id, id: 999_999 }),
    });
    expect(patch.status).toBe(200);
    expect(patch.body.id).toBe(medication.id);
    const [after] = await db().select().from(medications).where(eq(medications.id, medication.id));
    expect(after!.userId).toBe(me.id);
    await call("PATCH", `/api/pharmacies/${pharmacy.id}`, {
      cookie: me.cookie,
      body: { name: "Mine", phoneNumber: "2125551234", userId: other.id },
    });
    const [pharmacyAfter] = await db().select().from(pharmacies).where(eq(pharmacies.id, pharmacy.id));
    expect(pharmacyAfter).toMatchObject({ userId: me.id, name: "Mine" });
    expect((await call("GET", "/api/pharmacies", { cookie: other.cookie })).body).toEqual([otherPharmacy]);
  });
});

describe("unknown paths and wrong methods on the API", () => {
  it.each(["GET", "POST", "PATCH", "PUT", "DELETE"])("%s on unknown API paths → 404 JSON { message }", async (method) => {
    for (const path of [
      "/api/nope",
      "/api/",
      "/api/users",
      "/api/user/1",
      "/api/admin",
      "/api/medications/1/extra",
      "/api/.env",
      "/api/%00",
    ]) {
      const res = await call(method, path, { cookie: account.cookie, body: method === "GET" ? undefined : {} });
      expectJsonMessage(res, 404);
      expect(res.body).toMatchObject({ message: "Not found", code: "error_not_found" });
    }
  });

  const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
  // Never a 400 from another route's pattern: ids are digits by pattern, so GET /api/medications/refill
  // is no longer GET /api/medications/:id with the id "refill" ("Invalid medication id"), just not found.
  it.each(apiRoutes.map((r) => [r.pattern, r] as const).filter(([pattern], i, all) => all.findIndex(([p]) => p === pattern) === i))(
    "%s: methods it does not take → 404/405 JSON",
    async (pattern, route) => {
      const taken = apiRoutes.filter((r) => r.pattern === pattern).map((r) => r.method);
      for (const method of ALL_METHODS.filter((m) => !taken.includes(m))) {
        const res = await call(method, route.path, { cookie: account.cookie, body: method === "GET" ? undefined : {} });
        expect([404, 405], `${method} ${pattern}: ${res.status}`).toContain(res.status);
        expectJsonMessage(res, res.status);
      }
    },
  );

  it("HEAD and OPTIONS never crash", async () => {
    for (const method of ["HEAD", "OPTIONS"]) {
      for (const path of ["/api/user", "/api/login", "/api/nope", "/"]) {
        const res = await call(method, path, { cookie: account.cookie });
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
  });

  it("query-string junk on reads is ignored", async () => {
    const res = await call("GET", "/api/user?t=1&id=1&userId=1&__proto__[x]=1&username[]=admin", { cookie: account.cookie });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(account.id);
  });
});

describe("no response ever reveals internals", () => {
  it("a sweep of hostile requests over every API route answers readable JSON without stack or SQL", async () => {
    const hostile = [
      "'",
      '"; DROP TABLE users; --',
      "' OR '1'='1",
      "\u0000",
      "<script>alert(1)</script>",
      "%s%n",
      "../../etc/passwd",
      "\ud800",
    ];
    // Not logout: it would end the session the sweep relies on, and every later answer would be a 401.
    for (const route of apiRoutes.filter((r) => r.pattern !== "/api/logout")) {
      for (const value of hostile) {
        const body =
          route.method === "GET"
            ? undefined
            : { name: value, username: value, password: value, email: value, token: value, medicationId: value, id: value };
        const segment = encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "\ufffd"));
        const res = await call(route.method, route.path.replace(/\/1$/, `/${segment}`), { cookie: account.cookie, body, ip: uniqueIp() });
        expect(res.status, `${route.method} ${route.path} ${JSON.stringify(value)}: ${res.text}`).toBeLessThan(500);
        expectNoInternals(res);
        if (res.status === 401) expect(route.pattern).toBe("/api/login"); // still signed in throughout
      }
    }
  }, 120_000);
});

describe("profile and notification settings change only the signed-in user", () => {
  it("PATCH /api/profile ignores username, id and userId: identity never changes", async () => {
    const otherName = uniqueName("sec");
    const [me, other] = [await signUp(), await signUp({ username: otherName, fullName: `Security ${otherName}` })];
    const res = await call("PATCH", "/api/profile", {
      cookie: me.cookie,
      body: {
        fullName: "New Name",
        email: "new@example.com",
        currentPassword: me.password,
        username: other.username,
        id: other.id,
        userId: other.id,
        passwordHash: "x",
        emailConsent: false,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: me.id,
      username: me.username,
      fullName: "New Name",
      email: me.email,
      pendingEmail: "new@example.com",
      emailConsent: true,
    });
    const [mine] = await db().select().from(users).where(eq(users.id, me.id));
    const [theirs] = await db().select().from(users).where(eq(users.id, other.id));
    expect(mine).toMatchObject({ username: me.username, email: me.email, pendingEmail: "new@example.com" });
    expect(mine!.passwordHash).toMatch(/^scrypt\$/);
    expect(theirs).toMatchObject({ username: other.username, email: other.email, fullName: `Security ${other.username}` });
    expect((await call("POST", "/api/login", { body: { username: me.username, password: me.password }, ip: uniqueIp() })).status).toBe(200);
  });

  it("PATCH /api/notifications/settings ignores id and userId", async () => {
    const [me, other] = [await signUp(), await signUp()];
    const res = await call("PATCH", "/api/notifications/settings", {
      cookie: me.cookie,
      body: {
        notificationDays: 30,
        emailConsent: false,
        timezone: "Asia/Tokyo",
        notificationHour: 23,
        id: other.id,
        userId: other.id,
        username: other.username,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: me.id, username: me.username, notificationDays: 30, timezone: "Asia/Tokyo" });
    const [theirs] = await db().select().from(users).where(eq(users.id, other.id));
    expect(theirs).toMatchObject({ notificationDays: 7, emailConsent: true, timezone: "UTC", notificationHour: 9 });
  });
});
