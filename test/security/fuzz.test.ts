import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { medications, pharmacies, users } from "../../src/db/schema";
import { todayIn } from "../../src/domain/countdown";
import { type Account, type Answer, call, createMedication, createPharmacy, db, signUp, uniqueIp, uniqueName } from "../helpers";
import { CODE, expectNoInternals } from "./surface";

// Property-based fuzzing of every payload: arbitrary JSON never yields a 5xx, every refusal is a
// readable { message, code }, and values that pass validation, however extreme, are stored intact.

const RUNS = 60;
const SLOW_RUNS = 12; // properties that run scrypt once or twice per case
// Some properties make a few requests per case; the default 5 s is for single calls.
const TIMEOUT = 120_000;

/** Any answer: below 500; a refusal is JSON { message, code } without internals. */
function expectSane(res: Answer, what: string) {
  expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.body, `${what} → ${res.text.slice(0, 300)}`).toEqual({ message: expect.any(String), code: expect.stringMatching(CODE) });
    expect(res.body.message.length).toBeGreaterThan(3);
  }
  expectNoInternals(res);
}

const extremeNumber = fc.constantFrom(
  0,
  -0,
  1,
  -1,
  0.5,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 31,
  2 ** 63,
  1e21,
  0.1 + 0.2,
);
const nastyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.string({ unit: "grapheme", maxLength: 130 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\ud800",
    "\udfff\ud800",
    "'; DROP TABLE users; --",
    "<img src=x onerror=alert(1)>",
    "\u202eevil",
    "𝕬".repeat(200),
    "a".repeat(70_000 / 8),
  ),
);
/** Anything a JSON field can hold, weighted towards the edges. */
const anyField = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  nastyString,
  extremeNumber,
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
/** An object with the endpoint's keys (some missing) holding arbitrary values, plus stray keys. */
const shaped = (keys: string[]) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, anyField])), { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 12 }), anyField, { maxKeys: 3 }),
    )
    .map(([known, stray]) => ({ ...stray, ...known }));
/** A whole body: arbitrary JSON, or the right shape with arbitrary values. */
const anyBody = (keys: string[]) => fc.oneof(fc.jsonValue({ maxDepth: 4 }), shaped(keys));

/** Text that validation accepts, from the far corners of Unicode. */
const unicodeText = (min: number, max: number) =>
  fc
    .string({
      unit: fc.oneof(
        fc.constantFrom("é", "漢", "👩‍⚕️", "\u0301", "ß", "İ", "\u200b", "'", '"', "\\", "%", "_", "\u00a0"),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
      ),
      minLength: min,
      maxLength: max,
    })
    .filter((s) => s.trim().length >= min && s.trim().length <= max && s.length <= max);

let account: Account;
let pharmacyId: number;
beforeAll(async () => {
  account = await signUp();
  pharmacyId = (await createPharmacy(account)).id;
});

const send = (method: string, path: string, body: unknown, cookie = account.cookie) => call(method, path, { body, cookie, ip: uniqueIp() });

