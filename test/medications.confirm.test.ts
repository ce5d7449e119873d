import { describe, expect, it } from "vitest";
import { CSV_COLUMNS } from "../src/shared/import-schemas";
import { call, createPharmacy, medicationInput, signUp, storedRow } from "./helpers";

// Weekly drugs and plausible doses (issue 33, points 1 and 2): a save the patient must confirm is
// 400 confirm_weekly_drug / confirm_large_dose in the request's language, writes nothing, and goes
// through with `confirmed: true`. Create, update (both shapes) and the CSV import ask alike.

const spanish = { "Accept-Language": "es" };
const daily6 = { pillsPerDay: undefined, schedule: { type: "daily", dose: 6 } };
const sundays6 = { pillsPerDay: undefined, schedule: { type: "weekdays", dose: 6, days: ["sun"] } };
const WEEKLY_WARNING = "Methotrexate is usually taken once a week. Taking it daily can be dangerous. Check with your doctor or pharmacist.";

async function setUp() {
  const account = await signUp();
  const pharmacy = await createPharmacy(account);
  const post = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    call("POST", "/api/medications", { cookie: account.cookie, headers, body: medicationInput(pharmacy.id, body) });
  const patch = (id: number, body: Record<string, unknown>) =>
    call("PATCH", `/api/medications/${id}`, { cookie: account.cookie, body: medicationInput(pharmacy.id, body) });
  const list = async () => (await call("GET", "/api/medications", { cookie: account.cookie })).body as Array<{ name: string }>;
  return { account, pharmacy, post, patch, list };
}

