import { describe, expect, it } from "vitest";
import { todayIn } from "../src/domain/countdown";
import { addDays } from "../src/domain/time";
import { call, createPharmacy, medicationInput, signUp } from "./helpers";

// The medication page's schedule: the one in force, the changes to come, and the pause.

const dateText = (date: string) =>
  new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(Date.parse(`${date}T00:00:00Z`));

describe("GET /medications/{id}: schedule and pause", () => {
  it("shows the schedule in force, an upcoming change with its date and a pause with its end", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account, { name: "Corner Pharmacy" });
    const today = todayIn("UTC");
    const { pillsPerDay: _daily, ...input } = medicationInput(pharmacy.id, { name: "Methotrexate", pillsRemaining: 24 });
    const body = { ...input, schedule: { type: "interval", dose: 6, everyDays: 7, startsOn: today } };
    const created = await call<{ id: number }>("POST", "/api/medications", { cookie: account.cookie, body });
    expect(created.status, created.text).toBe(201);
    const nextWeek = addDays(today, 7);
    const change = await call("PATCH", `/api/medications/${created.body.id}`, {
      cookie: account.cookie,
      body: { ...body, schedule: { type: "weekdays", dose: 1, days: ["mon", "wed", "fri"] }, effectiveFrom: nextWeek, confirmed: true },
    });
    expect(change.status, change.text).toBe(200);

    let html = (await call("GET", `/medications/${created.body.id}`, { cookie: account.cookie })).text;
    expect(html).toContain("6 tablets every 7 days");
    expect(html).toContain(`From ${dateText(nextWeek)}: 1 tablet Mon, Wed, Fri`);
    expect(html).not.toContain("Paused");

    // The same schedule again (PATCH needs one): the change to come stays; the pause alone is new.
    const until = addDays(today, 3);
    const pause = await call("PATCH", `/api/medications/${created.body.id}`, {
      cookie: account.cookie,
      body: { ...body, pausedFrom: today, pausedUntil: until },
    });
    expect(pause.status, pause.text).toBe(200);
    html = (await call("GET", `/medications/${created.body.id}`, { cookie: account.cookie })).text;
    expect(html).toContain(`Paused until ${dateText(until)}`);

    await call("PATCH", `/api/medications/${created.body.id}`, {
      cookie: account.cookie,
      body: { ...body, pausedFrom: today, pausedUntil: null },
    });
    html = (await call("GET", `/medications/${created.body.id}`, { cookie: account.cookie })).text;
    expect(html).toMatch(/>Paused</);
  });

  it("an as-needed medication says it is an estimate", async () => {
    const account = await signUp();
    const pharmacy = await createPharmacy(account, { name: "Corner Pharmacy" });
    const { pillsPerDay: _daily, ...input } = medicationInput(pharmacy.id, { name: "Salbutamol", pillsRemaining: 200 });
    const body = { ...input, unit: "puff", schedule: { type: "asNeeded", perWeek: 6 } };
    const created = await call<{ id: number }>("POST", "/api/medications", { cookie: account.cookie, body });
    expect(created.status, created.text).toBe(201);
    const html = (await call("GET", `/medications/${created.body.id}`, { cookie: account.cookie })).text;
    expect(html).toContain("As needed, about 6 puffs a week");
  });
});
