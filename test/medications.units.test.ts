import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { CSV_COLUMNS } from "../src/shared/import-schemas";
import { accountWithMedication, call, createPharmacy, db, medicationInput, signUp, type Account } from "./helpers";

// Labels follow the unit: a medication in puffs or insulin units was refused in pills ('Cannot have
// negative pills', 'Comprimidos restantes'). Every message that names the amount names the
// medication's unit, in the request's language; a request that names no unit keeps the spec's pills.
// Numbers in the patient's digits: the limits in a message are written in the locale's digits, and a
// CSV whose locale is given (?locale=) has its numbers read as the forms read them.

const as = (tag: string, cookie: string) => ({ cookie, headers: { "Accept-Language": tag } });
const importFile = (account: Account, text: string, query = "") =>
  call("POST", `/api/medications/import${query}`, { cookie: account.cookie, rawBody: text, contentType: "text/csv" });
const HEADER = CSV_COLUMNS.join(",");

describe("errors that name the amount name the medication's unit", () => {
  it("POST in puffs: 'Cannot have negative puffs' in English, 'inhalaciones' in Spanish, same code", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    const body = medicationInput(pharmacy.id, { unit: "puff", pillsRemaining: -1 });
    const english = await call("POST", "/api/medications", { cookie: account.cookie, body });
    expect(english.status).toBe(400);
    expect(english.body).toEqual({ message: "Cannot have negative puffs", code: "field_pills_remaining_negative" });
    const spanish = await call("POST", "/api/medications", { ...as("es", account.cookie), body });
    expect(spanish.status).toBe(400);
    expect(spanish.body).toEqual({ message: "El número de inhalaciones no puede ser negativo", code: "field_pills_remaining_negative" });
    expect((await call("GET", "/api/medications", { cookie: account.cookie })).body).toEqual([]);
  });

  it("PATCH in insulin units: the refill size and the count's ceiling say units, in English and Arabic", async () => {
    const { account, pharmacy, medication } = await accountWithMedication();
    const perRefill = medicationInput(pharmacy.id, { unit: "unit", pillsPerRefill: 0 });
    const english = await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body: perRefill });
    expect(english.body).toEqual({ message: "Must have at least 1 unit per refill", code: "field_pills_per_refill_min" });
    const arabic = await call("PATCH", `/api/medications/${medication.id}`, { ...as("ar", account.cookie), body: perRefill });
    expect(arabic.body).toEqual({ message: "يجب ألا يقل عدد الوحدات في كل إعادة صرف عن 1", code: "field_pills_per_refill_min" });
    const tooMany = medicationInput(pharmacy.id, { unit: "unit", pillsRemaining: 2_000_000 });
    const spanish = await call("PATCH", `/api/medications/${medication.id}`, { ...as("es", account.cookie), body: tooMany });
    expect(spanish.body).toEqual({ message: "Puedes tener como máximo 1.000.000 unidades", code: "field_pills_remaining_max" });
    expect((await call("GET", `/api/medications/${medication.id}`, { cookie: account.cookie })).body).toEqual(medication);
  });

  it("a request that names no unit keeps the spec's words ('Cannot have negative pills')", async () => {
    const { account, pharmacy, medication } = await accountWithMedication();
    const body = medicationInput(pharmacy.id, { pillsRemaining: -1 });
    const patched = await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body });
    expect(patched.body).toEqual({ message: "Cannot have negative pills", code: "field_pills_remaining_negative" });
  });

  it("an imported row's problems name its unit", async () => {
    const account = await signUp();
    const file = `${HEADER}\nInhaler,1,-3,200,,Corner,,,,puff,daily 2\n`;
    const preview = await importFile(account, file, "?dryRun=1");
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual([{ row: 2, message: "Cannot have negative puffs" }]);
  });
});

describe("limits in the locale's digits", () => {
  it("ar-EG: the dose's limits in Arabic-Indic digits, not Latin ones", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    // The account's saved locale: Egyptian Arabic writes Arabic-Indic digits.
    await db().update(users).set({ locale: "ar-EG" }).where(eq(users.id, account.id));
    const body = medicationInput(pharmacy.id, { schedule: { type: "daily", dose: 0 } });
    const res = await call("POST", "/api/medications", { cookie: account.cookie, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("field_dose_invalid");
    expect(res.body.message).toBe("يجب أن تكون الجرعة ٠٫٢٥ على الأقل، بخطوات ٠٫٢٥، حتى ١٬٠٠٠");
    expect(res.body.message).not.toMatch(/[0-9]/);
  });
});

describe("a CSV import whose locale is known reads the patient's digits and decimal mark", () => {
  it("?locale=de reads 1,5 and 1.500; ?locale=ar-EG reads ٦٠ and ١٫٥", async () => {
    const account = await signUp();
    const german = `${HEADER}\nAspirin,"1,5","1.500",30,,Corner,,,,tablet,"daily 1.5"\n`;
    const imported = await importFile(account, german, "?locale=de");
    expect(imported.status, imported.text).toBe(201);
    const arabic = `${HEADER}\nMetformin,٢,٦٠,١٢٠,,Corner,,,,tablet,daily 2\nInsulin,1,١٫٥,٣٠٠,,Corner,,,,unit,daily 10\n`;
    expect((await importFile(account, arabic, "?locale=ar-EG")).status).toBe(201);
    const list = (await call("GET", "/api/medications?sort=name", { cookie: account.cookie })).body as Array<Record<string, unknown>>;
    const byName = Object.fromEntries(list.map((row) => [row.name, row]));
    expect(byName.Aspirin).toMatchObject({ pillsRemaining: 1500, pillsPerRefill: 30 });
    expect(byName.Metformin).toMatchObject({ pillsRemaining: 60, pillsPerRefill: 120 });
    expect(byName.Insulin).toMatchObject({ pillsRemaining: 1.5, pillsPerRefill: 300, unit: "unit" });
  });

  it("without a locale the file's plain format is kept: '1,5' is no number", async () => {
    const account = await signUp();
    const preview = await importFile(account, `${HEADER}\nAspirin,1,"1,5",30,,Corner,,,,tablet,daily 1\n`, "?dryRun=1");
    expect(preview.body.errors).toEqual([{ row: 2, message: "Pills remaining is required" }]);
  });

  it("an unknown ?locale= is 400 with a readable message, and imports nothing", async () => {
    const account = await signUp();
    const res = await importFile(account, `${HEADER}\nAspirin,1,30,30,,Corner,,,,tablet,daily 1\n`, "?locale=xx");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("error_import_locale");
    expect(res.body.message).toContain("en, es, fr, de, pt, hi, ar or zh");
    expect((await call("GET", "/api/medications", { cookie: account.cookie })).body).toEqual([]);
  });
});
