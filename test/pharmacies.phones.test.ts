import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pharmacies, users } from "../src/db/schema";
import { CSV_COLUMNS } from "../src/shared/import-schemas";
import { call, createMedication, createPharmacy, db, signUp, type Account } from "./helpers";

// Phone numbers from anywhere: a number typed without '+' is read in the account's region (its
// locale's, else the US), stored as E.164, shown formatted and dialled as E.164 on every page.

const HEADER = CSV_COLUMNS.join(",");
const exportOf = (account: Account) => call("GET", "/api/medications/export.csv", { cookie: account.cookie });
const importFile = (account: Account, text: string, query = "") =>
  call("POST", `/api/medications/import${query}`, { cookie: account.cookie, rawBody: text, contentType: "text/csv" });
const listOf = async (account: Account) =>
  (await call("GET", "/api/medications", { cookie: account.cookie })).body as Array<{ name: string; pharmacyId: number }>;
const pharmaciesOf = async (account: Account) =>
  (await call("GET", "/api/pharmacies", { cookie: account.cookie })).body as Array<{
    name: string;
    phoneNumber: string;
    phoneDisplay: string;
  }>;

async function accountIn(locale: string | null) {
  const account = await signUp();
  await db().update(users).set({ locale }).where(eq(users.id, account.id));
  return account;
}

describe("pharmacy phone numbers worldwide", () => {
  it("an en-GB account's number without '+' is a UK number", async () => {
    const account = await accountIn("en-GB");
    const res = await call("POST", "/api/pharmacies", { cookie: account.cookie, body: { name: "Boots", phoneNumber: "020 7183 8750" } });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ phoneNumber: "+442071838750", phoneDisplay: "+44 20 7183 8750", phoneHref: "tel:+442071838750" });
  });

  it("a German account's number is read in Germany; a '+' number keeps its own country", async () => {
    const account = await accountIn("de");
    const pharmacy = await createPharmacy(account, { phoneNumber: "030 12345678" });
    expect(pharmacy.phoneNumber).toBe("+493012345678");
    const res = await call("PATCH", `/api/pharmacies/${pharmacy.id}`, {
      cookie: account.cookie,
      body: { name: "Apotheke", phoneNumber: "+1 (212) 555-1234" },
    });
    expect(res.body).toMatchObject({ phoneNumber: "+12125551234", phoneDisplay: "+1 212 555 1234" });
  });

  it("without a saved locale the number is read in the US", async () => {
    const account = await accountIn(null);
    expect((await createPharmacy(account, { phoneNumber: "212.555.0100" })).phoneNumber).toBe("+12125550100");
  });

  it("a number that is not valid is 400 'Enter a valid phone number', in the request's language, and nothing is saved", async () => {
    const account = await signUp();
    const german = await call("POST", "/api/pharmacies", {
      cookie: account.cookie,
      headers: { "Accept-Language": "de" },
      body: { name: "Corner", phoneNumber: "(555) 123-4567" },
    });
    expect(german.status).toBe(400);
    expect(german.body).toEqual({ message: "Geben Sie eine gültige Telefonnummer ein", code: "field_phone_invalid" });

    const saved = await accountIn("de-DE");
    const pharmacy = await createPharmacy(saved, { phoneNumber: "030 12345678" });
    const patched = await call("PATCH", `/api/pharmacies/${pharmacy.id}`, {
      cookie: saved.cookie,
      body: { name: "Corner", phoneNumber: "12" },
    });
    expect(patched.status).toBe(400);
    expect(patched.body).toEqual({ message: "Geben Sie eine gültige Telefonnummer ein", code: "field_phone_invalid" });
    expect((await call("GET", "/api/pharmacies", { cookie: saved.cookie })).body).toEqual([pharmacy]);

    const english = await call("POST", "/api/pharmacies", { cookie: account.cookie, body: { name: "Corner", phoneNumber: "call us" } });
    expect(english.body).toEqual({ message: "Enter a valid phone number", code: "field_phone_invalid" });
    expect((await call("GET", "/api/pharmacies", { cookie: account.cookie })).body).toEqual([]);
  });

  it("the pharmacies page shows the formatted number, linked as E.164, left to right", async () => {
    const account = await accountIn("en-GB");
    await createPharmacy(account, { name: "Boots", phoneNumber: "020 7183 8750" });
    const page = await call("GET", "/pharmacies", { cookie: account.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<a href="tel:\+442071838750" dir="ltr"[^>]*>\+44 20 7183 8750<\/a>/);
  });

  it("a number kept as typed by the migration is shown as typed, and dialled by its digits", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account, { name: "Old Corner" });
    await db().update(pharmacies).set({ phoneNumber: "555-0199 x2" }).where(eq(pharmacies.id, pharmacy.id));
    const [listed] = (await call("GET", "/api/pharmacies", { cookie: account.cookie })).body;
    expect(listed).toMatchObject({ phoneNumber: "555-0199 x2", phoneDisplay: "555-0199 x2", phoneHref: "tel:55501992" });
    const medication = await createMedication(account, { pharmacyId: pharmacy.id });
    const page = await call("GET", `/medications/${medication.id}`, { cookie: account.cookie });
    expect(page.text).toContain('<a href="tel:55501992" dir="ltr" class="text-teal-800 underline">555-0199 x2</a>');
  });

  it("the medication page links the pharmacy's number as E.164 and shows it formatted", async () => {
    const account = await accountIn("pt-BR");
    const pharmacy = await createPharmacy(account, { name: "Drogaria", phoneNumber: "(11) 3456-7890" });
    const medication = await createMedication(account, { pharmacyId: pharmacy.id });
    const page = await call("GET", `/medications/${medication.id}`, { cookie: account.cookie });
    expect(page.text).toContain('<a href="tel:+551134567890" dir="ltr" class="text-teal-800 underline">+55 11 3456 7890</a>');
  });
});

