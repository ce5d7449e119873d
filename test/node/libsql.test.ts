import { createClient, type Client } from "@libsql/client";
import { createClient as createWebClient } from "@libsql/client/web";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { drizzle as drizzleWeb } from "drizzle-orm/libsql/web";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLibsqlHttpServer } from "../../scripts/libsql-http-server.mjs";
import { migrate } from "../../scripts/migrate-libsql.mjs";
import { newSession } from "../../src/auth/session";
import { loadSignedIn, signedInReads } from "../../src/auth/signed-in";
import { consumeAttempt, LIMITS } from "../../src/auth/throttle";
import { createMedication, medicationRecords, medicationsOf, toSortedMedications } from "../../src/data/medications";
import { refillMedication } from "../../src/data/supply";
import { createPharmacy, pharmaciesOf, pharmacyRecords, sortPharmacies } from "../../src/data/pharmacies";
import { todayIn } from "../../src/domain/countdown";
import type { Db } from "../../src/db/client";
import * as schema from "../../src/db/schema";

/** A daily schedule from `from` on, as the API hands it to the data layer. */
const daily = (dose: number, from: string) => ({ schedule: { type: "daily" as const, dose }, effectiveFrom: from });

/** A created row, or the test fails: these accounts are far below the per-account limits. */
function made<T>(row: T | "limit" | null): T {
  if (row === "limit" || row === null) throw new Error(`expected a row, got ${row}`);
  return row;
}

// The production engine (libSQL, as Turso runs it): the same migrations, schema and query code the
// Worker runs on D1, run twice — on a local file (file:, @libsql/client), and over HTTP the way the
// Worker reaches Turso (@libsql/client/web speaking Hrana to scripts/libsql-http-server.mjs).
let client: Client;
let db: Db;
let dir: string;

interface Engine {
  name: string;
  open(file: string): Promise<{ client: Client; db: Db; close(): Promise<void> }>;
}
const engines: Engine[] = [
  {
    name: "file: through @libsql/client",
    async open(file) {
      const client = createClient({ url: `file:${file}` });
      return { client, db: drizzle(client, { schema }) as unknown as Db, close: async () => client.close() };
    },
  },
  {
    name: "http: through @libsql/client/web",
    async open(file) {
      const server = await startLibsqlHttpServer({ file });
      const client = createWebClient({ url: server.url });
      const close = async () => {
        client.close();
        await server.close();
      };
      return { client, db: drizzleWeb(client, { schema }) as unknown as Db, close };
    },
  },
];

/** A session as login makes it: the row stored, the secret for the cookie. */
async function startSession(userId: number, now: number) {
  const session = await newSession(userId, now);
  await db.insert(schema.sessions).values(session.row);
  return session;
}

async function insertUser(username: string) {
  const [user] = await db
    .insert(schema.users)
    .values({
      username,
      usernameKey: username,
      passwordHash: "x",
      email: `${username}@example.com`,
      nextNotificationAt: 0,
      createdAt: Date.now(),
    })
    .returning();
  return user;
}

