import { describe, expect, it } from "vitest";
import { todayIn } from "../src/domain/countdown";
import { addDays } from "../src/domain/time";
import { call, setTimezone, signUp } from "./helpers";

// The printed list names the patient by name and date of birth, so a doctor or pharmacist knows
// whose medicines they are; the date of birth is entered, bounded, in the profile settings.

const patch = (account: { cookie: string; user: { email: string } }, body: Record<string, unknown>, lang = "en") =>
  call("PATCH", "/api/profile", {
    cookie: `${account.cookie}; lang=${lang}`,
    body: { fullName: "Wang Fang", email: account.user.email, ...body },
  });
const saved = async (account: { cookie: string }) => (await call("GET", "/api/user", { cookie: account.cookie })).body.birthdate;

describe("date of birth in the profile, on the printed list", () => {
  it("is saved, shown on the print page in the locale's date format, kept when left out, cleared by empty", async () => {
    const account = await signUp();
    const res = await patch(account, { birthdate: "1950-03-09" });
    expect([res.status, res.body.birthdate]).toEqual([200, "1950-03-09"]);
    const en = await call<string>("GET", "/medications/print", { cookie: account.cookie });
    expect(en.text).toMatch(/Date of birth<\/dt><dd[^>]*>Mar 9, 1950<\/dd>/);
    const zh = await call<string>("GET", "/medications/print", { cookie: `${account.cookie}; lang=zh` });
    expect(zh.text).toMatch(/出生日期<\/dt><dd[^>]*>1950年3月9日<\/dd>/);
    // The profile page's form shows it.
    const profile = await call<string>("GET", "/profile", { cookie: account.cookie });
    expect(profile.text).toMatch(/<input[^>]*type="date"[^>]*value="1950-03-09"|<input[^>]*value="1950-03-09"[^>]*type="date"/);

    // An older page sends no birthdate: unchanged.
    expect((await patch(account, {})).status).toBe(200);
    expect(await saved(account)).toBe("1950-03-09");
    // The field emptied: cleared, and the print page says nothing of it.
    expect((await patch(account, { birthdate: "" })).status).toBe(200);
    expect(await saved(account)).toBeNull();
    expect((await call<string>("GET", "/medications/print", { cookie: account.cookie })).text).not.toContain("Date of birth");
  });

  it.each([
    ["before 1900", "1899-12-31"],
    ["not a real date", "1950-02-30"],
    ["not a date", "9 March 1950"],
    ["a number", 19500309],
  ])("refuses a date of birth %s: 400 with a readable message, nothing written", async (_what, birthdate) => {
    const account = await signUp();
    await patch(account, { birthdate: "1950-03-09" });
    const res = await patch(account, { birthdate, fullName: "Changed Name" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "field_birthdate_range" });
    expect(res.body.message).toMatch(/^Enter a date of birth from Jan 1, 1900 to \w{3} \d{1,2}, \d{4}, or leave it empty$/);
    const user = (await call("GET", "/api/user", { cookie: account.cookie })).body;
    expect([user.birthdate, user.fullName]).toEqual(["1950-03-09", "Wang Fang"]);
  });

  it("refuses a date after the patient's own today (a zone behind UTC), in the request's language", async () => {
    const account = await signUp();
    await setTimezone(account, "Pacific/Pago_Pago");
    const today = todayIn("Pacific/Pago_Pago");
    const tomorrow = addDays(today, 1);
    const res = await patch(account, { birthdate: tomorrow }, "es");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("field_birthdate_range");
    expect(res.body.message).toContain("Introduce una fecha de nacimiento");
    expect(await saved(account)).toBeNull();
    // Today itself is a date of birth (a newborn's list).
    expect((await patch(account, { birthdate: today })).status).toBe(200);
  });

  it("is saved with a new address too (the confirmation path)", async () => {
    const account = await signUp({ password: "correct horse battery" });
    const res = await call("PATCH", "/api/profile", {
      cookie: account.cookie,
      body: { fullName: "Wang Fang", email: "new-address@example.com", currentPassword: "correct horse battery", birthdate: "1948-11-02" },
    });
    expect([res.status, res.body.birthdate, res.body.pendingEmail]).toEqual([200, "1948-11-02", "new-address@example.com"]);
  });
});
