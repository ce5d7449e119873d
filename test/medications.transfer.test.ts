import { createExecutionContext, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { medications, pharmacies, supplyEvents } from "../src/db/schema";
import { parseCsv } from "../src/domain/csv";
import { todayIn } from "../src/domain/countdown";
import { CSV_COLUMNS } from "../src/shared/import-schemas";
import worker from "../src/index";
import { BASE, call, createMedication, createPharmacy, db, signUp, type Account } from "./helpers";

// CSV out and in: GET /api/medications/export.csv and POST /api/medications/import.

const HEADER = CSV_COLUMNS.join(",");
const exportOf = (account: Account) => call("GET", "/api/medications/export.csv", { cookie: account.cookie });
const importFile = (account: Account, text: string, query = "") =>
  call("POST", `/api/medications/import${query}`, { cookie: account.cookie, rawBody: text, contentType: "text/csv" });
const listOf = async (account: Account) =>
  (await call("GET", "/api/medications", { cookie: account.cookie })).body as Array<Record<string, unknown>>;
const pharmaciesOf = async (account: Account) =>
  (await call("GET", "/api/pharmacies", { cookie: account.cookie })).body as Array<{ id: number; name: string; phoneNumber: string }>;

/** The export's data rows, parsed, without the BOM and header. */
async function exportedRows(account: Account): Promise<string[][]> {
  const res = await exportOf(account);
  expect(res.status, res.text).toBe(200);
  const parsed = parseCsv(res.text);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed.records.slice(1).map((record) => record.cells);
}

describe("CSV export", () => {
  it("is RFC 4180 with a BOM, the header row, a dated file name and every medication with its pharmacy", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account, { name: 'Corner, "Main" St', phoneNumber: "2125550100" });
    await createMedication(account, {
      pharmacyId: pharmacy.id,
      name: "Crème Ibuprofène",
      pillsPerDay: 1.5,
      pillsRemaining: 45,
      pillsPerRefill: 90,
      lastRefillDate: "2026-01-05",
    });
    const res = await exportOf(account);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="medications-${todayIn("UTC")}.csv"`);
    // Response.text() drops a BOM: read the bytes themselves.
    const raw = await worker.fetch(
      new Request(`${BASE}/api/medications/export.csv`, { headers: { Cookie: account.cookie } }) as never,
      env,
      createExecutionContext(),
    );
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text).toBe(
      `${HEADER}\r\nCrème Ibuprofène,1.5,45,90,2026-01-05,"Corner, ""Main"" St",'+12125550100,,,tablet,daily 1.5,${todayIn("UTC")},,\r\n`,
    );
  });

  it("neutralises cells that a spreadsheet would run as a formula", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account, { name: "@evil", phoneNumber: "+1 212 555 0100" });
    for (const name of ['=HYPERLINK("x")', "+1", "-2", "'quoted"]) await createMedication(account, { pharmacyId: pharmacy.id, name });
    const rows = await exportedRows(account);
    const names = rows.map((row) => row[0]).sort();
    expect(names).toEqual(["''quoted", "'+1", "'-2", '\'=HYPERLINK("x")'].sort());
    for (const row of rows) expect(row.slice(5, 7)).toEqual(["'@evil", "'+12125550100"]);
  });

  it("a name with a formula after `;` or a tab cannot run in a spreadsheet whose list separator is `;`, and imports back as it was", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account, { name: "Corner;@evil", phoneNumber: "2125550100" });
    const names = ['Aspirin;=HYPERLINK("http://evil.example","x")', "Tabbed\t+1+1", "Semi; -2", "Plain;text"];
    for (const name of names) await createMedication(account, { pharmacyId: pharmacy.id, name });
    const file = (await exportOf(account)).text;
    // Every cell holding a `;` or a tab is quoted, and no piece between separators starts a formula.
    expect(file).toContain('"Aspirin;\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(file).toContain('"Tabbed\t\'+1+1"');
    expect(file).toContain('"Corner;\'@evil"');
    expect(file).toContain('"Plain;text"');
    for (const line of file.split("\r\n")) {
      for (const piece of line.split(/[;\t]/)) expect(piece.replace(/^"/, ""), line).not.toMatch(/^[=+\-@\r]/);
    }

    const target = await signUp();
    const imported = await importFile(target, file);
    expect(imported.status, imported.text).toBe(201);
    expect((await listOf(target)).map((m) => m.name).sort()).toEqual([...names].sort());
    expect((await pharmaciesOf(target)).map((p) => p.name)).toEqual(["Corner;@evil"]);
    expect((await exportOf(target)).text).toBe(file);
  });

  it("shows the prescription where it is tracked", async () => {
    const account = await signUp();
    const medication = await createMedication(account, { name: "Tracked" });
    await db().update(medications).set({ refillsLeft: 3, prescriptionExpiresOn: "2027-02-01" }).where(eq(medications.id, medication.id));
    const [row] = await exportedRows(account);
    expect(row!.slice(7, 12)).toEqual(["3", "2027-02-01", "tablet", "daily 1", todayIn("UTC")]);
  });

  it("needs a session and lists only the owner's medications", async () => {
    expect((await call("GET", "/api/medications/export.csv")).status).toBe(401);
    const owner = await signUp();
    await createMedication(owner, { name: "Private" });
    const other = await signUp();
    expect(await exportedRows(other)).toEqual([]);
  });
});

