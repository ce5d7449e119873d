import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../src/domain/countdown";
import { addDays } from "../../src/domain/time";
import { formatDate } from "../../src/shared/format";
import {
  DESKTOP,
  expectAccessible,
  expectNoErrors,
  expectNoHorizontalScroll,
  hydrated,
  launch,
  MOBILE,
  newPage,
  registerViaApi,
} from "./browser";

// A new medication counted days ago, a future last refill date refused at its field, and
// prescriptions that need lead time: the expired notice in the error colour, and a refill with no
// refills left asked about first. The browser reports UTC, so the account's today is UTC's.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
/** The browser logs the 400 the test provoked on purpose; that is not a page error. */
function forgiveBadRequest(page: Page) {
  const problems = (page as Page & { problems: string[] }).problems;
  problems.splice(0, problems.length, ...problems.filter((p) => !/Failed to load resource.*400/.test(p)));
}

async function pharmacy(page: Page) {
  const res = await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125550199" } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

describe.each([
  ["1280", DESKTOP],
  ["375", MOBILE],
])("at %s px", (_, viewport) => {
  it("adds a medication counted 7 days ago (23 of 30 left today), refilled on that day; a future last refill date is refused at its field on add and edit", async () => {
    const page = await newPage(browser, viewport, "UTC");
    await registerViaApi(page);
    await pharmacy(page);
    const today = todayIn("UTC");
    await page.goto("/add-medication");
    await hydrated(page);
    expect(await field(page, "Count Date (Optional)").inputValue()).toBe("");
    await field(page, "Medication Name").fill("Amlodipine");
    await page.getByRole("combobox", { name: "Pharmacy" }).selectOption({ label: "Corner Pharmacy" });
    await field(page, "Pills Remaining").fill("30");
    await field(page, "Last Refill Date (Optional)").fill(addDays(today, 1));
    await field(page, "Count Date (Optional)").fill(addDays(today, -7));
    await page.getByRole("button", { name: "Save Medication" }).click();
    const refused = page.locator("form").getByText("Last refill date cannot be in the future", { exact: true });
    await expect.poll(() => refused.count()).toBe(1);
    expect(await field(page, "Last Refill Date (Optional)").getAttribute("aria-invalid")).toBe("true");
    expect(new URL(page.url()).pathname).toBe("/add-medication");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // More than a year back: refused at its own field, what was typed kept.
    await field(page, "Last Refill Date (Optional)").fill(addDays(today, -7));
    await field(page, "Count Date (Optional)").fill(addDays(today, -366));
    await page.getByRole("button", { name: "Save Medication" }).click();
    await expect.poll(() => page.locator("form").getByText("The count date can be at most a year ago", { exact: true }).count()).toBe(1);
    expect(await field(page, "Count Date (Optional)").getAttribute("aria-invalid")).toBe("true");
    expect(await field(page, "Medication Name").inputValue()).toBe("Amlodipine");

    await field(page, "Count Date (Optional)").fill(addDays(today, -7));
    await page.getByRole("button", { name: "Save Medication" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await hydrated(page);
    await expect.poll(() => page.getByText("23 tablets").filter({ visible: true }).count()).toBe(1);

    // A refill picked up on the day of the count is accepted (30 − 0 + 30 − 7 = 53 today).
    await page.getByRole("button", { name: "Refill Amlodipine" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Medication Refill" });
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByLabel("Picked up on", { exact: true }).fill(addDays(today, -7));
    await dialog.getByRole("button", { name: "Confirm Refill" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByText("53 tablets").filter({ visible: true }).count()).toBe(1);

    // The edit form refuses a future last refill date at its field too, and stays.
    const [{ id }] = (await (await page.request.get("/api/medications")).json()) as Array<{ id: number }>;
    await page.goto(`/edit-medication/${id}`);
    await hydrated(page);
    await field(page, "Last Refill Date (Optional)").fill(addDays(today, 1));
    await page.getByRole("button", { name: "Update Medication" }).click();
    await expect.poll(() => page.locator("form").getByText("Last refill date cannot be in the future", { exact: true }).count()).toBe(1);
    expect(await field(page, "Last Refill Date (Optional)").getAttribute("aria-invalid")).toBe("true");
    expect(new URL(page.url()).pathname).toBe(`/edit-medication/${id}`);
    await expectAccessible(page);
    expect(((await (await page.request.get(`/api/medications/${id}`)).json()) as { lastRefillDate: string }).lastRefillDate).toBe(
      addDays(today, -7),
    );
    forgiveBadRequest(page);
    expectNoErrors(page);
    await page.context().close();
  });

  it("'Prescription expires' 30 days ahead, an expired prescription in the error colour; a refill with no refills left asks first and keeps 0", async () => {
    const page = await newPage(browser, viewport, "UTC");
    await registerViaApi(page);
    const { id: pharmacyId } = await pharmacy(page);
    const today = todayIn("UTC");
    const expired = addDays(today, -3);
    const base = { pharmacyId, pillsPerDay: 1, pillsPerRefill: 30, lastRefillDate: null };
    await page.request.post("/api/medications", {
      data: { ...base, name: "Atorvastatin", pillsRemaining: 90, prescriptionExpiresOn: expired },
    });
    const created = await page.request.post("/api/medications", {
      data: { ...base, name: "Lisinopril", pillsRemaining: 25, refillsLeft: 0 },
    });
    const { id } = (await created.json()) as { id: number };
    // Plenty of pills, but the prescription ends within 30 days: named with its date, not as an error.
    const expires = addDays(today, 30);
    await page.request.post("/api/medications", {
      data: { ...base, name: "Metformin", pillsRemaining: 200, prescriptionExpiresOn: expires },
    });
    await page.request.post("/api/medications", {
      data: { ...base, name: "Aspirin", pillsRemaining: 20, prescriptionExpiresOn: addDays(today, 31), refillsLeft: 2 },
    });
    await page.goto("/");
    await hydrated(page);
    const expiresNotice = page.getByText(`Prescription expires ${formatDate(expires)}`).filter({ visible: true });
    await expect.poll(() => expiresNotice.count()).toBe(1);
    expect(await expiresNotice.getAttribute("class")).not.toContain("text-red");
    // 31 days ahead, after the pills run out, with refills left: nothing to say yet.
    expect(await page.getByText(`Prescription expires ${formatDate(addDays(today, 31))}`).count()).toBe(0);

    const expiredNotice = page.getByText(`Prescription expired ${formatDate(expired)}`).filter({ visible: true });
    await expect.poll(() => expiredNotice.count()).toBe(1);
    expect(await expiredNotice.getAttribute("class")).toContain("text-red-700");
    // 25 days of supply with no refills left: within the 30 days a doctor's appointment needs.
    expect(await page.getByText("Ask your doctor for a new prescription").filter({ visible: true }).count()).toBe(1);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Refill Lisinopril" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Medication Refill" });
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByRole("button", { name: "Confirm Refill" }).click();
    const question = dialog.getByRole("alert").filter({ hasText: "Your prescription has no refills left. Record this refill anyway?" });
    await expect.poll(() => question.count()).toBe(1);
    expect(((await (await page.request.get(`/api/medications/${id}`)).json()) as { pillsRemaining: number }).pillsRemaining).toBe(25); // nothing recorded yet
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Record Anyway" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByText("Medication refilled").count()).toBe(1);
    const after = (await (await page.request.get(`/api/medications/${id}`)).json()) as { pillsRemaining: number; refillsLeft: number };
    expect(after).toMatchObject({ pillsRemaining: 55, refillsLeft: 0 });

    // The medication page: the expired notice in the error colour too.
    const list = (await (await page.request.get("/api/medications")).json()) as Array<{ id: number; name: string }>;
    await page.goto(`/medications/${list.find((m) => m.name === "Atorvastatin")!.id}`);
    const note = page.getByRole("note");
    expect(await note.textContent()).toBe(`Prescription expired ${formatDate(expired)}`);
    expect(await note.getAttribute("class")).toContain("text-red-800");
    await expectAccessible(page);
    expectNoErrors(page);
    await page.context().close();
  });
});
