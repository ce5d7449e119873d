import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../src/db/schema";
import { call, createPharmacy, db, uniqueName } from "./helpers";

// Sign-up saves the browser's language and time zone (sent by the form), so a patient far from UTC
// counts days and gets reminders on their own clock from the first minute.
const register = (extra: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const username = uniqueName();
  return call("POST", "/api/register", {
    body: {
      username,
      password: "correct horse battery",
      email: `${username}@example.com`,
      fullName: "Kiri",
      healthDataConsent: true,
      ...extra,
    },
    headers,
  });
};
const row = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const cookieOf = (res: { headers: Headers }) => res.headers.get("Set-Cookie")!.split(";")[0]!;

afterEach(() => vi.useRealTimers());

describe("sign-up saves the browser's language and time zone", () => {
  it("keeps the browser's locale when the page is in its language, and the zone", async () => {
    const res = await register({ locale: "pt-BR", timezone: "America/Sao_Paulo" }, { "Accept-Language": "pt-BR,pt;q=0.9" });
    expect(res.status, res.text).toBe(201);
    const user = await row(res.body.id);
    expect([user.locale, user.timezone, user.timezoneChosen]).toEqual(["pt-BR", "America/Sao_Paulo", true]);
  });

  it("saves the page's language when the visitor switched away from the browser's", async () => {
    const res = await register({ locale: "en-US", timezone: "Europe/Berlin" }, { Cookie: "lang=de" });
    expect((await row(res.body.id)).locale).toBe("de");
  });

  it("ignores an invalid zone instead of refusing the sign-up; a locale that is not a supported language is refused at the field", async () => {
    const res = await register({ timezone: "Not/A_Zone" });
    expect(res.status, res.text).toBe(201);
    const user = await row(res.body.id);
    expect([user.locale, user.timezone, user.timezoneChosen]).toEqual([null, "UTC", false]);
    expect((await register({ locale: 42 })).body.code).toBe("field_locale_unsupported");
    const long = await register({ timezone: "x".repeat(500) });
    expect(long.status).toBe(201);
  });

  it("a patient in Auckland signing up at 01:00 on a new local day records a refill picked up today, and is reminded at their hour", async () => {
    // 2026-11-25 12:00 UTC is 01:00 on 26 November in Auckland (NZDT, +13): their today is the 26th.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 10, 25, 12, 0) });
    const res = await register({ locale: "en-NZ", timezone: "Pacific/Auckland" });
    expect(res.status, res.text).toBe(201);
    const cookie = cookieOf(res);
    const user = await row(res.body.id);
    // Reminders at 9:00 on their clock: 20:00 UTC on the 25th.
    expect(new Date(user.nextNotificationAt).toISOString()).toBe("2026-11-25T20:00:00.000Z");
    const pharmacy = await createPharmacy({ cookie });
    const medication = await call("POST", "/api/medications", {
      cookie,
      body: { name: "Metformin", pharmacyId: pharmacy.id, pillsPerDay: 1, pillsRemaining: 10, pillsPerRefill: 30, lastRefillDate: "" },
    });
    expect(medication.status, medication.text).toBe(201);
    const refill = await call("POST", "/api/medications/refill", {
      cookie,
      body: { medicationId: medication.body.id, pillsToAdd: 30, refilledOn: "2026-11-26" },
    });
    expect(refill.status, refill.text).toBe(200);
    expect(refill.body.pillsRemaining).toBe(40);
    // The day after their today is still the future.
    const tomorrow = await call("POST", "/api/medications/refill", {
      cookie,
      body: { medicationId: medication.body.id, pillsToAdd: 30, refilledOn: "2026-11-27" },
    });
    expect(tomorrow.status).toBe(400);
  });
});