describe("CSV import: phone numbers", () => {
  it("a phone that parses is stored as E.164, read in the account's region, and finds the pharmacy saved by hand", async () => {
    const account = await accountIn("en-GB");
    const boots = await createPharmacy(account, { name: "Boots", phoneNumber: "+44 20 7183 8750" });
    const file = [
      HEADER,
      "Metformin,1,30,30,,boots,'+44 20 7183 8750,,",
      "Aspirin,1,30,30,,Boots,020 7183 8750,,",
      "Statin,1,30,30,,Corner,0161 496 0000,,",
    ].join("\r\n");
    const res = await importFile(account, file);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ imported: 3, pharmaciesCreated: 1, skipped: 0 });
    const byName = new Map((await listOf(account)).map((m) => [m.name, m.pharmacyId]));
    expect([byName.get("Metformin"), byName.get("Aspirin")]).toEqual([boots.id, boots.id]);
    expect((await pharmaciesOf(account)).map(({ name, phoneNumber }) => ({ name, phoneNumber }))).toEqual([
      { name: "Boots", phoneNumber: "+442071838750" },
      { name: "Corner", phoneNumber: "+441614960000" },
    ]);
  });

  it("anything else is kept as typed, so an export of older entries imports back as it was", async () => {
    const source = await signUp();
    const old = await createPharmacy(source, { name: "Old Corner" });
    await db().update(pharmacies).set({ phoneNumber: "ext. 42 (front desk)" }).where(eq(pharmacies.id, old.id));
    await createMedication(source, { pharmacyId: old.id, name: "Lisinopril" });
    const file = (await exportOf(source)).text;
    expect(file).toContain(",Old Corner,ext. 42 (front desk),");

    const target = await signUp();
    const imported = await importFile(target, file);
    expect(imported.status, imported.text).toBe(201);
    expect((await pharmaciesOf(target)).map(({ phoneNumber, phoneDisplay }) => [phoneNumber, phoneDisplay])).toEqual([
      ["ext. 42 (front desk)", "ext. 42 (front desk)"],
    ]);
    expect((await exportOf(target)).text).toBe(file);
    // Imported again, the row finds the pharmacy by its stored form: no second one, and the
    // medication already there is skipped unless imported as new.
    expect((await importFile(target, file)).body).toEqual({ imported: 0, pharmaciesCreated: 0, skipped: 1 });
    expect((await importFile(target, file, "?duplicates=import")).body).toEqual({ imported: 1, pharmaciesCreated: 0, skipped: 0 });
  });
});
