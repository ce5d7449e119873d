import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../src/domain/countdown";
import { addDays } from "../../src/domain/time";
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

// The medication page's adherence block and dose logs in Chromium, at a phone's and a desktop's
// width, with axe. The patient lives in UTC; a twice-daily tablet counted 5 days ago with 40.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe("the medication page's adherence block", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`shows the figures and the dose logs at ${viewport.width} px, accessible`, async () => {
      const page = await newPage(browser, viewport);
      await registerViaApi(page);
      const settings = { notificationDays: 7, emailConsent: true, timezone: "UTC", notificationHour: 9 };
      expect((await page.request.patch("/api/notifications/settings", { data: settings })).status()).toBe(200);
      const pharmacy = await (await page.request.post("/api/pharmacies", { data: { name: "Corner Pharmacy", phoneNumber: "" } })).json();
      const today = todayIn("UTC");
      const created = await page.request.post("/api/medications", {
        data: {
          name: "Metformin",
          pharmacyId: pharmacy.id,
          pillsRemaining: 40,
          pillsPerRefill: 60,
          lastRefillDate: null,
          countedOn: addDays(today, -5),
          schedule: {
            type: "daily",
            times: [
              { at: "08:00", dose: 1 },
              { at: "20:00", dose: 1 },
            ],
          },
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const medication = await created.json();
      const yesterday = addDays(today, -1);
      const logged = await page.request.post("/api/doses", {
        data: {
          doses: [
            {
              clientId: "e1",
              medicationId: medication.id,
              date: yesterday,
              at: "08:00",
              status: "taken",
              takenAt: Date.parse(`${yesterday}T08:10:00Z`),
            },
            { clientId: "e2", medicationId: medication.id, date: yesterday, at: "20:00", status: "skipped" },
          ],
        },
      });
      expect(logged.status(), await logged.text()).toBe(200);
      await page.goto(`/medications/${medication.id}`);
      await hydrated(page);
      // 5 past days × 2 = 10 doses due: 1 taken (on time), 1 skipped, 8 unlogged; today's are still due.
      // 40 tablets at 2 a day cover all 6 days.
      const block = page.getByRole("region", { name: "Doses taken" });
      await expect.poll(() => block.innerText()).toContain("Taken 1 of 10 doses in the last 30 days");
      const text = await block.innerText();
      expect(text).toContain("On time: 1");
      expect(text).toContain("Skipped: 1 · Not logged: 8");
      expect(text).toContain("Days covered (90 days): 100%");
      const history = page.getByRole("region", { name: "History" });
      await expect.poll(() => history.innerText()).toMatch(/Skipped the 8:00\sPM dose/);
      expect(await history.innerText()).toMatch(/Taken 1 tablet at 8:10\sAM \(the 8:00\sAM dose\)/);
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      expectNoErrors(page);
      await page.context().close();
    });
  }
});
