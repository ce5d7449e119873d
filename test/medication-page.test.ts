import { describe, expect, it } from "vitest";
import { call, createPharmacy, medicationInput, signUp } from "./helpers";

// The medication page: figures, pharmacy phone, prescription, supply chart with its table, and the
// history newest first.

async function setUp() {
  const account = await signUp();
  const pharmacy = await createPharmacy(account, { name: "Corner Pharmacy", phoneNumber: "(212) 555-0199" });
  const created = await call("POST", "/api/medications", { cookie: account.cookie, body: medicationInput(pharmacy.id, { name: "Lisinopril", pillsPerDay: 1, pillsRemaining: 12 }) });
  return { account, pharmacy, medication: created.body };
}

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
    expect(html).toContain("20 pills");
    expect(html).toContain("20 days left");
    expect(html).toContain("0 refills left");
    expect(html).toMatch(/<svg[^>]*data-testid="supply-chart"/);
    expect(html).toContain("Show the chart as a table");
    const order = ["Refill undone", "Refilled +30 pills", "Count corrected 12 → 20", "Added with 12 pills"].map((text) => html.indexOf(text, html.indexOf('id="history-heading"')));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("says when the prescription needs renewing", async () => {
    const { account, pharmacy, medication } = await setUp();
    await call("PATCH", `/api/medications/${medication.id}`, { cookie: account.cookie, body: medicationInput(pharmacy.id, { pillsRemaining: 3, refillsLeft: 0 }) });
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
    expect([signedOut.status, signedOut.headers.get("Location")]).toEqual([302, "/auth"]);
  });
});