describe("CSV import", () => {
  it("reproduces the same list in a new account: quotes, commas, semicolons, accents, formula cells", async () => {
    const source = await signUp();
    const corner = await createPharmacy(source, { name: 'Corner; "Main", St', phoneNumber: "-212-555-0100" });
    const other = await createPharmacy(source, { name: "Zoë's Apotheke", phoneNumber: "" });
    await createMedication(source, {
      pharmacyId: corner.id,
      name: 'Semi; colon, "quoted"',
      pillsPerDay: 0.5,
      pillsRemaining: 7.5,
      pillsPerRefill: 30,
      lastRefillDate: "2026-02-28",
    });
    await createMedication(source, { pharmacyId: corner.id, name: "=1+1", pillsPerDay: 2, pillsRemaining: 0, pillsPerRefill: 60 });
    const tracked = await createMedication(source, {
      pharmacyId: other.id,
      name: "Crème ünïcode 💊",
      pillsPerDay: 1000,
      pillsRemaining: 1_000_000,
      pillsPerRefill: 100_000,
      confirmed: true,
    });
    await db().update(medications).set({ refillsLeft: 0, prescriptionExpiresOn: "2028-02-29" }).where(eq(medications.id, tracked.id));
    const file = (await exportOf(source)).text;

    const target = await signUp();
    // 1,000 tablets a day asks for a confirmation, as the form does: the import says it was seen.
    expect((await importFile(target, file, "?dryRun=1")).body.errors).toEqual([
      { row: expect.any(Number), message: expect.stringMatching(/^1,000 tablets at a time is more than usual/), confirm: true },
    ]);
    const preview = await importFile(target, file, "?dryRun=1&confirmed=1");
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.errors).toEqual([]);
    expect(preview.body.rows).toHaveLength(3);
    expect(await listOf(target)).toEqual([]);

    const imported = await importFile(target, file, "?confirmed=1");
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body).toEqual({ imported: 3, pharmaciesCreated: 2, skipped: 0 });
    expect((await exportOf(target)).text).toBe(file);
    const strip = (list: Array<Record<string, unknown>>) => list.map(({ id, pharmacyId, ...rest }) => rest);
    expect(strip(await listOf(target))).toEqual(strip(await listOf(source)));
    expect((await pharmaciesOf(target)).map(({ name, phoneNumber }) => ({ name, phoneNumber }))).toEqual(
      (await pharmaciesOf(source)).map(({ name, phoneNumber }) => ({ name, phoneNumber })),
    );
  });

  it("matches headers in any case and order, ignores extra columns, and links pharmacies by name (any case) and phone", async () => {
    const account = await signUp();
    const existing = await createPharmacy(account, { name: "Corner Drugs", phoneNumber: "2125550100" });
    const byHand = await createMedication(account, { pharmacyId: existing.id, name: "By hand" });
    const stranger = await signUp();
    const strangers = await createPharmacy(stranger, { name: "Far Away", phoneNumber: "2125550199" });
    const file = [
      "Notes,PHARMACY,Pills_Remaining,name,pharmacy_phone,pills_per_refill,Pills_Per_Day",
      "ignored,corner drugs,30,Metformin,(212) 555-0100,30,1",
      "ignored,Corner Drugs,10,Aspirin,2125550111,30,1",
      "ignored,Far Away,10,Statin,2125550199,30,1",
      "ignored,Corner Drugs,10,Lisinopril,+1 212 555 0111,30,1",
      "ignored,ÉPICERIE,10,Upper,2125550122,30,1",
      "ignored,épicerie,10,Lower,2125550122,30,1",
    ].join("\n");
    const res = await importFile(account, file);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ imported: 6, pharmaciesCreated: 3, skipped: 0 });
    const byName = new Map((await listOf(account)).map((m) => [m.name, m]));
    // Case is folded beyond ASCII: accented capitals name the same pharmacy.
    expect(byName.get("Upper")!.pharmacyId).not.toBeNull();
    expect(byName.get("Upper")!.pharmacyId).toBe(byName.get("Lower")!.pharmacyId);
    expect(byName.get("Metformin")!.pharmacyId).toBe(existing.id);
    expect(byName.get("Aspirin")!.pharmacyId).toBe(byName.get("Lisinopril")!.pharmacyId);
    expect(byName.get("Aspirin")!.pharmacyId).not.toBe(existing.id);
    // Another user's pharmacy of the same name and phone is never linked: the importer gets its own.
    expect(byName.get("Statin")!.pharmacyId).not.toBe(strangers.id);
    const [statinPharmacy] = await db()
      .select()
      .from(pharmacies)
      .where(eq(pharmacies.id, byName.get("Statin")!.pharmacyId as number));
    expect(statinPharmacy!.userId).toBe(account.id);
    expect(await pharmaciesOf(stranger)).toHaveLength(1);

    // Every imported medication's history starts with its 'created' event, as if added by hand;
    // the one added by hand keeps its own single event.
    for (const m of byName.values()) {
      const events = await db()
        .select()
        .from(supplyEvents)
        .where(eq(supplyEvents.medicationId, m.id as number));
      expect(
        events.map((e) => [e.kind, e.pillsAfter]),
        String(m.name),
      ).toEqual([["created", m.pillsRemaining]]);
    }
    expect(byName.get("By hand")!.id).toBe(byHand.id);
  });

  it("reports every bad row in the form's words, numbered as a spreadsheet shows them, and imports none", async () => {
    const account = await signUp();
    const file = [
      HEADER,
      "Good,1,30,30,,Corner,2125550100,,",
      "",
      "Low dose,0.2,30,30,,Corner,2125550100,,",
      ",1,-1,30,2026-02-30,Corner,2125550100,,",
      '"Multi\nline",1,30,0,,,2125550100,two,2026-13-01',
    ].join("\r\n");
    const preview = await importFile(account, file, "?dryRun=1");
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual([
      { row: 4, message: "Must take at least 0.25 pills per day" },
      { row: 5, message: "Medication name is required" },
      { row: 5, message: "Cannot have negative pills" },
      { row: 5, message: "Last refill date must be a real date" },
      { row: 6, message: "Must not contain line breaks or control characters" },
      { row: 6, message: "Must have at least 1 pill per refill" },
      { row: 6, message: "Refills left must be a whole number of 0 or more" },
      { row: 6, message: "Prescription expiry date must be a real date" },
      { row: 6, message: "Pharmacy name is required" },
    ]);
    expect(preview.body.rows.map((r: { row: number }) => r.row)).toEqual([2, 4, 5, 6]);

    const res = await importFile(account, file);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Nothing was imported. 9 problems, the first: Row 4: Must take at least 0.25 pills per day");
    expect(res.body.errors).toEqual(preview.body.errors);
    expect(await listOf(account)).toEqual([]);
    expect(await pharmaciesOf(account)).toEqual([]);
  });

  it("refuses files without the needed columns, empty files and unclosed quotes with a readable 400", async () => {
    const account = await signUp();
    const cases: Array<[string, string]> = [
      ["name,pills_per_day\nA,1", "Row 1: The header row has no pills_remaining, pills_per_refill, pharmacy columns."],
      ["", "Row 1: The file is empty."],
      [`${HEADER}\r\n`, "Row 1: The file has no medications."],
      [`${HEADER}\r\n"Open,1,30,30,,Corner,1,,`, "Row 1: The file has a quoted field that is never closed."],
    ];
    for (const [file, message] of cases) {
      const res = await importFile(account, file);
      expect(res.status, file).toBe(400);
      expect(res.body.message).toBe(`Nothing was imported. ${message}`);
    }
    const binary = await call("POST", "/api/medications/import", {
      cookie: account.cookie,
      rawBody: new Uint8Array([0xff, 0xfe, 0x00]),
      contentType: "text/csv",
    });
    expect(binary.status).toBe(400);
    expect(binary.body.message).toMatch(/UTF-8/);
    const json = await call("POST", "/api/medications/import", { cookie: account.cookie, body: { name: "x" } });
    expect(json.status).toBe(415);
  });

  it("answers 413 above 1 MB and 400 above 500 rows, writing nothing", async () => {
    const account = await signUp();
    const row = `${"A".repeat(100)},1,30,30,,Corner,2125550100,,\r\n`;
    const huge = HEADER + "\r\n" + row.repeat(Math.ceil((1024 * 1024) / row.length) + 1);
    const tooLarge = await importFile(account, huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe("The file is larger than 1 MB. Please split it into smaller files.");

    const chunk = new TextEncoder().encode(row);
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent <= 1024 * 1024; sent += chunk.length) controller.enqueue(chunk);
        controller.close();
      },
    });
    const streamedAnswer = await call("POST", "/api/medications/import", {
      cookie: account.cookie,
      rawBody: streamed,
      contentType: "text/csv",
    });
    expect(streamedAnswer.status).toBe(413);

    const many = HEADER + "\r\n" + "Med,1,30,30,,Corner,2125550100,,\r\n".repeat(501);
    const tooMany = await importFile(account, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(
      "Nothing was imported. Row 1: The file has more than 500 medications. Please split it into smaller files.",
    );
    expect(await listOf(account)).toEqual([]);

    // 500 rows is a file the import reads; an account still holds at most 200 medications.
    const most = await importFile(account, HEADER + "\r\n" + "Med,1,30,30,,Corner,2125550100,,\r\n".repeat(500));
    expect([most.status, most.body.message]).toEqual([409, "You can track up to 200 medications."]);
    const all = await importFile(account, HEADER + "\r\n" + "Med,1,30,30,,Corner,2125550100,,\r\n".repeat(200));
    expect(all.status, all.text).toBe(201);
    expect(all.body).toEqual({ imported: 200, pharmaciesCreated: 1, skipped: 0 });
  });

  it("a 1 MB file of blank lines answers 400 (no data rows) and imports nothing", async () => {
    const account = await signUp();
    const header = `${HEADER}\r\n`;
    const blank = header + "\n".repeat(1024 * 1024 - header.length);
    expect(new TextEncoder().encode(blank).length).toBe(1024 * 1024);
    // The preview lists the problem (200, as for any file); the import itself refuses it.
    const preview = await importFile(account, blank, "?dryRun=1");
    expect([preview.status, preview.body]).toEqual([
      200,
      { rows: [], errors: [{ row: 1, message: "The file has no medications." }], duplicates: [] },
    ]);
    const res = await importFile(account, blank);
    expect([res.status, res.body.message]).toEqual([400, "Nothing was imported. Row 1: The file has no medications."]);
    expect(await listOf(account)).toEqual([]);
    expect(await pharmaciesOf(account)).toEqual([]);
  });

  it("needs a session and a same-site request", async () => {
    expect((await call("POST", "/api/medications/import", { rawBody: HEADER, contentType: "text/csv" })).status).toBe(401);
    const account = await signUp();
    const crossSite = await call("POST", "/api/medications/import", {
      cookie: account.cookie,
      rawBody: HEADER,
      contentType: "text/csv",
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe("CSV import within the account's limits", () => {
  const rowsFile = (count: number, pharmacy = (i: number) => `Pharmacy ${i % 3}`) =>
    [HEADER, ...Array.from({ length: count }, (_, i) => `Med ${i},1,30,30,,${pharmacy(i)},212555${String(i).padStart(4, "0")},,`)].join(
      "\r\n",
    );

  it("a file that would pass 200 medications imports nothing and answers 409 with the limit", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    const today = todayIn("UTC");
    // 195 already tracked: 6 more would be 201.
    const old = (i: number) => ({
      userId: account.id,
      name: `Old ${i}`,
      pharmacyId: pharmacy.id,
      pillsPerDay: 1,
      pillsRemaining: 30,
      countedOn: today,
      pillsPerRefill: 30,
    });
    // In rows of 5: D1 binds at most 100 parameters a statement.
    for (let i = 0; i < 195; i += 5)
      await db()
        .insert(medications)
        .values(Array.from({ length: Math.min(5, 195 - i) }, (_, j) => old(i + j)));
    const refused = await importFile(account, rowsFile(6));
    expect([refused.status, refused.body.message]).toEqual([409, "You can track up to 200 medications."]);
    expect(await db().select().from(medications).where(eq(medications.userId, account.id))).toHaveLength(195);
    expect(await db().select().from(pharmacies).where(eq(pharmacies.userId, account.id))).toHaveLength(1);
    const exactly = await importFile(account, rowsFile(5));
    expect([exactly.status, exactly.body.imported]).toEqual([201, 5]);
  });

  it("a file that would pass 50 pharmacies imports nothing and answers 409 with the limit", async () => {
    const account = await signUp();
    await Promise.all(
      Array.from({ length: 48 }, (_, i) =>
        createPharmacy(account, { name: `Own ${i}`, phoneNumber: `212555${String(i).padStart(4, "0")}` }),
      ),
    );
    const refused = await importFile(
      account,
      rowsFile(3, (i) => `New ${i}`),
    );
    expect([refused.status, refused.body.message]).toEqual([409, "You can track up to 50 pharmacies."]);
    expect(await db().select().from(pharmacies).where(eq(pharmacies.userId, account.id))).toHaveLength(48);
    expect(await db().select().from(medications).where(eq(medications.userId, account.id))).toHaveLength(0);
    const fits = await importFile(
      account,
      rowsFile(2, (i) => `New ${i}`),
    );
    expect([fits.status, fits.body.pharmaciesCreated]).toEqual([201, 2]);
  });
});
