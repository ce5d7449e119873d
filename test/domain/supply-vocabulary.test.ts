import { describe, expect, it } from "vitest";
import { countedMedications, type MedicationListRow } from "../../src/data/medication-list";
import { toMedication, type MedicationRecord } from "../../src/data/medication-row";
import { feedDates } from "../../src/domain/ical";
import { parseRegimen } from "../../src/domain/regimen";
import { supplyChart } from "../../src/domain/supply-chart";
import { reminderContent } from "../../src/reminders/due";
import { UNLOGGED } from "../../src/domain/logged-doses";

// One vocabulary for the same facts: the API's Medication names them (pillsRemaining, daysLeft,
// runsOutOn, pausedFrom/pausedUntil), and the reminder e-mail's item, the supply chart, the printed
// and exported list and the calendar feed carry each fact under that same name and value (they
// were pillsLeft, runOutDate, runOut and a pause object). The reminders' first day is remindFrom
// in the chart and the feed alike.

const TODAY = "2026-03-01";
const row: MedicationRecord = {
  id: 7,
  name: "Metformin",
  pharmacyId: null,
  pillsPerDay: 2,
  pillsRemaining: 30,
  countedOn: "2026-02-25",
  pillsPerRefill: 60,
  lastRefillDate: null,
  refillsLeft: null,
  prescriptionExpiresOn: null,
  unit: "tablet",
  ...UNLOGGED,
  packageItems: null,
  packageAmount: null,
  regimen: JSON.stringify({
    changes: [{ effectiveFrom: "2026-02-25", schedule: { type: "daily", dose: 2 } }],
    pauses: [{ from: "2026-03-04", until: "2026-03-06" }],
  }),
};
const NOTIFICATION_DAYS = 30;

describe("one vocabulary for the supply's facts across the API, e-mail, chart, export and feed shapes", () => {
  const api = toMedication(row, TODAY);

  it("the API's answer: the facts the other shapes must repeat", () => {
    expect(api).toMatchObject({
      pillsRemaining: 22,
      daysLeft: 14,
      runsOutOn: "2026-03-15",
      pausedFrom: "2026-03-04",
      pausedUntil: "2026-03-06",
    });
  });

  it("the reminder e-mail's item says pillsRemaining and runsOutOn", () => {
    const content = reminderContent([{ ...row, pharmacyName: null, pharmacyPhone: null }], NOTIFICATION_DAYS, TODAY);
    const [item] = content.immediate;
    expect(item).toMatchObject({ pillsRemaining: api.pillsRemaining, daysLeft: api.daysLeft, runsOutOn: api.runsOutOn });
  });

  it("the supply chart and the calendar feed say runsOutOn and remindFrom", () => {
    const chart = supplyChart([], api, parseRegimen(row.regimen, row.pillsPerDay), TODAY, NOTIFICATION_DAYS);
    expect(chart).toMatchObject({ runsOutOn: api.runsOutOn, remindFrom: "2026-02-13" });
    expect(feedDates(api, { notificationDays: NOTIFICATION_DAYS })).toEqual({ remindFrom: chart.remindFrom, runsOutOn: api.runsOutOn });
  });

  it("the printed and exported list says pillsRemaining, daysLeft, runsOutOn, pausedFrom and pausedUntil", () => {
    const { pharmacyId: _pharmacyId, ...listed } = row;
    const [counted] = countedMedications([{ ...listed, pharmacyName: null, pharmacyPhone: null } as MedicationListRow], TODAY);
    expect(counted).toMatchObject({
      pillsRemaining: api.pillsRemaining,
      daysLeft: api.daysLeft,
      runsOutOn: api.runsOutOn,
      pausedFrom: api.pausedFrom,
      pausedUntil: api.pausedUntil,
    });
  });
});
