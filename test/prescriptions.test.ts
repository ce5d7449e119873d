import { describe, expect, it } from "vitest";
import { todayIn } from "../src/domain/countdown";
import { addDays } from "../src/domain/time";
import { formatDate } from "../src/shared/format";
import { call, createPharmacy, emailsTo, medicationInput, signUp } from "./helpers";

// The prescription: refills left and an expiry date, optional, in the API, and the notice on the
// pages and in the reminder e-mail.

describe("prescription fields in the API", () => {
  it("are optional: missing or empty means not tracked", async () => {
    const account = await signUp({ confirmed: true });
    const pharmacy = await createPharmacy(account);
    const missing = await call("POST", "/api/medications", { cookie: account.cookie, body: medicationInput(pharmacy.id) });
    const empty = await call("POST", "/api/medications", {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { refillsLeft: "", prescriptionExpiresOn: "" }),
    });
    for (const res of [missing, empty]) {
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ refillsLeft: null, prescriptionExpiresOn: null });
    }
  });

  it("are stored on create and edit, form strings coerced", async () => {
    const account = await signUp({ confirmed: true });
    const pharmacy = await createPharmacy(account);
    const created = await call("POST", "/api/medications", {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { refillsLeft: "3", prescriptionExpiresOn: "2027-01-31" }),
    });
    expect(created.body).toMatchObject({ refillsLeft: 3, prescriptionExpiresOn: "2027-01-31" });
    const edited = await call("PATCH", `/api/medications/${created.body.id}`, {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { refillsLeft: 0, prescriptionExpiresOn: null }),
    });
    expect(edited.body).toMatchObject({ refillsLeft: 0, prescriptionExpiresOn: null });
    const read = await call("GET", `/api/medications/${created.body.id}`, { cookie: account.cookie });
    expect(read.body).toMatchObject({ refillsLeft: 0, prescriptionExpiresOn: null });
  });

  it.each([
    [{ refillsLeft: -1 }, "Refills left must be a whole number of 0 or more"],
    [{ refillsLeft: 1.5 }, "Refills left must be a whole number of 0 or more"],
    [{ refillsLeft: "many" }, "Refills left must be a whole number of 0 or more"],
    [{ refillsLeft: 1001 }, "Refills left must be at most 1,000"],
    [{ prescriptionExpiresOn: "soon" }, "Prescription expiry date must be a date (YYYY-MM-DD)"],
    [{ prescriptionExpiresOn: "2026-02-30" }, "Prescription expiry date must be a real date"],
  ])("%j → 400 %s", async (change, message) => {
    const account = await signUp({ confirmed: true });
    const pharmacy = await createPharmacy(account);
    const res = await call("POST", "/api/medications", { cookie: account.cookie, body: medicationInput(pharmacy.id, change) });
    expect([res.status, res.body.message]).toEqual([400, message]);
  });
});

describe("prescription notices", () => {
  async function accountWith(overrides: Record<string, unknown>) {
    const account = await signUp({ confirmed: true });
    const pharmacy = await createPharmacy(account);
    const res = await call("POST", "/api/medications", {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { name: "Lisinopril", pillsPerDay: 1, ...overrides }),
    });
    expect(res.status, res.text).toBe(201);
    return { account, medication: res.body };
  }

  it("the reminder e-mail adds 'Ask your doctor for a new prescription' to the medication's entry", async () => {
    const { account } = await accountWith({ pillsRemaining: 3, refillsLeft: 0 });
    expect((await call("POST", "/api/test-email-notification", { cookie: account.cookie })).status).toBe(200);
    const [mail] = await emailsTo(account.email).limit(1);
    expect(mail!.text).toContain("Lisinopril\u2069: 3 tablets left"); // the name isolated (U+2068 … U+2069)
    expect(mail!.text).toContain("  Ask your doctor for a new prescription.");
    expect(mail!.html).toContain("Ask your doctor for a new prescription");
  });

  it("the reminder e-mail names an expiry before the run-out date", async () => {
    const expires = addDays(todayIn("UTC"), 2);
    const { account } = await accountWith({ pillsRemaining: 5, prescriptionExpiresOn: expires });
    await call("POST", "/api/test-email-notification", { cookie: account.cookie });
    const [mail] = await emailsTo(account.email).limit(1);
    expect(mail!.text).toContain(`Prescription expires ${formatDate(expires)}.`);
  });

  it("no notice when refills remain and the prescription outlasts the supply", async () => {
    const { account } = await accountWith({ pillsRemaining: 3, refillsLeft: 2, prescriptionExpiresOn: addDays(todayIn("UTC"), 60) });
    await call("POST", "/api/test-email-notification", { cookie: account.cookie });
    const [mail] = await emailsTo(account.email).limit(1);
    expect(mail!.text).toContain("Lisinopril");
    expect(mail!.text).not.toMatch(/prescription/i);
  });

  it("a refill recorded with no refills left (confirmed in the dialog) keeps 0", async () => {
    const { account, medication } = await accountWith({ pillsRemaining: 25, refillsLeft: 0 });
    const res = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: medication.id, pillsToAdd: 30 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ pillsRemaining: 55, refillsLeft: 0 });
  });

  it("a prescription whose date has passed: 'Prescription expired {date}' in the error colour on the medication page", async () => {
    const expired = addDays(todayIn("UTC"), -1);
    const { account, medication } = await accountWith({ pillsRemaining: 90, prescriptionExpiresOn: expired });
    const page = await call("GET", `/medications/${medication.id}`, { cookie: account.cookie });
    expect(page.text).toMatch(new RegExp(`class="[^"]*text-red-800[^"]*" role="note">Prescription expired ${formatDate(expired)}<`));
  });

  it("the dashboard's first render shows the notice on the medication's row", async () => {
    const { account } = await accountWith({ pillsRemaining: 3, refillsLeft: 0 });
    const page = await call("GET", "/", { cookie: account.cookie });
    expect(page.text).toContain("Ask your doctor for a new prescription");
    expect(page.text).toContain("Needs a new prescription");
  });
});
