import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { medications, pharmacies } from "../src/db/schema";
import { CSV_COLUMNS } from "../src/shared/import-schemas";
import { call, createMedication, createPharmacy, db, signUp, type Account } from "./helpers";

// An import finds the account's own pharmacies by name (case and spaces aside,
// with or without a phone) and does not add a medication the account already tracks unless asked.

const HEADER = CSV_COLUMNS.join(",");
const importFile = (account: Account, text: string, query = "") =>
  call("POST", `/api/medications/import${query}`, { cookie: account.cookie, rawBody: text, contentType: "text/csv" });
const exportOf = async (account: Account) => (await call("GET", "/api/medications/export.csv", { cookie: account.cookie })).text;
const medicationRows = (account: Account) => db().select().from(medications).where(eq(medications.userId, account.id));
const pharmacyRows = (account: Account) => db().select().from(pharmacies).where(eq(pharmacies.userId, account.id));
const file = (...rows: string[]) => [HEADER, ...rows].join("\r\n");

describe("CSV import: the account's own pharmacies", () => {
  it("a row names an existing pharmacy in any case and spacing, with or without its phone", async () => {
    const account = await signUp();
    const corner = await createPharmacy(account, { name: "Corner Drugs", phoneNumber: "2125550100" });
    const noPhone = await createPharmacy(account, { name: "Épicerie Santé", phoneNumber: "" });
    const res = await importFile(
      account,
      file(
        "A,1,30,30,,corner drugs,,,",
        "B,1,30,30,,  CORNER   Drugs ,,,",
        "C,1,30,30,,Corner\tdrugs,(212) 555-0100,,",
        "D,1,30,30,,ÉPICERIE  SANTÉ,,,",
        "E,1,30,30,,épicerie santé,2125550177,,",
        "F,1,30,30,,Corner Drugs,2125550199,,",
      ),
    );
    expect(res.status, res.text).toBe(201);
    // F names another phone: another branch, the one pharmacy created.
    expect(res.body).toEqual({ imported: 6, pharmaciesCreated: 1, skipped: 0 });
    const byName = new Map((await medicationRows(account)).map((m) => [m.name, m.pharmacyId]));
    expect([byName.get("A"), byName.get("B"), byName.get("C")]).toEqual([corner.id, corner.id, corner.id]);
    expect([byName.get("D"), byName.get("E")]).toEqual([noPhone.id, noPhone.id]);
    expect([corner.id, noPhone.id]).not.toContain(byName.get("F"));
    expect(await pharmacyRows(account)).toHaveLength(3);
  });

  it("folds a new pharmacy's repeats in the file the same way, keeping the first spelling and the phone one row gives", async () => {
    const account = await signUp();
    const res = await importFile(
      account,
      file("A,1,30,30,,Main Street,,,", "B,1,30,30,,MAIN  street,2125550100,,", "C,1,30,30,,main street,,,"),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ imported: 3, pharmaciesCreated: 1, skipped: 0 });
    const [pharmacy] = await pharmacyRows(account);
    expect([pharmacy!.name, pharmacy!.phoneNumber]).toEqual(["Main Street", "+12125550100"]);
    expect(new Set((await medicationRows(account)).map((m) => m.pharmacyId))).toEqual(new Set([pharmacy!.id]));
  });

  it("never uses another user's pharmacy of the same name", async () => {
    const stranger = await signUp();
    const theirs = await createPharmacy(stranger, { name: "Shared Name", phoneNumber: "" });
    const account = await signUp();
    expect((await importFile(account, file("A,1,30,30,,shared name,,,"))).status).toBe(201);
    const [mine] = await pharmacyRows(account);
    expect(mine!.id).not.toBe(theirs.id);
    expect((await medicationRows(account))[0]!.pharmacyId).toBe(mine!.id);
  });
});

