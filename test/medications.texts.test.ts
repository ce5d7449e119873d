import { beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../src/domain/countdown";
import { addDays } from "../src/domain/time";
import type { Medication } from "../src/domain/medications";
import { type Account, call, createPharmacy, medicationInput, signUp } from "./helpers";

// The dose and the count in words ('6 tablets every 7 days', '200 puffs') as the server writes them
// for the dashboard (its first render and every API answer), and as the print page shows them, in
// the request's language. The reminder e-mail's are in reminders.email.test.ts.

const today = () => todayIn("UTC");
const date = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
/** An interval's next dose day as the dose text names it ('Monday, Nov 30'): today here. */
const next = (locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${today()}T00:00:00Z`),
  );
const weekly = () => `6 tablets every 7 days, next on ${next("en")}`;
const monthly = () => `1 injection every 28 days, next on ${next("en")}`;
/** Mon, Wed, Fri as the locale abbreviates them (2024-01-01 was a Monday). */
const monWedFri = (locale: string) =>
  [1, 3, 5].map((d) => new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(Date.UTC(2024, 0, d))).join(", ");

let account: Account;
const until = () => addDays(today(), 4);

beforeAll(async () => {
  account = await signUp();
  const pharmacy = await createPharmacy(account);
  const add = async (body: Record<string, unknown>) => {
    const res = await call("POST", "/api/medications", {
      cookie: account.cookie,
      body: medicationInput(pharmacy.id, { pillsPerDay: undefined, ...body }),
    });
    expect(res.status, res.text).toBe(201);
  };
  await add({ name: "Methotrexate", pillsRemaining: 24, schedule: { type: "interval", dose: 6, everyDays: 7, startsOn: today() } });
  // A weekly-only drug three days a week: saved once the patient confirmed it.
  await add({
    name: "Alendronate",
    pillsRemaining: 12,
    schedule: { type: "weekdays", dose: 1, days: ["fri", "mon", "wed"] },
    confirmed: true,
  });
  await add({ name: "Salbutamol", unit: "puff", pillsRemaining: 200, schedule: { type: "asNeeded", perWeek: 6 } });
  await add({ name: "Insulin", unit: "unit", pillsRemaining: 300, schedule: { type: "daily", dose: 10 } });
  await add({
    name: "Depot",
    unit: "injection",
    pillsRemaining: 3,
    schedule: { type: "interval", dose: 1, everyDays: 28, startsOn: today() },
  });
  await add({
    name: "Syrup",
    unit: "ml",
    pillsRemaining: 5,
    schedule: { type: "daily", dose: 2.5 },
    pausedFrom: today(),
    pausedUntil: until(),
  });
  await add({ name: "Statin", pillsRemaining: 30, schedule: { type: "daily", dose: 1 }, pausedFrom: today(), pausedUntil: null });
});

type Texts = Pick<Medication, "doseText" | "remainingText" | "pauseText">;

async function apiTexts(lang: string): Promise<Record<string, Texts>> {
  const res = await call<Medication[]>("GET", "/api/medications", { cookie: `${account.cookie}; lang=${lang}` });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    res.body.map((m) => [m.name, { doseText: m.doseText, remainingText: m.remainingText, pauseText: m.pauseText }]),
  );
}

/** The dashboard's rendered cells (the Dose and Remaining columns), not the props it carries. */
const cellTexts = (html: string) =>
  [...html.matchAll(/<td role="cell"[^>]*><span class="card-label">([^<]*)<\/span><div>([^<]*)<\/div>/g)].map((m) => [m[1], m[2]]);

describe("the dose and the count in words", () => {
  it("English: every answer of the API", async () => {
    expect(await apiTexts("en")).toEqual({
      Methotrexate: { doseText: weekly(), remainingText: "24 tablets", pauseText: null },
      Alendronate: { doseText: "1 tablet Mon, Wed, Fri", remainingText: "12 tablets", pauseText: null },
      Salbutamol: { doseText: "As needed, about 6 puffs a week", remainingText: "200 puffs", pauseText: null },
      Insulin: { doseText: "10 units daily", remainingText: "300 units", pauseText: null },
      Depot: { doseText: monthly(), remainingText: "3 injections", pauseText: null },
      Syrup: { doseText: "2.5 ml daily", remainingText: "5 ml", pauseText: `Paused until ${date(until(), "en")}` },
      Statin: { doseText: "1 tablet daily", remainingText: "30 tablets", pauseText: "Paused" },
    });
  });

  it("German: the same answers in the request's language", async () => {
    const texts = await apiTexts("de");
    expect(texts.Methotrexate).toEqual({
      doseText: `6 Tabletten alle 7 Tage, nächste am ${next("de")}`,
      remainingText: "24 Tabletten",
      pauseText: null,
    });
    expect(texts.Alendronate!.doseText).toBe(`1 Tablette ${monWedFri("de")}`);
    expect(texts.Salbutamol).toEqual({ doseText: "Bei Bedarf, etwa 6 Hübe pro Woche", remainingText: "200 Hübe", pauseText: null });
    expect(texts.Insulin!.remainingText).toBe("300 Einheiten");
    expect(texts.Syrup!.pauseText).toBe(`Pausiert bis ${date(until(), "de")}`);
  });

  it("the dashboard's first render: a 'Dose' column and counts in each unit; 'Paused until' under the days left", async () => {
    const page = await call("GET", "/", { cookie: account.cookie });
    expect(page.status).toBe(200);
    const cells = cellTexts(page.text);
    for (const dose of [weekly(), "1 tablet Mon, Wed, Fri", "As needed, about 6 puffs a week", "10 units daily", monthly()])
      expect(cells).toContainEqual(["Dose", dose]);
    expect(cells).not.toContainEqual(["Daily Dose", expect.anything()]);
    for (const count of ["200 puffs", "300 units", "24 tablets", "5 ml"]) expect(page.text).toContain(`<div>${count}</div>`);
    expect(page.text).not.toMatch(/\d pills?</);
    expect(page.text).toMatch(/>Dose<svg/);
    // The paused syrup: its days left, then the pause's end; the statin paused with no end: 'Paused'.
    expect(page.text).toContain(
      `<div>5 ml</div><div class="text-xs text-slate-600">${(2 + 4 + 1).toString()} days left</div><div class="text-xs text-slate-600">Paused until ${date(until(), "en")}</div>`,
    );
    expect(page.text).toContain(`<div>30 tablets</div><div class="text-xs text-slate-600">Paused</div></td>`);
  });

  it("the dashboard in German", async () => {
    const page = await call("GET", "/", { cookie: `${account.cookie}; lang=de` });
    const cells = cellTexts(page.text);
    expect(cells).toContainEqual(["Dosis", `6 Tabletten alle 7 Tage, nächste am ${next("de")}`]);
    expect(cells).toContainEqual(["Dosis", "Bei Bedarf, etwa 6 Hübe pro Woche"]);
    expect(page.text).toContain("<div>200 Hübe</div>");
    expect(page.text).toContain(`Pausiert bis ${date(until(), "de")}`);
  });

  it("the print page: Dose and Remaining in words, in English and German", async () => {
    const english = await call("GET", "/medications/print", { cookie: account.cookie });
    expect(english.text).toContain('<th scope="col" class="border-b border-slate-300 px-2 py-1.5 align-top">Dose</th>');
    for (const text of [
      weekly(),
      "24 tablets",
      "As needed, about 6 puffs a week",
      "200 puffs",
      "10 units daily",
      "300 units",
      monthly(),
      "1 tablet Mon, Wed, Fri",
    ]) {
      expect(english.text).toContain(`>${text}</td>`);
    }
    expect(english.text).not.toContain("Pills per day");
    // Paused today until a date: the run-out date, then the pause; paused with no end: 'Paused'.
    expect(english.text).toContain(`<span class="block text-xs">Paused until ${date(until(), "en")}</span>`);
    expect(english.text).toMatch(/<td class="[^"]*"><span class="whitespace-nowrap">Paused<\/span><\/td>/);
    const german = await call("GET", "/medications/print", { cookie: `${account.cookie}; lang=de` });
    for (const text of [
      `6 Tabletten alle 7 Tage, nächste am ${next("de")}`,
      "Bei Bedarf, etwa 6 Hübe pro Woche",
      "200 Hübe",
      "300 Einheiten",
    ])
      expect(german.text).toContain(`>${text}</td>`);
    expect(german.text).toContain(">Verbleibend</th>");
  });
});
