import { describe, expect, it } from "vitest";
import { inLocale } from "../../src/i18n/current";
import { pharmacySchema, medicationSchema } from "../../src/shared/medication-schemas";
import { registerFormSchema } from "../../src/shared/auth-schemas";
import { profileSchema } from "../../src/shared/settings-schemas";
import { CSV_COLUMNS } from "../../src/shared/import-schemas";
import { fieldErrors } from "../../src/shared/validation";
import { reminderEmail } from "../../src/mail/templates/ReminderEmail";
import { reminderContent } from "../../src/reminders/due";
import { call, createMedication, createPharmacy, medicationInput, signUp, uniqueName } from "../helpers";
import { UNLOGGED } from "../../src/domain/logged-doses";

// Issue 29: names with CR, LF, ESC, BEL and other C0/C1 controls reached the plain-text reminder
// e-mail unchanged. Names (and phones) refuse them at the API, the forms and the CSV import, by one
// rule in the shared schemas; a tab is allowed.

const CONTROLS = {
  CR: "\r",
  LF: "\n",
  CRLF: "\r\n",
  ESC: "\u001b",
  BEL: "\u0007",
  NUL: "\u0000",
  VT: "\u000b",
  DEL: "\u007f",
  NEL: "\u0085",
  CSI: "\u009b",
  LS: "\u2028",
};
const refused = { message: "Must not contain line breaks or control characters", code: "field_no_control_characters" };
const listOf = async (cookie: string, path: string) => (await call("GET", path, { cookie })).body as Array<{ name: string }>;

describe("names with control characters", () => {
  it.each(Object.entries(CONTROLS))("a medication name with %s is a 400 at the API and nothing is saved", async (_, control) => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    const res = await call("POST", "/api/medications", {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { name: `Aspirin${control}Subject: refill now at evil.example` }),
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual(refused);
    expect(await listOf(account.cookie, "/api/medications")).toEqual([]);
  });

  it("an edit, a pharmacy's name and its phone refuse them too, in the request's language", async () => {
    const account = await signUp();
    const medication = await createMedication(account, { name: "Metformin" });
    const edit = await call("PATCH", `/api/medications/${medication.id}`, {
      cookie: account.cookie,
      body: medicationInput(medication.pharmacyId!, { name: "Metformin\u001b[2J" }),
    });
    expect([edit.status, edit.body]).toEqual([400, refused]);
    const pharmacy = await call("POST", "/api/pharmacies", {
      cookie: account.cookie,
      body: { name: "Corner\r\nDrugs", phoneNumber: "" },
      headers: { "Accept-Language": "de" },
    });
    expect([pharmacy.status, pharmacy.body]).toEqual([
      400,
      { message: "Darf keine Zeilenumbrüche oder Steuerzeichen enthalten", code: refused.code },
    ]);
    const phone = await call("POST", "/api/pharmacies", { cookie: account.cookie, body: { name: "Corner", phoneNumber: "212\n555 0100" } });
    expect([phone.status, phone.body]).toEqual([400, refused]);
    expect((await listOf(account.cookie, "/api/medications")).map((m) => m.name)).toEqual(["Metformin"]);
  });

  it("a tab is allowed, and line breaks at either end are trimmed like spaces", async () => {
    const account = await signUp();
    expect((await createMedication(account, { name: "Vitamin\tD" })).name).toBe("Vitamin\tD");
    expect((await createMedication(account, { name: "\r\nZinc\n" })).name).toBe("Zinc");
  });

  it("the account's full name and username refuse them at sign-up and in the profile", async () => {
    const username = uniqueName();
    const register = (overrides: object) =>
      call("POST", "/api/register", {
        body: { username, password: "correct horse battery", email: `${username}@example.com`, fullName: "Ann Lee", ...overrides },
      });
    expect((await register({ fullName: "Ann\r\nLee" })).body).toEqual(refused);
    expect((await register({ username: `${username}\u0007` })).body).toEqual(refused);
    const account = await signUp();
    const profile = await call("PATCH", "/api/profile", {
      cookie: account.cookie,
      body: { fullName: "Ann\u0085Lee", email: account.email },
    });
    expect([profile.status, profile.body]).toEqual([400, refused]);
  });

  it("a CSV import with such a name or phone imports nothing and names the row", async () => {
    const account = await signUp();
    const row = (name: string, pharmacy: string, phone: string) => [name, "1", "30", "30", "", pharmacy, phone].join(",");
    const file = [
      CSV_COLUMNS.slice(0, 7).join(","),
      row("Aspirin", "Corner", ""),
      row('"Bell\u0007"', "Corner", ""),
      row("Zinc", '"Evil\u001b[31m"', ""),
      row("Iron", "Corner", '"212\r\n555"'),
    ].join("\r\n");
    const res = await call("POST", "/api/medications/import", { cookie: account.cookie, rawBody: file, contentType: "text/csv" });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual([
      { row: 3, message: refused.message },
      { row: 4, message: refused.message },
      { row: 5, message: refused.message },
    ]);
    expect(await listOf(account.cookie, "/api/medications")).toEqual([]);
    expect(await listOf(account.cookie, "/api/pharmacies")).toEqual([]);
  });

  it("the forms' schemas (the islands') give the message at the field, in the page's language", () => {
    const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: object) =>
      fieldErrors((schema.safeParse(value) as { error: Parameters<typeof fieldErrors>[0] }).error);
    inLocale({ language: "fr", locale: "fr" }, () => {
      const message = "Ne doit pas contenir de sauts de ligne ni de caractères de contrôle";
      expect(errorsOf(medicationSchema, { ...medicationInput(1), name: "A\nB" }).name).toBe(message);
      expect(errorsOf(pharmacySchema, { name: "A\u0007", phoneNumber: "" }).name).toBe(message);
      expect(errorsOf(profileSchema, { fullName: "A\rB", email: "a@example.com" }).fullName).toBe(message);
      expect(
        errorsOf(registerFormSchema, {
          username: "a",
          password: "correct horse battery",
          confirmPassword: "correct horse battery",
          email: "a@example.com",
          fullName: "A\u001bB",
        }).fullName,
      ).toBe(message);
    });
  });

  it("a name stored before the rule reaches the plain-text reminder on one line, without controls", () => {
    const content = reminderContent(
      [
        {
          id: 1,
          name: "Aspirin\r\n\r\nYour account is locked: call 555 0100\u001b[2J",
          pillsRemaining: 2,
          pillsPerDay: 1,
          regimen: '{"changes":[],"pauses":[]}',
          ...UNLOGGED,
          unit: "tablet",
          refillsLeft: null,
          prescriptionExpiresOn: null,
          countedOn: "2025-01-10",
          pharmacyName: "Corner\u0007\nDrugs",
          pharmacyPhone: "212\r\n555",
        },
      ],
      7,
      "2025-01-10",
    );
    const { text } = reminderEmail({
      to: "pat@example.com",
      name: "Pat",
      content,
      dashboardUrl: "https://refills.example/",
      settingsUrl: "https://refills.example/notifications",
      unsubscribeUrl: "https://refills.example/unsubscribe?token=7.abc",
    });
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain("Aspirin Your account is locked: call 555 0100 [2J");
    expect(text).toContain("Corner Drugs");
    expect(text.split("\n").some((line) => line.startsWith("Your account is locked"))).toBe(false);
  });
});