describe("Weekly drugs: methotrexate saved daily", () => {
  it("POST methotrexate 6 tablets daily is 400 confirm_weekly_drug, in the request's language, and adds nothing", async () => {
    const { post, list } = await setUp();
    const res = await post({ name: "Methotrexate 2.5mg", ...daily6 });
    expect([res.status, res.body]).toEqual([400, { message: WEEKLY_WARNING, code: "confirm_weekly_drug" }]);
    const inSpanish = await post({ name: "metotrexato", ...daily6 }, spanish);
    expect([inSpanish.status, inSpanish.body.code, inSpanish.body.message]).toEqual([
      400,
      "confirm_weekly_drug",
      "Metotrexato se toma normalmente una vez a la semana. Tomarlo a diario puede ser peligroso. Consulte a su médico o farmacéutico.",
    ]);
    // Every day but one is still not weekly; as needed neither.
    for (const schedule of [
      { type: "weekdays", dose: 6, days: ["mon", "thu"] },
      { type: "interval", dose: 6, everyDays: 3, startsOn: "2026-11-23" },
      { type: "asNeeded", perWeek: 6 },
    ]) {
      expect((await post({ name: "ALENDRONATE 70 mg", pillsPerDay: undefined, schedule })).body.code, JSON.stringify(schedule)).toBe(
        "confirm_weekly_drug",
      );
    }
    // The old shape is a daily dose too.
    expect((await post({ name: "Méthotrexate", pillsPerDay: 1 })).body.code).toBe("confirm_weekly_drug");
    expect(await list()).toEqual([]);
  });

  it("POST with confirmed: true saves it; a weekly schedule needs no confirmation", async () => {
    const { post, list } = await setUp();
    const confirmed = await post({ name: "Methotrexate", ...daily6, confirmed: true });
    expect(confirmed.status, confirmed.text).toBe(201);
    expect((await post({ name: "Methotrexate", ...sundays6 })).status).toBe(201);
    expect(
      (
        await post({
          name: "Risedronate",
          pillsPerDay: undefined,
          schedule: { type: "interval", dose: 1, everyDays: 7, startsOn: "2026-11-23" },
        })
      ).status,
    ).toBe(201);
    expect(await list()).toHaveLength(3);
    // Only a boolean confirms.
    const odd = await post({ name: "Methotrexate", ...daily6, confirmed: "yes" });
    expect([odd.status, odd.body.code]).toEqual([400, "error_invalid_request"]);
  });

  it("PATCH a weekly methotrexate to daily is 400 until confirmed, and nothing is written", async () => {
    const { post, patch } = await setUp();
    const created = await post({ name: "Methotrexate", ...sundays6, pillsRemaining: 24 });
    const before = await storedRow(created.body.id);
    const res = await patch(created.body.id, { name: "Methotrexate", ...daily6, pillsRemaining: 12 });
    expect([res.status, res.body.code]).toEqual([400, "confirm_weekly_drug"]);
    expect(await storedRow(created.body.id)).toEqual(before);
    const confirmed = await patch(created.body.id, { name: "Methotrexate", ...daily6, pillsRemaining: 12, confirmed: true });
    expect([confirmed.status, confirmed.body.schedule]).toEqual([200, { type: "daily", dose: 6, times: [] }]);
  });

  it("PATCH in the old shape: the echoed average keeps the weekly schedule; a new daily dose is 400 and writes nothing", async () => {
    const { post, patch } = await setUp();
    const created = await post({ name: "Methotrexate", ...sundays6, pillsRemaining: 24 });
    const echoed = await patch(created.body.id, { name: "Methotrexate", pillsRemaining: 24, pillsPerDay: created.body.pillsPerDay });
    expect([echoed.status, echoed.body.schedule]).toEqual([200, { type: "weekdays", dose: 6, days: ["sun"], times: [] }]);
    const before = await storedRow(created.body.id);
    const daily = await patch(created.body.id, { name: "Methotrexate", pillsRemaining: 10, pillsPerDay: 6 });
    expect([daily.status, daily.body]).toEqual([400, { message: WEEKLY_WARNING, code: "confirm_weekly_drug" }]);
    expect(await storedRow(created.body.id)).toEqual(before);
  });

  it("a CSV row of methotrexate daily is a problem of its row in the preview; ?confirmed=1 imports it", async () => {
    const { account, list } = await setUp();
    const row = ["Methotrexate 2.5mg", "6", "24", "24", "", "Corner Pharmacy", "", "", "", "tablet", "daily 6"];
    const text = [CSV_COLUMNS.join(","), row.join(",")].join("\n");
    const send = (query: string) =>
      call("POST", `/api/medications/import${query}`, { cookie: account.cookie, rawBody: text, contentType: "text/csv" });
    const preview = await send("?dryRun=1");
    expect(preview.body.errors, preview.text).toEqual([{ row: 2, message: WEEKLY_WARNING, confirm: true }]);
    const refused = await send("");
    expect([refused.status, refused.body.code]).toEqual([400, "error_import_failed"]);
    expect(await list()).toEqual([]);
    const imported = await send("?confirmed=1");
    expect(imported.status, imported.text).toBe(201);
    expect((await list()).map((m) => m.name)).toEqual(["Methotrexate 2.5mg"]);
  });
});

describe("Plausible doses: the strength typed into the dose", () => {
  it("POST 500 tablets a day is 400 confirm_large_dose naming the likely mistake; confirmed saves it", async () => {
    const { post, list } = await setUp();
    const res = await post({ name: "Metformin", pillsPerDay: undefined, schedule: { type: "daily", dose: 500 } });
    expect([res.status, res.body]).toEqual([
      400,
      {
        message:
          "500 tablets at a time is more than usual. The dose is the number of tablets, not the milligrams (mg). Check it against your prescription.",
        code: "confirm_large_dose",
      },
    ]);
    const insulin = await post({ name: "Insulin", unit: "unit", pillsPerDay: undefined, schedule: { type: "daily", dose: 301 } }, spanish);
    expect([insulin.status, insulin.body.code, insulin.body.message]).toEqual([
      400,
      "confirm_large_dose",
      expect.stringMatching(/^301 unidades de una vez es más de lo habitual\. La dosis es el número de unidades, no los miligramos/),
    ]);
    expect(await list()).toEqual([]);
    expect((await post({ name: "Insulin", unit: "unit", pillsPerDay: undefined, schedule: { type: "daily", dose: 300 } })).status).toBe(
      201,
    );
    expect(
      (await post({ name: "Metformin", pillsPerDay: undefined, schedule: { type: "daily", dose: 500 }, confirmed: true })).status,
    ).toBe(201);
    expect(await list()).toHaveLength(2);
  });
});
