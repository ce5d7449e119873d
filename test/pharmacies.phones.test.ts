import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pharmacies, users } from "../src/db/schema";
import { call, createMedication, createPharmacy, db, signUp } from "./helpers";

// Phone numbers from anywhere: a number typed without '+' is read in the account's region (its
// locale's, else the US), stored as E.164, shown formatted and dialled as E.164 on every page.

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
    const res = await call("PATCH", `/api/pharmacies/${pharmacy.id}`, { cookie: account.cookie, body: { name: "Apotheke", phoneNumber: "+1 (212) 555-1234" } });
    expect(res.body).toMatchObject({ phoneNumber: "+12125551234", phoneDisplay: "+1 212 555 1234" });
  });

  it("without a saved locale the number is read in the US", async () => {
    const account = await accountIn(null);
    expect((await createPharmacy(account, { phoneNumber: "212.555.0100" })).phoneNumber).toBe("+12125550100");
  });

  it("a number that is not valid is 400 'Enter a valid phone number', in the request's language, and nothing is saved", async () => {
    const account = await signUp();
    const german = await call("POST", "/api/pharmacies", { cookie: account.cookie, headers: { "Accept-Language": "de" }, body: { name: "Corner", phoneNumber: "(555) 123-4567" } });
    expect(german.status).toBe(400);
    expect(german.body).toEqual({ message: "Geben Sie eine gültige Telefonnummer ein", code: "field_phone_invalid" });

    const saved = await accountIn("de-DE");
    const pharmacy = await createPharmacy(saved, { phoneNumber: "030 12345678" });
    const patched = await call("PATCH", `/api/pharmacies/${pharmacy.id}`, { cookie: saved.cookie, body: { name: "Corner", phoneNumber: "12" } });
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
