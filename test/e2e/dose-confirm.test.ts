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
  serverToday,
} from "./browser";

// The page a dose reminder's tap opens (/doses/confirm?date=&at=), as a patient on a phone that shows
// no buttons on a notification uses it: the time's doses with their state, one Taken, then the list
// with a toast and the counts moved. axe at 375 and 1280 px.
//
// The patient (UTC): Metformin 1 tablet at 00:00 and 12:00 (60 on hand), Lisinopril 1 tablet at 00:00
// (30). 00:00 is a time every run's today has. Taken at 00:00: 60 → 59 and 30 → 29, at once.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function seed(page: Page) {
  await registerViaApi(page);
  const pharmacy = await (
    await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "2125551234" } })
  ).json();
  const add = async (name: string, pillsRemaining: number, times: string[]) => {
    const res = await page.request.post("/api/medications", {
      data: {
        name,
        pharmacyId: pharmacy.id,
        pillsPerRefill: 30,
        pillsRemaining,
        schedule: { type: "daily", times: times.map((at) => ({ at, dose: 1 })) },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await add("Metformin", 60, ["00:00", "12:00"]);
  await add("Lisinopril", 30, ["00:00"]);
  return serverToday(page);
}

const listRow = (page: Page, name: string) =>
  page.locator('section[aria-labelledby="medications-heading"]').getByRole("row").filter({ hasText: name });
const remaining = (page: Page, name: string, text: string) => listRow(page, name).getByText(text, { exact: true }).count();

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("the tap-to-confirm page (%s)", (_, viewport) => {
  it("lists the time's doses, Taken logs them all, and the list says so with the counts moved", async () => {
    const page = await newPage(browser, viewport, "UTC", "en-US");
    const today = await seed(page);
    await page.goto(`/doses/confirm?date=${today}&at=00:00`);
    await hydrated(page);
    const heading = page.getByRole("heading", { level: 1, name: /^Doses at 12:00\sAM on / });
    expect(await heading.count()).toBe(1);
    const list = page.getByRole("list", { name: /^Doses at 12:00\sAM/ });
    expect(await list.getByRole("listitem").count()).toBe(2);
    expect(await list.getByText("Due", { exact: true }).count()).toBe(2);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole("button", { name: "Taken", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByText("2 doses logged as taken", { exact: true }).count()).toBe(1);
    await hydrated(page);
    await expect.poll(() => remaining(page, "Metformin", "59 tablets")).toBe(1);
    expect(await remaining(page, "Lisinopril", "29 tablets")).toBe(1);
    await expectAccessible(page);

    // Back on the page: both taken, nothing left to offer.
    await page.goto(`/doses/confirm?date=${today}&at=00:00`);
    expect(await page.getByText(/^Taken at /).count()).toBe(2);
    expect(await page.getByText("Every dose at this time is already logged.", { exact: true }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Taken", exact: true }).count()).toBe(0);
    await expectAccessible(page);
    expectNoErrors(page);
  });

  it("a link that names no real time is a readable 400 page, axe-clean", async () => {
    const page = await newPage(browser, viewport, "UTC", "en-US");
    const today = await seed(page);
    const res = await page.goto(`/doses/confirm?date=${today}&at=25:00`);
    expect(res?.status()).toBe(400);
    expect(await page.getByRole("heading", { level: 1, name: "This reminder link does not work" }).count()).toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
  });
});
