import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildSignedInReads, loadSignedIn, signedInLoaders, signedInReads, type LoadReads, type Reads } from "../src/auth/signed-in";
import { createDb } from "../src/db/client";
import type { Engine } from "../src/db/prepared";
import { pharmaciesOf } from "../src/data/pharmacies";
import { users } from "../src/db/schema";
import { inLocale } from "../src/i18n/current";
import "../src/index"; // every route registered, so every signedIn(load) is in signedInLoaders
import { call, sessionCookie, uniqueName } from "./helpers";
import { libsqlEnv } from "./support/libsql-http";

// Finding (issue 31): signedIn(load) builds a route's SQL once and reuses it for every request, so a
// loader that captured a runtime value (the clock, the request's language, anything but its scope)
// would freeze the first request's value for every later user; only a comment guarded it. Now each
// loader is built as two different users' requests would build it, and the SQL must be the same.

const ENGINES: Engine[] = ["d1", "libsql"];

/** What a request of one user looks like to a loader: its clock and its language. */
const USERS = [
  { now: Date.UTC(2026, 0, 5, 8, 0), locale: { language: "fr", locale: "fr-FR" } },
  { now: Date.UTC(2026, 6, 20, 23, 30), locale: { language: "ar", locale: "ar-EG" } },
];

/** The SQL and parameters (placeholders by name, anything else by value) a loader builds as `user`. */
function builtAs(user: (typeof USERS)[number], load: LoadReads<Reads>, engine: Engine) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(user.now);
  const built = inLocale(user.locale, () => buildSignedInReads(load, engine));
  vi.useRealTimers();
  return { names: built.names, usesId: built.usesId, queries: built.reads.map((read) => JSON.stringify(read.getQuery())) };
}

const differences = (load: LoadReads<Reads>) =>
  ENGINES.filter((engine) => JSON.stringify(builtAs(USERS[0]!, load, engine)) !== JSON.stringify(builtAs(USERS[1]!, load, engine)));

afterEach(() => vi.useRealTimers());

describe("signedIn loaders build the same SQL for every user (issue 31: a captured value would be frozen)", () => {
  it("finds every route's loader", () => {
    // 25 routes pass signedIn a loader today; fewer registered means the registry missed some.
    expect(signedInLoaders.size).toBeGreaterThanOrEqual(25);
  });

  it("each loader builds the same SQL for two different users, on both engines", () => {
    const frozen = [...signedInLoaders].filter((load) => differences(load).length > 0).map((load) => load.toString().slice(0, 160));
    expect(frozen).toEqual([]);
  });

  it("catches a loader that captures the clock or the request's language", async () => {
    const { currentLocale } = await import("../src/i18n/current");
    const clock: LoadReads<Reads> = ({ db, owner }) => ({
      recent: db.select({ id: users.id }).from(users).where(sql`${users.id} = ${owner} AND ${Date.now()} > 0`),
    });
    const language: LoadReads<Reads> = ({ db, owner }) => ({
      mine: db.select({ id: users.id }).from(users).where(sql`${users.id} = ${owner} AND ${currentLocale()} <> ''`),
    });
    const scoped: LoadReads<Reads> = ({ db, owner, now }) => ({
      mine: db.select({ id: users.id }).from(users).where(sql`${users.id} = ${owner} AND ${now} > 0`),
    });
    expect(differences(clock)).toEqual(ENGINES);
    expect(differences(language)).toEqual(ENGINES);
    expect(differences(scoped)).toEqual([]);
  });
});

describe("prepared reads go through Drizzle's public API (issue 31: _prepare() was private)", () => {
  // A Drizzle upgrade that changes prepare(), getQuery() or mapResult() breaks these: the session
  // and a route's rows, read in one batch and mapped, on D1 and on libSQL over HTTP.
  // Scoped by the person the request acts for (its own here), never by the account's id: the two
  // differ for every account made after the people migration, as on a long-lived libSQL database.
  const reads = signedInReads(({ db, person }) => ({ pharmacies: pharmaciesOf(db, person) }));

  for (const [engine, dbEnv] of [
    ["d1", () => env],
    ["libsql", () => libsqlEnv()],
  ] as const) {
    it(`reads the session and a route's rows, mapped, in one batch on ${engine}`, async () => {
      const username = uniqueName("prep");
      const registered = await call("POST", "/api/register", {
        env: dbEnv(),
        body: {
          username,
          password: "correct horse battery",
          email: `${username}@example.com`,
          fullName: "Pat Prepared",
          emailConsent: true,
          healthDataConsent: true,
        },
      });
      expect(registered.status, registered.text).toBe(201);
      const cookie = sessionCookie(registered);
      expect(
        (await call("POST", "/api/pharmacies", { env: dbEnv(), cookie, body: { name: "Corner Pharmacy", phoneNumber: "2125551234" } }))
          .status,
      ).toBe(201);
      const database = createDb(dbEnv());
      const found = await loadSignedIn(database, cookie.slice(cookie.indexOf("=") + 1), Date.now(), reads);
      expect(found?.user.username).toBe(username);
      // The row as Drizzle maps it: the selected field's name, the value as the driver answered it.
      expect(found?.data.pharmacies).toEqual([{ list: expect.stringContaining('"Corner Pharmacy"') }]);
      expect(await loadSignedIn(database, "not-a-session", Date.now(), reads)).toBeNull();
    });
  }
});
