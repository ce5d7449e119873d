import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { medications, pharmacies } from "../src/db/schema";
import { todayIn } from "../src/domain/countdown";
import { addDays } from "../src/domain/time";
import { CSV_COLUMNS } from "../src/shared/import-schemas";
import { call, db, setTimezone, signUp, type Account } from "./helpers";

// An imported row's last refill date follows the form's rule: not after the account's today. A row
// that breaks it is refused in the preview, in the reader's language, and the import writes nothing.

const HEADER = CSV_COLUMNS.join(",");
const file = (...rows: string[]) => [HEADER, ...rows].join("\r\n");
const importFile = (account: Account, text: string, query = "", language = "en") =>
  call("POST", `/api/medications/import${query}`, {
    cookie: account.cookie,
    rawBody: text,
    contentType: "text/csv",
    headers: { "Accept-Language": language },
  });
const written = async (account: Account) => ({
  medications: await db().select().from(medications).where(eq(medications.userId, account.id)),
  pharmacies: await db().select().from(pharmacies).where(eq(pharmacies.userId, account.id)),
});

describe("CSV import: a future last refill date", () => {
  it("is refused at its row in the preview, and the import answers 400 writing nothing", async () => {
    const account = await signUp();
    const today = todayIn("UTC");
    const text = file(
      `Today,1,30,30,${today},Corner,,,`,
      `Tomorrow,1,30,30,${addDays(today, 1)},New Place,,,`,
      `Past,1,30,30,${addDays(today, -40)},Corner,,,`,
    );

    const preview = await importFile(account, text, "?dryRun=1");
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.errors).toEqual([{ row: 3, message: "Last refill date cannot be in the future" }]);
    expect(preview.body.rows.map((r: { row: number }) => r.row)).toEqual([2, 3, 4]);

    const res = await importFile(account, text);
    expect([res.status, res.body.code]).toEqual([400, "error_import_failed"]);
    expect(res.body.message).toBe("Nothing was imported. Row 3: Last refill date cannot be in the future");
    // Not even the rows before and after it, nor the pharmacy the refused row named.
    expect(await written(account)).toEqual({ medications: [], pharmacies: [] });
  });

  it("says so in the request's language, next to the row's other problems", async () => {
    const account = await signUp();
    const tomorrow = addDays(todayIn("UTC"), 1);
    const preview = await importFile(account, file(`Tomorrow,1,-1,30,${tomorrow},,,,`), "?dryRun=1", "fr");
    expect(preview.body.errors).toEqual([
      { row: 2, message: "Le nombre de comprimés ne peut pas être négatif" },
      { row: 2, message: "La date du dernier renouvellement ne peut pas être dans le futur" },
      { row: 2, message: "Le nom de la pharmacie est obligatoire" },
    ]);
  });

  it("'today' is the account's date: a zone already on tomorrow accepts its own today", async () => {
    const account = await signUp();
    await setTimezone(account, "Pacific/Kiritimati");
    const theirs = todayIn("Pacific/Kiritimati");
    const res = await importFile(account, file(`Theirs,1,30,30,${theirs},Corner,,,`));
    expect([res.status, res.body]).toEqual([201, { imported: 1, pharmaciesCreated: 1, skipped: 0 }]);
    const refused = await importFile(account, file(`Later,1,30,30,${addDays(theirs, 1)},Corner,,,`), "?dryRun=1");
    expect(refused.body.errors).toEqual([{ row: 2, message: "Last refill date cannot be in the future" }]);
  });
});