describe("CSV import: medications already on the list", () => {
  async function accountWithLisinopril() {
    const account = await signUp();
    const corner = await createPharmacy(account, { name: "Corner Drugs", phoneNumber: "2125550100" });
    const other = await createPharmacy(account, { name: "Other", phoneNumber: "" });
    await createMedication(account, { pharmacyId: corner.id, name: "Lisinopril 10mg" });
    return { account, corner, other };
  }
  // Row 2: same name (other case, spaces) and pharmacy; row 3: same name, another pharmacy; row 4: new; row 5: same again.
  const mixed = file(
    "lisinopril  10MG,1,30,30,,corner drugs,,,",
    "Lisinopril 10mg,1,30,30,,Other,,,",
    "Metformin,1,30,30,,Corner Drugs,,,",
    " Lisinopril 10mg ,2,60,30,,Corner Drugs,2125550100,,",
  );

  it("the preview lists them by row; the default skips them and says how many", async () => {
    const { account, corner } = await accountWithLisinopril();
    const preview = await importFile(account, mixed, "?dryRun=1");
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.duplicates).toEqual([2, 5]);
    expect(preview.body.errors).toEqual([]);
    const res = await importFile(account, mixed);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ imported: 2, pharmaciesCreated: 0, skipped: 2 });
    const rows = await medicationRows(account);
    expect(
      rows
        .filter((m) => m.pharmacyId === corner.id)
        .map((m) => m.name)
        .sort(),
    ).toEqual(["Lisinopril 10mg", "Metformin"]);
    expect(rows).toHaveLength(3);
    // ?duplicates=skip says the same as nothing.
    expect((await importFile(account, mixed, "?duplicates=skip")).body).toEqual({ imported: 0, pharmaciesCreated: 0, skipped: 4 });
  });

  it("duplicates=import imports them all as new; importAsNew picks rows", async () => {
    const all = await accountWithLisinopril();
    const res = await importFile(all.account, mixed, "?duplicates=import");
    expect(res.body).toEqual({ imported: 4, pharmaciesCreated: 0, skipped: 0 });
    expect(await medicationRows(all.account)).toHaveLength(5);

    const some = await accountWithLisinopril();
    const picked = await importFile(some.account, mixed, "?importAsNew=5");
    expect(picked.body).toEqual({ imported: 3, pharmaciesCreated: 0, skipped: 1 });
    const lisinopril = (await medicationRows(some.account)).filter(
      (m) => m.name.trim() === "Lisinopril 10mg" && m.pharmacyId === some.corner.id,
    );
    expect(lisinopril.map((m) => m.pillsPerDay).sort()).toEqual([1, 2]);
  });

  it("importing an export of the same account twice adds nothing the second time: export, import, import again → the same rows", async () => {
    const account = await signUp();
    const corner = await createPharmacy(account, { name: "Corner Drugs", phoneNumber: "2125550100" });
    const quiet = await createPharmacy(account, { name: "Quiet Place", phoneNumber: "" });
    await createMedication(account, { pharmacyId: corner.id, name: "Lisinopril 10mg" });
    await createMedication(account, { pharmacyId: corner.id, name: "Metformin" });
    await createMedication(account, { pharmacyId: quiet.id, name: "Crème ünïcode" });
    const exported = await exportOf(account);
    // Every stored row, ids and all: nothing added, nothing rewritten.
    const snapshot = async () => ({ medications: await medicationRows(account), pharmacies: await pharmacyRows(account) });
    const before = await snapshot();
    expect(before.medications).toHaveLength(3);

    for (const round of ["import", "import again"]) {
      const preview = await importFile(account, exported, "?dryRun=1");
      expect(preview.body.duplicates, round).toEqual([2, 3, 4]);
      const res = await importFile(account, exported);
      expect([res.status, res.body], round).toEqual([201, { imported: 0, pharmaciesCreated: 0, skipped: 3 }]);
      expect(await snapshot(), round).toEqual(before);
      expect(await exportOf(account), round).toBe(exported);
    }
  });

  it("the same file into another account: the first import adds it all, the second nothing", async () => {
    const source = await signUp();
    const corner = await createPharmacy(source, { name: "Corner Drugs", phoneNumber: "2125550100" });
    const quiet = await createPharmacy(source, { name: "Quiet Place", phoneNumber: "" });
    await createMedication(source, { pharmacyId: corner.id, name: "Lisinopril 10mg" });
    await createMedication(source, { pharmacyId: quiet.id, name: "Metformin" });
    const exported = await exportOf(source);
    const target = await signUp();
    expect((await importFile(target, exported)).body).toEqual({ imported: 2, pharmaciesCreated: 2, skipped: 0 });
    const once = { medications: await medicationRows(target), pharmacies: await pharmacyRows(target) };
    expect((await importFile(target, exported)).body).toEqual({ imported: 0, pharmaciesCreated: 0, skipped: 2 });
    expect({ medications: await medicationRows(target), pharmacies: await pharmacyRows(target) }).toEqual(once);
  });

  it.each([
    [
      "?duplicates=maybe",
      "Choose whether to skip the medications already on your list or import them as new.",
      "error_import_duplicates_choice",
    ],
    ["?importAsNew=two", "The rows to import as new must be row numbers separated by commas.", "error_import_rows_list"],
    ["?importAsNew=3,,4", "The rows to import as new must be row numbers separated by commas.", "error_import_rows_list"],
    ["?importAsNew=0", "The rows to import as new must be row numbers separated by commas.", "error_import_rows_list"],
  ])("%s → 400 %s, nothing written", async (query, message, code) => {
    const { account } = await accountWithLisinopril();
    const res = await importFile(account, mixed, query);
    expect([res.status, res.body]).toEqual([400, { message, code }]);
    expect(await medicationRows(account)).toHaveLength(1);
  });

  it("the 400 is in the request's language", async () => {
    const { account } = await accountWithLisinopril();
    const res = await call("POST", "/api/medications/import?duplicates=maybe", {
      cookie: account.cookie,
      rawBody: mixed,
      contentType: "text/csv",
      headers: { "Accept-Language": "fr" },
    });
    expect([res.status, res.body.code]).toEqual([400, "error_import_duplicates_choice"]);
    expect(res.body.message).toBe("Choisissez d’ignorer les médicaments déjà dans votre liste ou de les importer comme nouveaux.");
  });
});
