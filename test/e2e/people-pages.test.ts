import type { Browser, Locator, Page } from "playwright-core";
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

// Another person's pages in the browser: the account adds Dad, switches to him with the header's
// switcher by keyboard, adds a medication for him from his page, logs a dose there (the toasts name
// Dad), then logs one on its own dashboard: each dose is on its own person, and one's own dashboard
// never shows Dad's medication. axe at 375 and 1280 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Presses a control with the keyboard alone: Tab until it has the focus, then Enter. */
async function press(page: Page, target: Locator) {
  await target.waitFor();
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
  }
  throw new Error("the control was not reachable with Tab");
}

/** A sentence naming Dad: the name is wrapped in Unicode isolates (U+2068 … U+2069), as user text always is. */
const naming = (text: string) => new RegExp(`^${text.replace("Dad", "\u2068?Dad\u2069?")}$`);
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const today = (page: Page) => page.getByRole("region", { name: /^Today$/ });
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: new RegExp(text.replace("Dad", "\u2068?Dad\u2069?")) });
/** The taken doses of today the API answers for a path's person ('/api' or '/api/profiles/7'). */
const takenNames = async (page: Page, api: string) => {
  const answer = await (await page.request.get(`${api}/doses`)).json();
  return (answer.days[0].doses as { name: string; status: string }[]).filter((d) => d.status === "taken").map((d) => d.name);
};

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("a person's pages (%s)", (_, viewport) => {
  it("switches to Dad by keyboard, adds his medication and logs his dose on his page (toasts name him); one's own stays apart", async () => {
    const page = await newPage(browser, viewport, "UTC", "en-US");
    await registerViaApi(page);
    const own = await (await page.request.post("/api/pharmacies", { data: { name: "Own Pharmacy", phoneNumber: "" } })).json();
    const ownMed = await page.request.post("/api/medications", {
      data: { name: "Ownpril", pharmacyId: own.id, pillsPerDay: 1, pillsRemaining: 30, pillsPerRefill: 30, lastRefillDate: "" },
    });
    expect(ownMed.status()).toBe(201);
    const dad = await page.request.post("/api/profiles", { data: { name: "Dad" } });
    expect(dad.status()).toBe(201);
    const dadId = (await dad.json()).id as number;
    const dadPharmacy = await page.request.post(`/api/profiles/${dadId}/pharmacies`, { data: { name: "Dad's Pharmacy", phoneNumber: "" } });
    expect(dadPharmacy.status()).toBe(201);

    // The switcher, by keyboard: open it, pick Dad.
    await page.goto("/");
    await hydrated(page);
    const switcher = page.getByRole("navigation", { name: "Whose medications" });
    await press(page, switcher.locator("summary"));
    const dadLink = switcher.getByRole("link", { name: "Dad", exact: true });
    await dadLink.waitFor({ state: "visible" });
    await press(page, dadLink);
    await page.waitForURL((url) => url.pathname === `/p/${dadId}/`);
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1, name: naming("Dad's medications") }).count()).toBe(1);
    expect(await switcher.locator('a[aria-current="true"]').textContent()).toBe("Dad");
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // Add a medication for Dad from his page: the form is his, the toast names him, back on his dashboard.
    await page.goto(`/p/${dadId}/add-medication`);
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1, name: naming("Add a medication for Dad") }).count()).toBe(1);
    await field(page, "Medication Name").fill("Dadstatin");
    await page.getByRole("combobox", { name: "Pharmacy" }).selectOption({ label: "Dad's Pharmacy" });
    await field(page, "Pills Remaining").fill("20");
    await page.getByRole("button", { name: "Save Medication" }).click();
    await page.waitForURL((url) => url.pathname === `/p/${dadId}/`);
    await expect.poll(() => toast(page, "Medication added for Dad").count()).toBe(1);
    await hydrated(page);

    // Log Dad's dose on his Today section: the toast names him, the API has it on Dad.
    const section = today(page);
    await press(page, section.getByRole("button", { name: /^Mark .*Dadstatin.* taken$/ }));
    await expect.poll(() => toast(page, "Logged for Dad").count()).toBe(1);
    await expect.poll(() => takenNames(page, `/api/profiles/${dadId}`)).toEqual(["Dadstatin"]);
    await expectAccessible(page);

    // Back to one's own dashboard with the switcher: no Dadstatin; its own dose goes to its own person.
    await press(page, switcher.locator("summary"));
    const ownLink = switcher.getByRole("link", { name: /\(you\)$/ });
    await ownLink.waitFor({ state: "visible" });
    await press(page, ownLink);
    await page.waitForURL((url) => url.pathname === "/");
    await hydrated(page);
    expect(await page.getByText("Dadstatin").count()).toBe(0);
    await press(page, today(page).getByRole("button", { name: /^Mark .*Ownpril.* taken$/ }));
    await expect.poll(() => takenNames(page, "/api")).toEqual(["Ownpril"]);
    // One's own log is not announced as anyone else's.
    expect(await toast(page, "Logged for").count()).toBe(0);
    expect(await takenNames(page, `/api/profiles/${dadId}`)).toEqual(["Dadstatin"]);
    await expectAccessible(page);
    expectNoErrors(page);
    await page.context().close();
  });
});
