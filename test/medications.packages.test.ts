import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { accountWithMedication, call, createPharmacy, db, medicationInput, signUp, type Account } from "./helpers";

// Packages: a patient had to turn "5 pens of 300 units" into 1,500 by hand, and the medication
// forgot it. POST/PATCH /api/medications take the package (packageItems × packageAmount, both or
// neither; left out on an edit: kept; null: none), the answers carry it, its bounds are refused at
// their field in the request's language with nothing written, and the CSV carries it both ways.

const as = (tag: string, cookie: string) => ({ cookie, headers: { "Accept-Language": tag } });
const insulin = { name: "Insulin glargine", unit: "unit", schedule: { type: "daily", dose: 20 }, pillsRemaining: 900 };
const listOf = async (account: Account) =>
  (await call("GET", "/api/medications", { cookie: account.cookie })).body as Array<Record<string, unknown>>;

describe("the medication remembers its package (finding: 5 pens × 300 units turned into 1,500 by hand)", () => {
  it("POST takes 5 × 300 units; the answer, the list and GET carry it", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    const res = await call("POST", "/api/medications", {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { ...insulin, packageItems: 5, packageAmount: 300 }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ packageItems: 5, packageAmount: 300, unit: "unit" });
    expect((await call("GET", `/api/medications/${res.body.id}`, { cookie: account.cookie })).body).toMatchObject({
      packageItems: 5,
      packageAmount: 300,
    });
    expect(await listOf(account)).toMatchObject([{ packageItems: 5, packageAmount: 300 }]);
  });

  it("a medication without one answers nulls; an edit that leaves it out keeps it, null clears it", async () => {
    const { account, pharmacy, medication } = await accountWithMedication();
    expect(medication).toMatchObject({ packageItems: null, packageAmount: null });
    const path = `/api/medications/${medication.id}`;
    const set = await call("PATCH", path, {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { packageItems: 2, packageAmount: 14 }),
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ packageItems: 2, packageAmount: 14 });
    // An older client knows nothing of packages: its edit keeps the stored one.
    const kept = await call("PATCH", path, { cookie: account.cookie, body: medicationInput(pharmacy.id, { pillsRemaining: 20 }) });
    expect(kept.body).toMatchObject({ pillsRemaining: 20, packageItems: 2, packageAmount: 14 });
    const cleared = await call("PATCH", path, {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { packageItems: null, packageAmount: null }),
    });
    expect(cleared.body).toMatchObject({ packageItems: null, packageAmount: null });
    // The form sends its empty fields as ''.
    const empty = await call("PATCH", path, {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { packageItems: "", packageAmount: "" }),
    });
    expect(empty.body).toMatchObject({ packageItems: null, packageAmount: null });
  });

  it("a quarter step and the largest package (100 × 1,000) are taken", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    for (const [packageItems, packageAmount] of [
      [1, 0.25],
      [100, 1000],
      [3, 2.5],
    ]) {
      const res = await call("POST", "/api/medications", {
        cookie: account.cookie,
        body: medicationInput(pharmacy.id, { packageItems, packageAmount }),
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ packageItems, packageAmount });
    }
  });
});