describe("accounts: arbitrary JSON never yields a 5xx", { timeout: TIMEOUT }, () => {
  it.each([
    ["/api/register", ["username", "password", "email", "fullName", "emailConsent"]],
    ["/api/login", ["username", "password"]],
    ["/api/forgot-password", ["email"]],
    ["/api/reset-password", ["token", "password", "confirmPassword"]],
  ] as const)("POST %s", async (path, keys) => {
    await fc.assert(
      fc.asyncProperty(anyBody([...keys]), async (body) => {
        expectSane(await call("POST", path, { body, ip: uniqueIp() }), `POST ${path} ${JSON.stringify(body).slice(0, 200)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it("POST /api/logout with any body", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        expectSane(await call("POST", "/api/logout", { body }), "logout");
      }),
      { numRuns: 20 },
    );
  });
});

describe("accounts: extreme but valid values are stored intact", { timeout: TIMEOUT }, () => {
  it("register then login with unicode usernames, names and 8–256 character passwords", async () => {
    await fc.assert(
      fc.asyncProperty(
        unicodeText(1, 40),
        unicodeText(1, 120),
        fc.string({ unit: "binary", minLength: 8, maxLength: 256 }),
        fc.boolean(),
        async (name, fullName, password, emailConsent) => {
          const username = `${uniqueName("fz")}${name}`.slice(0, 64).trim();
          const email = `${uniqueName("fz")}@example.com`;
          const res = await call("POST", "/api/register", {
            body: { username, password, email, fullName, emailConsent, healthDataConsent: true },
          });
          expectSane(res, `register ${JSON.stringify({ username, fullName, password })}`);
          expect(res.status).toBe(201);
          const [row] = await db().select().from(users).where(eq(users.id, res.body.id));
          expect(row).toMatchObject({
            username,
            email,
            fullName: fullName.trim(),
            emailConsent,
            notificationDays: 7,
            notificationHour: 9,
            timezone: "UTC",
          });
          expect(row!.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
          const login = await call("POST", "/api/login", { body: { username, password }, ip: uniqueIp() });
          expect(login.status, login.text).toBe(200);
          expect(login.body.id).toBe(row!.id);
        },
      ),
      { numRuns: SLOW_RUNS },
    );
  });
});

describe("medications and pharmacies: arbitrary JSON never yields a 5xx", { timeout: TIMEOUT }, () => {
  const medicationKeys = ["name", "pharmacyId", "pillsPerDay", "pillsRemaining", "pillsPerRefill", "lastRefillDate"];

  it("POST /api/medications", async () => {
    await fc.assert(
      fc.asyncProperty(anyBody(medicationKeys), async (body) =>
        expectSane(await send("POST", "/api/medications", body), `POST /api/medications ${JSON.stringify(body).slice(0, 200)}`),
      ),
      { numRuns: RUNS },
    );
  });

  it("PATCH /api/medications/:id (own medication)", async () => {
    const medication = await createMedication(account, { pharmacyId });
    await fc.assert(
      fc.asyncProperty(anyBody(medicationKeys), async (body) =>
        expectSane(await send("PATCH", `/api/medications/${medication.id}`, body), `PATCH ${JSON.stringify(body).slice(0, 200)}`),
      ),
      { numRuns: RUNS },
    );
  });

  it("POST /api/medications/refill", async () => {
    const medication = await createMedication(account, { pharmacyId });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyBody(["medicationId", "pillsToAdd"]), fc.record({ medicationId: fc.constant(medication.id), pillsToAdd: anyField })),
        async (body) => expectSane(await send("POST", "/api/medications/refill", body), `refill ${JSON.stringify(body).slice(0, 200)}`),
      ),
      { numRuns: RUNS },
    );
  });

  it("POST /api/pharmacies and PATCH /api/pharmacies/:id", async () => {
    const own = await createPharmacy(account);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("POST /api/pharmacies", `PATCH /api/pharmacies/${own.id}`),
        anyBody(["name", "phoneNumber"]),
        async (route, body) => {
          const [method, path] = route.split(" ") as [string, string];
          expectSane(await send(method, path, body), `${route} ${JSON.stringify(body).slice(0, 200)}`);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("ids in paths: GET, PATCH and DELETE on arbitrary path segments", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "GET /api/medications/",
          "PATCH /api/medications/",
          "DELETE /api/medications/",
          "PATCH /api/pharmacies/",
          "DELETE /api/pharmacies/",
        ),
        fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), fc.integer().map(String), fc.double().map(String), fc.bigInt().map(String)),
        async (route, id) => {
          const [method, prefix] = route.split(" ") as [string, string];
          const segment = encodeURIComponent(id) || "0";
          const res = await send(method, `${prefix}${segment}`, method === "PATCH" ? { name: "x", phoneNumber: "2125551234" } : undefined);
          expectSane(res, `${method} ${prefix}${segment}`);
          // Whatever the id, nobody else's row can be reached: only 400/404, or, for this user's own
          // pharmacy that still has a medication, 409 (in use).
          const ownPharmacyInUse = prefix === "/api/pharmacies/" && method === "DELETE" && segment === String(pharmacyId);
          if (res.status >= 400) expect(ownPharmacyInUse ? [409] : [400, 404, 405]).toContain(res.status);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

// Doses up to 1,000 a day are valid once the patient confirms them (confirm_large_dose).
describe("medications and pharmacies: extreme but valid values are stored intact", { timeout: TIMEOUT }, () => {
  const validMedication = fc.record({
    name: unicodeText(1, 120),
    pillsPerDay: fc.oneof(fc.constantFrom(0.5, 1000, 999.999, 0.5000001), fc.double({ min: 0.5, max: 1000, noNaN: true })),
    pillsRemaining: fc.oneof(fc.constantFrom(0, 1_000_000, 0.001, 5e-324), fc.double({ min: 0, max: 1_000_000, noNaN: true })),
    pillsPerRefill: fc.oneof(fc.constantFrom(1, 100_000), fc.integer({ min: 1, max: 100_000 })),
    // Not after today: a future last refill date is refused (field_last_refill_future).
    lastRefillDate: fc.oneof(
      fc.constant(""),
      fc.constant(null),
      fc
        .date({ min: new Date("1900-01-01"), max: new Date(`${todayIn("UTC")}T00:00:00Z`), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    ),
  });

  it("create, read back and update: the row holds exactly what was accepted, for this user", async () => {
    await fc.assert(
      fc.asyncProperty(validMedication, validMedication, async (created, updated) => {
        const today = todayIn("UTC");
        const res = await send("POST", "/api/medications", { ...created, pharmacyId, confirmed: true });
        expectSane(res, `POST ${JSON.stringify(created)}`);
        expect(res.status).toBe(201);
        const expectRow = async (input: typeof created) => {
          const [row] = await db().select().from(medications).where(eq(medications.id, res.body.id));
          expect(row).toMatchObject({
            userId: account.id,
            pharmacyId,
            name: input.name.trim(),
            pillsPerDay: input.pillsPerDay,
            pillsRemaining: input.pillsRemaining,
            pillsPerRefill: input.pillsPerRefill,
            lastRefillDate: input.lastRefillDate || null,
          });
          expect([today, todayIn("UTC")]).toContain(row!.countedOn); // (a run across midnight UTC)
          expect(Number.isFinite(row!.pillsRemaining) && row!.pillsRemaining >= 0).toBe(true);
        };
        await expectRow(created);
        const read = await send("GET", `/api/medications/${res.body.id}`, undefined);
        expect(read.body).toEqual(res.body);

        const patch = await send("PATCH", `/api/medications/${res.body.id}`, { ...updated, pharmacyId, confirmed: true });
        expect(patch.status, patch.text).toBe(200);
        await expectRow(updated);
      }),
      { numRuns: 40 },
    );
  });

  it("refills add exactly what was asked (to 3 decimals), date today, never negative or infinite", async () => {
    const medication = await createMedication(account, { pharmacyId, pillsRemaining: 0 });
    const stored = async () => (await db().select().from(medications).where(eq(medications.id, medication.id)))[0]!;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(1, 100_000, 1.0005), fc.double({ min: 1, max: 100_000, noNaN: true })),
        async (pillsToAdd) => {
          const today = todayIn("UTC");
          // Each run starts from a known count, so the sum of runs never meets the 1,000,000-pill ceiling.
          await db().update(medications).set({ pillsRemaining: 12.5, countedOn: today }).where(eq(medications.id, medication.id));
          const before = (await stored()).pillsRemaining;
          const res = await send("POST", "/api/medications/refill", { medicationId: medication.id, pillsToAdd });
          expect(res.status, res.text).toBe(200);
          const row = await stored();
          // Each refill stores round(before + pillsToAdd, 3): compared step by step, not summed.
          expect(Math.abs(row.pillsRemaining - (before + pillsToAdd))).toBeLessThanOrEqual(0.0005 + 1e-9 * (before + pillsToAdd));
          expect(res.body.pillsRemaining).toBe(row.pillsRemaining);
          expect(Number.isFinite(row.pillsRemaining)).toBe(true);
          expect([today, todayIn("UTC")]).toContain(row.lastRefillDate);
          expect(row.userId).toBe(account.id);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("pharmacy names are stored as accepted and valid phone numbers as E.164, for this user", async () => {
    // A New York number written in any of the usual ways (digits, spaces, '-', '.', '(' ')', '+1').
    const written = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.constantFrom("(212) 555-#", "212.555.#", "+1 212 555 #", " 212-555-# ", "212555#"))
      .map(([n, shape]) => ({ typed: shape.replace("#", String(n).padStart(4, "0")), e164: `+1212555${String(n).padStart(4, "0")}` }));
    await fc.assert(
      fc.asyncProperty(unicodeText(1, 120), written, async (name, { typed, e164 }) => {
        const res = await send("POST", "/api/pharmacies", { name, phoneNumber: typed });
        expectSane(res, `POST /api/pharmacies ${JSON.stringify({ name, typed })}`);
        expect(res.status).toBe(201);
        const [row] = await db().select().from(pharmacies).where(eq(pharmacies.id, res.body.id));
        expect(row).toMatchObject({ userId: account.id, name: name.trim(), phoneNumber: e164 });
        // Removed again: one account holds at most 50 pharmacies, fewer than the runs.
        await db().delete(pharmacies).where(eq(pharmacies.id, res.body.id));
      }),
      { numRuns: RUNS },
    );
  });
});

describe("pharmacy phone numbers: any text", { timeout: TIMEOUT }, () => {
  it("is stored as E.164 when it is a valid number, empty when empty, else refused in words", async () => {
    const me = await signUp();
    const phoneLike = fc.oneof(fc.string({ unit: "binary", maxLength: 34 }), fc.stringMatching(/^\+?[0-9 ().-]{0,32}$/));
    await fc.assert(
      fc.asyncProperty(phoneLike, async (phoneNumber) => {
        const res = await send("POST", "/api/pharmacies", { name: "Corner", phoneNumber }, me.cookie);
        expectSane(res, `POST /api/pharmacies ${JSON.stringify(phoneNumber)}`);
        if (res.status === 201) {
          const [row] = await db().select().from(pharmacies).where(eq(pharmacies.id, res.body.id));
          expect(row!.phoneNumber, JSON.stringify(phoneNumber)).toMatch(phoneNumber.trim() === "" ? /^$/ : /^\+[1-9][0-9]{6,14}$/);
          await db().delete(pharmacies).where(eq(pharmacies.id, res.body.id));
        } else {
          expect([res.status, res.body.code], JSON.stringify(phoneNumber)).toEqual([
            400,
            expect.stringMatching(/^field_(phone_invalid|phone_too_long|no_control_characters)$/),
          ]);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe("profile and notification settings: arbitrary JSON never yields a 5xx", { timeout: TIMEOUT }, () => {
  it.each([
    ["/api/profile", ["fullName", "email"]],
    ["/api/notifications/settings", ["notificationDays", "emailConsent", "timezone", "notificationHour"]],
  ] as const)("PATCH %s", async (path, keys) => {
    const me = await signUp();
    await fc.assert(
      fc.asyncProperty(anyBody([...keys]), async (body) =>
        expectSane(await send("PATCH", path, body, me.cookie), `PATCH ${path} ${JSON.stringify(body).slice(0, 200)}`),
      ),
      { numRuns: RUNS },
    );
  });
});

describe("profile and notification settings: extreme but valid values are stored intact", { timeout: TIMEOUT }, () => {
  it("settings: any day count, hour and zone name the form can send; the row stays within range", async () => {
    const me = await signUp();
    const zoneName = fc.oneof(
      fc.constantFrom(
        "UTC",
        "Asia/Kathmandu",
        "America/Argentina/Buenos_Aires",
        "Pacific/Chatham",
        "Etc/GMT+12",
        "Etc/GMT-14",
        "Europe/Kyiv",
        "Asia/Calcutta",
      ),
      fc.stringMatching(/^[A-Za-z_+-]{1,30}(\/[A-Za-z_+-]{1,30}){0,2}$/),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 23 }),
        fc.boolean(),
        zoneName,
        async (notificationDays, notificationHour, emailConsent, timezone) => {
          const res = await send(
            "PATCH",
            "/api/notifications/settings",
            { notificationDays, notificationHour, emailConsent, timezone },
            me.cookie,
          );
          expectSane(res, `settings ${timezone}`);
          const [row] = await db().select().from(users).where(eq(users.id, me.id));
          if (res.status === 200) {
            expect(row).toMatchObject({ notificationDays, notificationHour, emailConsent });
            expect(res.body.user.timezone).toBe(row!.timezone);
          } else {
            expect(res.status).toBe(400); // an unknown zone: refused, nothing stored
          }
          expect(row!.notificationDays).toBeGreaterThanOrEqual(1);
          expect(row!.notificationDays).toBeLessThanOrEqual(30);
          expect(Number.isSafeInteger(row!.nextNotificationAt)).toBe(true);
          expect(row!.nextNotificationAt).toBeGreaterThan(Date.now() - 3_600_000);
          expect(row!.nextNotificationAt).toBeLessThan(Date.now() + 2 * 24 * 3_600_000);
          expect(() => new Intl.DateTimeFormat("en-US", { timeZone: row!.timezone })).not.toThrow();
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("profile: unicode names and long addresses are stored as accepted", async () => {
    const me = await signUp();
    await fc.assert(
      fc.asyncProperty(
        unicodeText(1, 120),
        fc.emailAddress().filter((e) => e.length <= 254),
        async (fullName, email) => {
          const res = await send("PATCH", "/api/profile", { fullName, email }, me.cookie);
          expectSane(res, `profile ${JSON.stringify({ fullName, email })}`);
          if (res.status !== 200) return; // zod's e-mail rule is stricter than RFC 5322 (a readable 400)
          const [row] = await db().select().from(users).where(eq(users.id, me.id));
          expect(row).toMatchObject({ id: me.id, username: me.username, fullName: fullName.trim(), email });
        },
      ),
      { numRuns: RUNS },
    );
  });
});
