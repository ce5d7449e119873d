import { describe, expect, it } from "vitest";
import { call, createPharmacy, medicationInput, signUp } from "./helpers";

// The medication page: figures, pharmacy phone, prescription, supply chart with its table, and the
// history newest first.

async function setUp() {
  const account = await signUp();
  const pharmacy = await createPharmacy(account, { name: "Corner Pharmacy", phoneNumber: "(212) 555-0199" });
  const created = await call("POST", "/api/medications", {
    cookie: account.cookie,
    body: medicationInput(pharmacy.id, { name: "Lisinopril", pillsPerDay: 1, pillsRemaining: 12 }),
  });
  return { account, pharmacy, medication: created.body };
}

/** A page's text as read: tags dropped, whitespace collapsed. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const visible = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("GET /medications/{id}", () => {
  it("shows the medication, its pharmacy with a tel: link, the chart with its table and the history newest first", async () => {
    const { account, pharmacy, medication } = await setUp();
    const body = medicationInput(pharmacy.id, { name: "Lisinopril", pillsPerDay: 1, pillsRemaining: 20, refillsLeft: 0 });
    await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body });
    await call("POST", "/api/medications/refill", { cookie: account.cookie, body: { medicationId: medication.id, pillsToAdd: 30 } });
    await call("POST", `/api/medications/${medication.id}/undo-refill`, { cookie: account.cookie, body: {} });
    const page = await call("GET", `/medications/${medication.id}`, { cookie: account.cookie });
    expect(page.status).toBe(200);
    const html = page.text;
    expect(html).toContain("<h1");
    expect(html).toContain("Lisinopril");
    expect(html).toContain('<a href="tel:+12125550199" dir="ltr" class="text-teal-800 underline">+1 212 555 0199</a>');
    expect(html).toContain("20 tablets");
    expect(html).toContain("20 days left");
    expect(html).toContain("0 refills left");
    expect(html).toMatch(/<svg[^>]*data-testid="supply-chart"/);
    expect(html).toContain("Show the chart as a table");
    const order = ["Refill undone", "Refilled +30 tablets", "Count corrected 12 → 20 tablets", "Added with 12 tablets"].map((text) =>
      html.indexOf(text, html.indexOf('id="history-heading"')),
    );
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("an inhaler's page counts in puffs: unit-neutral labels, the history and the chart's table in puffs (English and Spanish)", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account);
    const body = medicationInput(pharmacy.id, {
      name: "Salbutamol",
      unit: "puff",
      schedule: { type: "asNeeded", perWeek: 6 },
      pillsRemaining: 200,
      pillsPerRefill: 200,
    });
    const created = await call("POST", "/api/medications", { cookie: account.cookie, body });
    expect(created.status, created.text).toBe(201);
    const refill = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: created.body.id, pillsToAdd: 200 },
    });
    expect(refill.status, refill.text).toBe(200);
    const words = {
      en: {
        left: "Left today",
        count: "400 puffs",
        refilled: "Refilled +200 puffs",
        added: "Added with 200 puffs",
        caption: "Supply over time",
        column: "Amount",
        unit: "puffs",
      },
      es: {
        left: "Quedan hoy",
        count: "400 inhalaciones",
        refilled: "Repuesto +200 inhalaciones",
        added: "Añadido con 200 inhalaciones",
        caption: "Suministro a lo largo del tiempo",
        column: "Cantidad",
        unit: "inhalaciones",
      },
    };
    for (const [lang, w] of Object.entries(words)) {
      const page = await call("GET", `/medications/${created.body.id}`, { cookie: `${account.cookie}; lang=${lang}` });
      expect(page.status).toBe(200);
      const text = visible(page.text);
      expect(text, lang).toContain(`${w.left} ${w.count}`);
      expect(text, lang).toContain(`${w.caption}:`);
      // The chart's table: its caption, the column, the events as the history words them.
      const table = visible(/<table[\s\S]*?<\/table>/.exec(page.text)![0]);
      expect(table, lang).toMatch(
        new RegExp(`^${w.caption} .*${w.column} .*200 ${w.unit} ${w.added} .*${w.count} ${escapeRegExp(w.refilled)}`),
      );
      // The history list (the island's server render), newest first.
      const history = visible(page.text.slice(page.text.indexOf('id="history-heading"')));
      expect(
        [history.indexOf(w.refilled), history.indexOf(w.added)].every((i) => i > 0),
        lang,
      ).toBe(true);
      expect(history.indexOf(w.refilled), lang).toBeLessThan(history.indexOf(w.added));
      expect(text.toLowerCase(), lang).not.toMatch(/\b(pills?|pastillas?|tablets?)\b/);
    }
  });

  it("says when the prescription needs renewing", async () => {
    const { account, pharmacy, medication } = await setUp();
    await call("PATCH", `/api/medications/${medication.id}`, {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { pillsRemaining: 3, refillsLeft: 0 }),
    });
    const page = await call("GET", `/medications/${medication.id}`, { cookie: account.cookie });
    expect(page.text).toContain("Ask your doctor for a new prescription");
  });

  it("another user's or an unknown id goes back to the dashboard; a path that is no id is another page", async () => {
    const { medication } = await setUp();
    const stranger = await signUp();
    for (const path of [`/medications/${medication.id}`, "/medications/999999999", "/medications/0"]) {
      const res = await call("GET", path, { cookie: stranger.cookie });
      expect([res.status, res.headers.get("Location")]).toEqual([302, "/?notice=medication-load-error"]);
    }
    expect((await call("GET", "/medications/abc", { cookie: stranger.cookie })).status).toBe(404);
    expect((await call("GET", "/medications/print", { cookie: stranger.cookie })).status).toBe(200);
    const signedOut = await call("GET", `/medications/${medication.id}`);
    expect([signedOut.status, signedOut.headers.get("Location")]).toEqual([302, `/auth?next=%2Fmedications%2F${medication.id}`]);
  });
});