describe("package bounds: 400 at the field, in the request's language, nothing written", () => {
  const refused: Array<[string, Record<string, unknown>, string]> = [
    ["no items", { packageItems: 0, packageAmount: 300 }, "field_package_items_invalid"],
    ["more than 100 items", { packageItems: 101, packageAmount: 300 }, "field_package_items_invalid"],
    ["half an item", { packageItems: 2.5, packageAmount: 300 }, "field_package_items_invalid"],
    ["items as words", { packageItems: "five", packageAmount: 300 }, "field_package_items_invalid"],
    ["each below a quarter", { packageItems: 5, packageAmount: 0.1 }, "field_package_amount_invalid"],
    ["each not a multiple of a quarter", { packageItems: 5, packageAmount: 0.3 }, "field_package_amount_invalid"],
    ["each above 1,000", { packageItems: 5, packageAmount: 1000.25 }, "field_package_amount_invalid"],
    ["items without the amount each", { packageItems: 5 }, "field_package_amount_required"],
    ["items with the amount each null", { packageItems: 5, packageAmount: null }, "field_package_amount_required"],
    ["the amount each without items", { packageAmount: 300 }, "field_package_items_required"],
  ];
  it.each(refused)("%s: POST and PATCH answer 400 %s… and store nothing", async (_what, fields, code) => {
    const { account, pharmacy, medication } = await accountWithMedication();
    const body = medicationInput(pharmacy.id, { ...insulin, ...fields });
    const added = await call("POST", "/api/medications", { cookie: account.cookie, body });
    expect(added.status, added.text).toBe(400);
    expect(added.body.code).toBe(code);
    const edited = await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body });
    expect(edited.status, edited.text).toBe(400);
    expect(edited.body.code).toBe(code);
    expect(await listOf(account)).toEqual([medication]);
  });

  it("the message is in the request's language, its limits in the locale's digits", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    const body = medicationInput(pharmacy.id, { ...insulin, packageItems: 500, packageAmount: 300 });
    const spanish = await call("POST", "/api/medications", { ...as("es", account.cookie), body });
    expect(spanish.body).toEqual({
      message: "Los elementos por envase deben ser un número entero de 1 a 100.",
      code: "field_package_items_invalid",
    });
    // The account's saved locale: Egyptian Arabic writes Arabic-Indic digits.
    await db().update(users).set({ locale: "ar-EG" }).where(eq(users.id, account.id));
    const arabic = await call("POST", "/api/medications", {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { ...insulin, packageItems: 5, packageAmount: 0.1 }),
    });
    expect(arabic.body).toEqual({
      message: "يجب أن تكون الكمية في كل عنصر من ٠٫٢٥ إلى ١٬٠٠٠ بخطوات مقدارها ٠٫٢٥.",
      code: "field_package_amount_invalid",
    });
    expect(await listOf(account)).toEqual([]);
  });
});

describe("the CSV carries the package (finding: an export lost it)", () => {
  const importFile = (account: Account, text: string, query = "") =>
    call("POST", `/api/medications/import${query}`, { cookie: account.cookie, rawBody: text, contentType: "text/csv" });

  it("export → import: the package comes back on the other account", async () => {
    const exporter = await signUp();
    const pharmacy = await createPharmacy(exporter, { name: "Corner Pharmacy" });
    const body = medicationInput(pharmacy.id, { ...insulin, packageItems: 5, packageAmount: 300 });
    expect((await call("POST", "/api/medications", { cookie: exporter.cookie, body })).status).toBe(201);
    const plain = medicationInput(pharmacy.id, { name: "Metformin" });
    expect((await call("POST", "/api/medications", { cookie: exporter.cookie, body: plain })).status).toBe(201);
    const file = (await call("GET", "/api/medications/export.csv", { cookie: exporter.cookie })).text;
    const [header, ...rows] = file
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header!.split(",").slice(-2)).toEqual(["package_items", "package_amount"]);
    expect(
      rows
        .find((row) => row.startsWith("Insulin"))!
        .split(",")
        .slice(-2),
    ).toEqual(["5", "300"]);
    expect(
      rows
        .find((row) => row.startsWith("Metformin"))!
        .split(",")
        .slice(-2),
    ).toEqual(["", ""]);

    const importer = await signUp();
    const imported = await importFile(importer, file);
    expect(imported.status, imported.text).toBe(201);
    const byName = Object.fromEntries((await listOf(importer)).map((row) => [row.name, row]));
    expect(byName["Insulin glargine"]).toMatchObject({ unit: "unit", packageItems: 5, packageAmount: 300 });
    expect(byName.Metformin).toMatchObject({ packageItems: null, packageAmount: null });
  });

  it("a row's package outside its bounds, or half of one, is a problem of its row; nothing is imported", async () => {
    const account = await signUp();
    const header = "name,pills_remaining,pills_per_refill,pharmacy,unit,schedule,package_items,package_amount";
    const file = [
      header,
      "Insulin,900,1500,Corner,unit,daily 20,0,300",
      "Pens,900,1500,Corner,unit,daily 20,5,",
      "Good,30,30,Corner,tablet,daily 1,2,14",
    ].join("\n");
    const res = await importFile(account, file);
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual([
      { row: 2, message: "Items per package must be a whole number from 1 to 100." },
      { row: 3, message: "Enter how much each item holds, or leave both package fields empty." },
    ]);
    expect(await listOf(account)).toEqual([]);
  });

  it("?locale=ar-EG reads the package in Arabic-Indic digits", async () => {
    const account = await signUp();
    const file =
      "name,pills_remaining,pills_per_refill,pharmacy,unit,schedule,package_items,package_amount\nInsulin,٩٠٠,١٥٠٠,Corner,unit,daily 20,٥,٣٠٠\n";
    expect((await importFile(account, file, "?locale=ar-EG")).status).toBe(201);
    expect(await listOf(account)).toMatchObject([{ packageItems: 5, packageAmount: 300 }]);
  });
});
