import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function addPharmacy(page: Page, name: string): Promise<{ id: number; name: string }> {
  const res = await page.request.post("/api/pharmacies", { data: { name, phoneNumber: "2125551234" } });
  expect(res.status()).toBe(201);
  return res.json();
}

async function addMedication(page: Page, pharmacyId: number, name = "Metformin") {
  const res = await page.request.post("/api/medications", {
    data: { name, pharmacyId, pillsPerDay: 1.5, pillsRemaining: 45, pillsPerRefill: 90, lastRefillDate: "2025-01-05" },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).count();
/** The browser logs the answer to a request the test made fail on purpose; that is not a page error. */
function forgiveFailedRequests(page: Page) {
  const problems = (page as Page & { problems: string[] }).problems;
  problems.splice(0, problems.length, ...problems.filter((p) => !/Failed to load resource.*40\d/.test(p)));
}

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("medication form (%s)", (_, viewport) => {
  it("adds medications: defaults, validation beside the fields, Add Another, then Save", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    await addPharmacy(page, "Corner Pharmacy");
    await addPharmacy(page, "Another Pharmacy");
    await page.goto("/add-medication");
    await hydrated(page);

    expect(await page.getByRole("heading", { level: 1, name: "Add Medication" }).count()).toBe(1);
    expect(await page.getByText("Enter your medication details to track refills").count()).toBe(1);
    // Opens the pharmacy dialog in place (see 'Add a new pharmacy' below), not a page away.
    expect(await page.getByRole("button", { name: "Add a new pharmacy" }).count()).toBe(1);
    // Defaults and limits (spec points 2 and 9).
    expect(await field(page, "Medication Name").inputValue()).toBe("");
    const pharmacy = page.getByRole("combobox", { name: "Pharmacy" });
    expect(await pharmacy.inputValue()).toBe("0");
    expect(await pharmacy.locator("option").first().textContent()).toBe("Select a pharmacy");
    expect(await pharmacy.locator("option").first().isDisabled()).toBe(true);
    // The dose is labelled with what it counts; number fields are text read in the page's digits.
    expect(await field(page, "Tablets each day").inputValue()).toBe("1");
    expect(await field(page, "Tablets each day").getAttribute("inputmode")).toBe("decimal");
    expect(await field(page, "Tablets each day").getAttribute("min")).toBe("0.25");
    expect(await field(page, "Tablets each day").getAttribute("step")).toBe("0.25");
    // Pills Remaining starts empty and is required: the patient counts, 0 is never assumed.
    expect(await field(page, "Pills Remaining").inputValue()).toBe("");
    expect(await field(page, "Pills Remaining").getAttribute("min")).toBe("0");
    expect(await field(page, "Pills Remaining").getAttribute("required")).not.toBeNull();
    expect(await field(page, "Pills Per Refill").inputValue()).toBe("30");
    expect(await field(page, "Pills Per Refill").getAttribute("min")).toBe("1");
    expect(await field(page, "Last Refill Date (Optional)").inputValue()).toBe("");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // Sent untouched: the empty count is refused beside its field, nothing is saved.
    await page.getByRole("button", { name: "Save Medication" }).click();
    await expect.poll(() => page.getByText("Pills remaining is required").count()).toBe(1);
    expect(await field(page, "Pills Remaining").getAttribute("aria-invalid")).toBe("true");
    expect(await (await page.request.get("/api/medications")).json()).toEqual([]);
    await expectAccessible(page);

    await field(page, "Tablets each day").fill("0");
    await field(page, "Pills Remaining").fill("-1");
    await field(page, "Pills Per Refill").fill("0");
    await page.getByRole("button", { name: "Save Medication" }).click();
    for (const message of [
      "Medication name is required",
      "Please select a pharmacy",
      "Dose must be at least 0.25, in steps of 0.25, up to 1,000",
      "Cannot have negative pills",
      "Must have at least 1 pill per refill",
    ]) {
      await expect.poll(() => page.getByText(message).count(), { message }).toBe(1);
    }
    expect(await field(page, "Medication Name").evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page);

    await field(page, "Medication Name").fill("Metformin");
    await pharmacy.selectOption({ label: "Corner Pharmacy" });
    await field(page, "Tablets each day").fill("2");
    await field(page, "Pills Remaining").fill("20");
    await field(page, "Pills Per Refill").fill("60");
    await field(page, "Last Refill Date (Optional)").fill("2025-01-05");
    await page.getByRole("button", { name: "Add Another" }).click();
    await expect.poll(() => toast(page, "Your medication has been added. You can add another one.")).toBe(1);
    expect(await toast(page, "Medication added")).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/add-medication");
    // Back to the defaults, ready for the next one.
    expect(await field(page, "Medication Name").inputValue()).toBe("");
    expect(await pharmacy.inputValue()).toBe("0");
    expect(await field(page, "Pills Per Refill").inputValue()).toBe("30");
    expect(await field(page, "Pills Remaining").inputValue()).toBe("");
    expect(await page.getByText("Medication name is required").count()).toBe(0);
    expect(await field(page, "Medication Name").evaluate((el) => el === document.activeElement)).toBe(true);

    await field(page, "Medication Name").fill("Lisinopril");
    await pharmacy.selectOption({ label: "Another Pharmacy" });
    await field(page, "Pills Remaining").fill("0");
    await page.getByRole("button", { name: "Save Medication" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => toast(page, "Your medication has been added successfully.")).toBe(1);
    const saved = (await (await page.request.get("/api/medications")).json()) as Array<Record<string, unknown>>;
    expect(
      saved.map(({ name, pillsPerDay, pillsRemaining, pillsPerRefill, lastRefillDate }) => ({
        name,
        pillsPerDay,
        pillsRemaining,
        pillsPerRefill,
        lastRefillDate,
      })),
    ).toEqual([
      { name: "Lisinopril", pillsPerDay: 1, pillsRemaining: 0, pillsPerRefill: 30, lastRefillDate: null },
      { name: "Metformin", pillsPerDay: 2, pillsRemaining: 20, pillsPerRefill: 60, lastRefillDate: "2025-01-05" },
    ]);
    expectNoErrors(page);
    await page.context().close();
  });

  it("edits a medication: filled from the server, Cancel, Update Medication", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    const corner = await addPharmacy(page, "Corner Pharmacy");
    await addPharmacy(page, "Another Pharmacy");
    const { id } = await addMedication(page, corner.id);
    await page.goto(`/edit-medication/${id}`);
    await hydrated(page);

    expect(await page.getByRole("heading", { level: 1, name: "Edit Medication" }).count()).toBe(1);
    expect(await page.getByText("Update your medication details").count()).toBe(1);
    expect(await field(page, "Medication Name").inputValue()).toBe("Metformin");
    expect(await page.getByRole("combobox", { name: "Pharmacy" }).inputValue()).toBe(String(corner.id));
    expect(await field(page, "Tablets each day").inputValue()).toBe("1.5");
    expect(await field(page, "Pills Remaining").inputValue()).toBe("45");
    expect(await field(page, "Pills Per Refill").inputValue()).toBe("90");
    expect(await field(page, "Last Refill Date (Optional)").inputValue()).toBe("2025-01-05");
    expect(await page.getByRole("button", { name: "Add Another" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Cancel" }).getAttribute("href")).toBe("/");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await field(page, "Medication Name").fill("Metformin XR");
    await page.getByRole("combobox", { name: "Pharmacy" }).selectOption({ label: "Another Pharmacy" });
    await field(page, "Last Refill Date (Optional)").fill("");
    // Hold the request to see the pending state: both actions disabled, a spinner showing.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/medications/${id}`, async (route) => {
      if (route.request().method() === "PATCH") await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Update Medication" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Update Medication" }).isDisabled()).toBe(true);
    expect(await page.locator("form .spinner").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Cancel" }).getAttribute("aria-disabled")).toBe("true");
    release();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => toast(page, "Your medication has been updated successfully.")).toBe(1);
    expect(await toast(page, "Medication updated")).toBe(1);
    const updated = await (await page.request.get(`/api/medications/${id}`)).json();
    expect(updated).toMatchObject({ name: "Metformin XR", lastRefillDate: null, pillsRemaining: 45 });
    expectNoErrors(page);
    await page.context().close();
  });
});

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("medication form: 'Add a new pharmacy' (%s)", (_, viewport) => {
  it("opens the pharmacy dialog over the form, keeps what was typed and selects the new pharmacy", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    await addPharmacy(page, "Corner Pharmacy");
    await page.goto("/add-medication");
    await hydrated(page);
    const pharmacy = page.getByRole("combobox", { name: "Pharmacy" });
    await field(page, "Medication Name").fill("Metformin");
    await field(page, "Pills Remaining").fill("20");

    await page.getByRole("button", { name: "Add a new pharmacy" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Pharmacy" });
    await dialog.getByLabel("Pharmacy Name").waitFor();
    expect(new URL(page.url()).pathname).toBe("/add-medication");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    // Refused like on the pharmacies page: the dialog stays, the form under it is untouched.
    await dialog.getByRole("button", { name: "Save Pharmacy" }).click();
    await expect.poll(() => dialog.getByText("Pharmacy name is required").count()).toBe(1);

    await dialog.getByLabel("Pharmacy Name").fill("Night Owl Pharmacy");
    await dialog.getByLabel("Phone Number").fill("2125550199");
    await dialog.getByRole("button", { name: "Save Pharmacy" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const added = ((await (await page.request.get("/api/pharmacies")).json()) as Array<{ id: number; name: string }>).find(
      (p) => p.name === "Night Owl Pharmacy",
    )!;
    await expect.poll(() => pharmacy.inputValue()).toBe(String(added.id));
    expect(await pharmacy.locator("option:checked").textContent()).toBe("Night Owl Pharmacy");
    expect(await pharmacy.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/add-medication");
    expect(await field(page, "Medication Name").inputValue()).toBe("Metformin");
    expect(await field(page, "Pills Remaining").inputValue()).toBe("20");
    await expectAccessible(page);

    // Saved with it.
    await page.getByRole("button", { name: "Save Medication" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const [saved] = (await (await page.request.get("/api/medications")).json()) as Array<{ name: string; pharmacyId: number }>;
    expect(saved).toMatchObject({ name: "Metformin", pharmacyId: added.id });
    expectNoErrors(page);
    await page.context().close();
  });

  it("works by keyboard: Enter opens it, Escape closes it with focus back, Enter in the dialog saves and selects", async () => {
    const page = await newPage(browser, viewport);
    await registerViaApi(page);
    await addPharmacy(page, "Corner Pharmacy");
    await page.goto("/add-medication");
    await hydrated(page);
    const pharmacy = page.getByRole("combobox", { name: "Pharmacy" });
    const opener = page.getByRole("button", { name: "Add a new pharmacy" });
    await field(page, "Medication Name").fill("Lisinopril");
    // From the pharmacy select the next Tab reaches the button (its hint, under it).
    await pharmacy.focus();
    await page.keyboard.press("Tab");
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add Pharmacy" });
    await expect.poll(() => dialog.getByLabel("Pharmacy Name").evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.getByLabel("Pharmacy Name").evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("Main Street Drugs");
    await page.keyboard.press("Tab");
    await page.keyboard.type("2125550123");
    await page.keyboard.press("Enter");
    await expect.poll(() => pharmacy.locator("option:checked").textContent()).toBe("Main Street Drugs");
    await expect.poll(() => pharmacy.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field(page, "Medication Name").inputValue()).toBe("Lisinopril");
    expectNoErrors(page);
    await page.context().close();
  });
});

describe("medication form failures", () => {
  it("goes back to the dashboard with the spec's toast for an unknown, malformed or another user's id", async () => {
    const other = await newPage(browser);
    await registerViaApi(other);
    const { id: othersId } = await addMedication(other, (await addPharmacy(other, "Theirs")).id);
    await other.context().close();

    const page = await newPage(browser, MOBILE);
    await registerViaApi(page);
    for (const path of ["/edit-medication/999999999", "/edit-medication/abc", `/edit-medication/${othersId}`]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === "/");
      await expect.poll(() => toast(page, "Could not load the medication details. Please try again."), { message: path }).toBe(1);
      expect(await toast(page, "Error loading medication data")).toBe(1);
    }
    expectNoErrors(page);
    await page.context().close();
  });

  it.each([
    ["1280", DESKTOP],
    ["375", MOBILE],
  ])(
    "at %s px: says a pharmacy that is gone at its field, and 'Failed to update medication' with the error message in the form",
    async (_, viewport) => {
      const page = await newPage(browser, viewport);
      await registerViaApi(page);
      const doomed = await addPharmacy(page, "Closing Pharmacy");
      await page.goto("/add-medication");
      await hydrated(page);
      await field(page, "Medication Name").fill("Aspirin");
      await page.getByRole("combobox", { name: "Pharmacy" }).selectOption({ label: "Closing Pharmacy" });
      await field(page, "Pills Remaining").fill("30");
      await page.request.delete(`/api/pharmacies/${doomed.id}`);
      await page.getByRole("button", { name: "Save Medication" }).click();
      // A pharmacy that is gone is said at its field (no toast), what was typed kept.
      const pharmacyError = page.locator("form .field-error", { hasText: "Please select one of your pharmacies" });
      await expect.poll(() => pharmacyError.count()).toBe(1);
      expect(await page.getByRole("combobox", { name: "Pharmacy" }).getAttribute("aria-invalid")).toBe("true");
      expect(await field(page, "Medication Name").inputValue()).toBe("Aspirin");
      expect(await field(page, "Pills Remaining").inputValue()).toBe("30");
      expect(new URL(page.url()).pathname).toBe("/add-medication");
      expect(await page.getByRole("button", { name: "Save Medication" }).isEnabled()).toBe(true);
      await expectAccessible(page);

      const kept = await addPharmacy(page, "Corner Pharmacy");
      const { id } = await addMedication(page, kept.id);
      await page.goto(`/edit-medication/${id}`);
      await hydrated(page);
      await page.request.delete(`/api/medications/${id}`);
      await page.getByRole("button", { name: "Update Medication" }).click();
      await expect.poll(() => toast(page, "Failed to update medication")).toBe(1);
      // The toast, and the form's own alert: the form stays as it was.
      expect(await page.locator("[data-sonner-toast]").getByText("Medication not found", { exact: true }).count()).toBe(1);
      expect(await page.locator("form").getByRole("alert").textContent()).toBe("Medication not found");
      expect(await field(page, "Medication Name").inputValue()).toBe("Metformin");
      expect(new URL(page.url()).pathname).toBe(`/edit-medication/${id}`);
      await expectAccessible(page); // after the error toast's fade-in: axe measures it as shown
      forgiveFailedRequests(page);
      expectNoErrors(page);
      await page.context().close();
    },
  );
});
