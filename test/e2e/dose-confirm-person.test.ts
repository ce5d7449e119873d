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
  SLOW,
} from "./browser";

// The page a dose push about someone else opens (/p/{Dad}/doses/confirm?date=&at=), as a caregiver
// on a phone that shows no buttons on a notification uses it: Dad's doses of that time under a
// heading naming him, one Taken, then Dad's list with the toast and his count moved, while the
// caregiver's own dose of the same minute stays open. axe at 375 and 1280 px.
//
// The caregiver (UTC) owns Dad. Both take Metformin 1 tablet at 00:00, a time every run's today has:
// Dad 60 on hand, the caregiver 30.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function seed(page: Page) {
  await registerViaApi(page);
  const dad = await (await page.request.post("/api/profiles", { data: { name: "Dad" } })).json();
  const add = async (prefix: string, pillsRemaining: number) => {
    const pharmacy = await (await page.request.post(`${prefix}/pharmacies`, { data: { name: "Corner", phoneNumber: "" } })).json();
    const res = await page.request.post(`${prefix}/medications`, {
      data: {
        name: "Metformin",
        pharmacyId: pharmacy.id,
        pillsPerRefill: 30,
        pillsRemaining,
        schedule: { type: "daily", times: [{ at: "00:00", dose: 1 }] },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await add(`/api/profiles/${dad.id}`, 60);
  await add("/api", 30);
  return { dadId: dad.id as number, today: await serverToday(page) };
}

const listRow = (page: Page, name: string) =>
  page.locator('section[aria-labelledby="medications-heading"]').getByRole("row").filter({ hasText: name });
const remaining = (page: Page, text: string) => listRow(page, "Metformin").getByText(text, { exact: true }).count();
/** Metformin's line in the dashboard's Today section. */
const todayLine = (page: Page) =>
  page
    .getByRole("region", { name: /^(Today|Yesterday|.*\d.*)$/ })
    .getByRole("listitem")
    .filter({ hasText: "Metformin" });

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("Dad's tap-to-confirm page (%s)", (_, viewport) => {
  it("names Dad, Taken logs his dose, his list shows it taken and the caregiver's own does not", async () => {
    const page = await newPage(browser, viewport, "UTC", "en-US");
    const { dadId, today } = await seed(page);
    await page.goto(`/p/${dadId}/doses/confirm?date=${today}&at=00:00`);
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1, name: /^\u2068?Dad\u2069?'s doses at 12:00\sAM on / }).count()).toBe(1);
    expect(await page.title()).toMatch(/^Confirm \u2068?Dad\u2069?'s doses/);
    const list = page.getByRole("list", { name: /Dad\u2069?'s doses at 12:00\sAM/ });
    expect(await list.getByText("Due", { exact: true }).count()).toBe(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole("button", { name: "Taken", exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/p/${dadId}/`);
    await expect.poll(() => page.getByText("1 dose logged as taken", { exact: true }).count(), SLOW).toBe(1);
    await hydrated(page);
    await expect.poll(() => remaining(page, "59 tablets")).toBe(1);
    await expect
      .poll(() =>
        todayLine(page)
          .getByText(/^Taken at /)
          .count(),
      )
      .toBe(1);
    await expectAccessible(page);

    // The caregiver's own Metformin of the same minute is still due, its count unmoved.
    await page.goto("/");
    await hydrated(page);
    await expect.poll(() => todayLine(page).getByText("Due", { exact: true }).count()).toBe(1);
    expect(
      await todayLine(page)
        .getByText(/^Taken at /)
        .count(),
    ).toBe(0);
    expect(await remaining(page, "30 tablets")).toBe(1);
    expectNoErrors(page);
  });
});
