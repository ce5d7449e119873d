import { describe, expect, it } from "vitest";
import { todayIn } from "../src/domain/countdown";
import { addDays } from "../src/domain/time";
import { call, createPharmacy, medicationInput, setTimezone, signUp, storedRow, type Account } from "./helpers";

// A new medication's count may be dated back ('Count Date', up to a year): the count is
// charged from that day, and refills may be back-dated to it. A future last refill date is refused.

async function add(account: Account, overrides: Record<string, unknown>) {
  const pharmacy = await createPharmacy(account);
  return call("POST", "/api/medications", {
    cookie: account.cookie,
    body: medicationInput(pharmacy.id, { pillsPerDay: 1, pillsRemaining: 30, ...overrides }),
  });
}

describe("a new medication counted days ago", () => {
  it("30 pills counted 7 days ago at 1 a day: 23 today, and a refill picked up 5 days ago is accepted", async () => {
    const account = await signUp();
    const today = todayIn("UTC");
    const res = await add(account, { countedOn: addDays(today, -7), lastRefillDate: addDays(today, -7) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.pillsRemaining).toBe(23);
    expect((await storedRow(res.body.id)).countedOn).toBe(addDays(today, -7));

    const history = await call("GET", `/api/medications/${res.body.id}/history`, { cookie: account.cookie });
    expect(history.body.map((e: any) => [e.kind, e.localDate, e.pillsAfter])).toEqual([["created", addDays(today, -7), 30]]);

    const refill = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: res.body.id, pillsToAdd: 30, refilledOn: addDays(today, -5) },
    });
    expect(refill.status, refill.text).toBe(200);
    // 30 − 2 days = 28 on the pick-up day, + 30 = 58, − 5 days = 53 today.
    expect(refill.body).toMatchObject({ pillsRemaining: 53, lastRefillDate: addDays(today, -5) });
    const tooEarly = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: res.body.id, pillsToAdd: 30, refilledOn: addDays(today, -8) },
    });
    expect([tooEarly.status, tooEarly.body.code]).toEqual([400, "error_picked_up_too_early"]);
  });

  it("a refill may be back-dated to the very day of the count", async () => {
    const account = await signUp();
    const today = todayIn("UTC");
    const res = await add(account, { countedOn: addDays(today, -7) });
    const refill = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: res.body.id, pillsToAdd: 30, refilledOn: addDays(today, -7) },
    });
    expect(refill.status, refill.text).toBe(200);
    // 30 + 30 on the day of the count, − 7 days = 53 today.
    expect(refill.body).toMatchObject({ pillsRemaining: 53, lastRefillDate: addDays(today, -7) });
  });

  it("missing or empty means today, as before", async () => {
    const account = await signUp();
    for (const countedOn of [undefined, "", null]) {
      const res = await add(account, { countedOn });
      expect(res.status, res.text).toBe(201);
      expect(res.body.pillsRemaining).toBe(30);
      expect((await storedRow(res.body.id)).countedOn).toBe(todayIn("UTC"));
    }
  });

  it("exactly a year back is accepted; a day more, or a future day, is a 400 naming the field", async () => {
    const account = await signUp();
    const today = todayIn("UTC");
    expect((await add(account, { countedOn: addDays(today, -365), pillsRemaining: 400 })).status).toBe(201);
    const tooOld = await add(account, { countedOn: addDays(today, -366) });
    expect(tooOld.body).toEqual({ code: "field_counted_on_too_old", message: "The count date can be at most a year ago" });
    const future = await add(account, { countedOn: addDays(today, 1) });
    expect(future.body).toEqual({ code: "field_counted_on_future", message: "The count date cannot be in the future" });
    expect([tooOld.status, future.status]).toEqual([400, 400]);
    const malformed = await add(account, { countedOn: "last week" });
    expect([malformed.status, malformed.body.code]).toEqual([400, "field_counted_on_format"]);
  });

  it("in the account's zone: 'today' is the user's date", async () => {
    const account = await signUp();
    await setTimezone(account, "Pacific/Kiritimati");
    const theirs = todayIn("Pacific/Kiritimati");
    const res = await add(account, { countedOn: theirs });
    expect(res.status, res.text).toBe(201);
  });
});

describe("a future last refill date", () => {
  it("is refused on create and on edit with the field's code, in the request's language", async () => {
    const account = await signUp();
    const tomorrow = addDays(todayIn("UTC"), 1);
    const created = await add(account, { lastRefillDate: tomorrow });
    expect([created.status, created.body]).toEqual([
      400,
      { code: "field_last_refill_future", message: "Last refill date cannot be in the future" },
    ]);

    const ok = await add(account, { lastRefillDate: todayIn("UTC") });
    expect(ok.status).toBe(201);
    const pharmacyId = ok.body.pharmacyId;
    const edited = await call("PATCH", `/api/medications/${ok.body.id}`, {
      cookie: account.cookie,
      body: medicationInput(pharmacyId, { lastRefillDate: tomorrow }),
      headers: { "Accept-Language": "fr" },
    });
    expect([edited.status, edited.body.code, edited.body.message]).toEqual([
      400,
      "field_last_refill_future",
      "La date du dernier renouvellement ne peut pas être dans le futur",
    ]);
  });

  it("editing keeps its meaning: the count given is today's, whatever the last refill date", async () => {
    const account = await signUp();
    const res = await add(account, { countedOn: addDays(todayIn("UTC"), -7) });
    const edited = await call("PATCH", `/api/medications/${res.body.id}`, {
      cookie: account.cookie,
      body: medicationInput(res.body.pharmacyId, {
        pillsRemaining: 20,
        lastRefillDate: addDays(todayIn("UTC"), -20),
        countedOn: addDays(todayIn("UTC"), -100),
      }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.pillsRemaining).toBe(20);
    expect((await storedRow(res.body.id)).countedOn).toBe(todayIn("UTC"));
  });
});