describe.each(engines)("libSQL engine, $name", (engine) => {
  let close: () => Promise<void>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "refill-libsql-"));
    ({ client, db, close } = await engine.open(join(dir, "test.db")));
    await migrate(client);
  });
  afterAll(async () => {
    await close?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it("applies every migration once", async () => {
    expect(await migrate(client)).toEqual([]);
    const tables = (await client.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows.map((r) => r.name);
    expect(tables).toEqual(
      expect.arrayContaining(["users", "sessions", "pharmacies", "medications", "notifications", "reminder_log", "throttles"]),
    );
  });

  it("applies the schema's defaults", async () => {
    const user = await insertUser("defaults");
    expect(user).toMatchObject({ notificationDays: 7, emailConsent: true, timezone: "UTC", notificationHour: 9 });
  });

  it("creates and validates sessions with one JOIN, and expires them", async () => {
    const user = await insertUser("sessions");
    const now = Date.now();
    const { token } = await startSession(user.id, now);
    expect((await loadSignedIn(db, token, now))?.user.username).toBe("sessions");
    expect(await loadSignedIn(db, token, now + 8 * 24 * 3_600_000)).toBeNull();
    expect(await db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).toEqual([]);
  });

  it("loads session, user and the user's own lists in one batch, numbers exact", async () => {
    const [owner, stranger] = [await insertUser("lists"), await insertUser("lists-stranger")];
    const now = Date.now();
    const { token } = await startSession(owner.id, now);
    const today = todayIn("UTC", now);
    const pharmacy = made(await createPharmacy(db, owner.id, { name: "Corner Pharmacy", phoneNumber: "+12125550100" }));
    const theirs = made(await createPharmacy(db, stranger.id, { name: "Elsewhere", phoneNumber: "" }));
    const input = {
      pharmacyId: pharmacy.id,
      pillsRemaining: 10,
      pillsPerRefill: 30,
      lastRefillDate: null,
      refillsLeft: null,
      prescriptionExpiresOn: null,
    };
    const third = made(await createMedication(db, owner.id, owner.id, { ...input, name: "thirds" }, daily(2 / 3, today), today));
    const plain = made(await createMedication(db, owner.id, owner.id, { ...input, name: "Aspirin" }, daily(1, today), today));
    await createMedication(db, stranger.id, stranger.id, { ...input, pharmacyId: theirs.id, name: "not yours" }, daily(1, today), today);

    const reads = signedInReads(({ db, owner }) => ({ medications: medicationsOf(db, owner), pharmacies: pharmaciesOf(db, owner) }));
    const found = await loadSignedIn(db, token, now, reads);
    expect(found?.user.username).toBe("lists");
    const data = {
      medications: toSortedMedications(medicationRecords(found!.data.medications), today),
      pharmacies: sortPharmacies(pharmacyRecords(found!.data.pharmacies)),
    };
    expect(data).toEqual({ medications: [plain, third], pharmacies: [pharmacy] });
    expect(data.medications[1]!.pillsPerDay).toBe(2 / 3); // every bit of a REAL survives the wire
  });

  it("counts throttled attempts first, with the same upsert batch as on D1", async () => {
    const key = "login:user:libsql";
    const now = Date.now();
    const answers = await Promise.all(Array.from({ length: 8 }, () => consumeAttempt(db, [[key, LIMITS.loginPerAccountClient]], now)));
    expect(answers.filter((seconds) => seconds === 0)).toHaveLength(LIMITS.loginPerAccountClient);
    expect(await consumeAttempt(db, [[key, LIMITS.loginPerAccountClient]], now + 16 * 60_000)).toBe(0);
  });

  it("refills in one statement: countdown since counted_on, then the refill, concurrently", async () => {
    const user = await insertUser("refills");
    const [pharmacy] = await db
      .insert(schema.pharmacies)
      .values({ userId: user.id, name: "Corner", phoneNumber: "+12125550100" })
      .returning();
    const input = {
      name: "Metformin",
      pharmacyId: pharmacy.id,
      pillsRemaining: 30,
      pillsPerRefill: 30,
      lastRefillDate: null,
      refillsLeft: null,
      prescriptionExpiresOn: null,
    };
    const created = made(await createMedication(db, user.id, user.id, input, daily(2, "2026-01-01"), "2026-01-01"));
    expect(created?.pillsRemaining).toBe(30);
    // Three days later: 30 − 2×3 = 24, plus five concurrent refills of 10.
    const results = await Promise.all(
      Array.from({ length: 5 }, () => refillMedication(db, user.id, user.id, created!.id, 10, "2026-01-04", "2026-01-04", Date.now())),
    );
    expect(results.every((r) => "medication" in r)).toBe(true);
    const [row] = await db.select().from(schema.medications).where(eq(schema.medications.id, created!.id));
    expect(row).toMatchObject({ pillsRemaining: 74, countedOn: "2026-01-04", lastRefillDate: "2026-01-04" });
  });

  it("rolls back a whole batch when one statement fails", async () => {
    const user = await insertUser("batch");
    await expect(
      db.batch([
        db.update(schema.users).set({ fullName: "changed" }).where(eq(schema.users.id, user.id)),
        db.insert(schema.users).values({
          username: "batch",
          usernameKey: "batch",
          passwordHash: "x",
          email: "dup@example.com",
          nextNotificationAt: 0,
          createdAt: 0,
        }),
      ]),
    ).rejects.toThrow();
    const [row] = await db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row.fullName).toBeNull();
  });
});
