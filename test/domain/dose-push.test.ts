import { describe, expect, it } from "vitest";
import { confirmClientId, confirmPath, confirmRequest, doseActionRequest, readDosePush, DOSE_PUSH_MAX } from "../../src/shared/dose-push";
import { dosesSchema } from "../../src/shared/dose-schemas";

// What the service worker trusts of a dose reminder push (src/shared/dose-push.ts), and the request
// each button makes. A push comes from outside the page: anything it carries that a button would
// send back is checked first, and a payload that fails is shown without buttons.

const dose = (medicationId: number, overrides: Record<string, unknown> = {}) => ({
  clientId: `p-dev7-${medicationId}-20270310-0800`,
  medicationId,
  date: "2027-03-10",
  at: "08:00",
  ...overrides,
});
const payload = (overrides: Record<string, unknown> = {}) => ({
  title: "Time for 2 medications",
  body: "08:00",
  url: "/doses/confirm?date=2027-03-10&at=08:00",
  tag: "dose-2027-03-10-0800",
  lang: "en",
  kind: "dose",
  doses: [dose(3), dose(5)],
  actions: [
    { action: "taken", title: "  Taken " },
    { action: "snooze", title: "Snooze 15 min" },
  ],
  ...overrides,
});

describe("a dose push as the service worker reads it", () => {
  it("keeps the doses of one date and time and the two buttons, titles trimmed", () => {
    expect(readDosePush(payload())).toEqual({
      date: "2027-03-10",
      at: "08:00",
      doses: [dose(3), dose(5)],
      actions: [
        { action: "taken", title: "Taken" },
        { action: "snooze", title: "Snooze 15 min" },
      ],
    });
  });

  it("a forged action (another endpoint, a URL, a repeat, an empty title) is dropped, the rest kept", () => {
    const read = readDosePush(
      payload({
        actions: [
          { action: "delete-account", title: "OK" },
          { action: "https://evil.example/", title: "Open" },
          { action: "taken", title: "   " },
          { action: "snooze", title: "Snooze" },
          { action: "snooze", title: "Again" },
          "taken",
          null,
        ],
      }),
    );
    expect(read?.actions).toEqual([{ action: "snooze", title: "Snooze" }]);
  });

  it("fields smuggled into a dose never reach what is kept (so never a request)", () => {
    const read = readDosePush(payload({ doses: [{ ...dose(3), status: "skipped", amount: 1000, kind: "extra", userId: 9 }] }));
    expect(read?.doses).toEqual([dose(3)]);
  });

  it.each([
    ["no kind (the refill reminder)", { kind: undefined }],
    ["another kind", { kind: "refill" }],
    ["no doses", { doses: [] }],
    ["doses not a list", { doses: { 0: dose(3) } }],
    [`more than ${DOSE_PUSH_MAX} doses`, { doses: Array.from({ length: DOSE_PUSH_MAX + 1 }, (_, i) => dose(i + 1)) }],
    ["a clientId outside the pattern", { doses: [dose(3, { clientId: "p/../../x" })] }],
    ["a clientId too long", { doses: [dose(3, { clientId: "a".repeat(65) })] }],
    ["a medication id that is no id", { doses: [dose(3, { medicationId: 0 })] }],
    ["a fractional medication id", { doses: [dose(3, { medicationId: 1.5 })] }],
    ["a medication id as text", { doses: [dose(3, { medicationId: "3" })] }],
    ["a date that is not real", { doses: [dose(3, { date: "2027-02-30" })] }],
    ["a date with a time", { doses: [dose(3, { date: "2027-03-10T08:00" })] }],
    ["a time past 23:59", { doses: [dose(3, { at: "24:00" })] }],
    ["an untimed dose", { doses: [dose(3, { at: null })] }],
    ["two dates in one push", { doses: [dose(3), dose(5, { date: "2027-03-09" })] }],
    ["two times in one push", { doses: [dose(3), dose(5, { at: "20:00" })] }],
    ["the same clientId twice", { doses: [dose(3), dose(5, { clientId: dose(3).clientId })] }],
  ])("not a sound dose push: %s", (_, overrides) => {
    expect(readDosePush(payload(overrides))).toBeNull();
  });

  it("anything but an object is not a dose push", () => {
    for (const value of [null, undefined, "dose", 7, [payload()]]) expect(readDosePush(value)).toBeNull();
  });
});

describe("the request each button makes", () => {
  const push = readDosePush(payload())!;

  it("Taken: POST /api/doses with every dose of the push as taken, each with its own clientId, valid for the API", () => {
    const request = doseActionRequest("taken", push);
    expect(request).toEqual({
      path: "/api/doses",
      body: {
        doses: [
          { clientId: "p-dev7-3-20270310-0800", medicationId: 3, date: "2027-03-10", at: "08:00", status: "taken" },
          { clientId: "p-dev7-5-20270310-0800", medicationId: 5, date: "2027-03-10", at: "08:00", status: "taken" },
        ],
      },
    });
    expect(dosesSchema.safeParse(request.body).success).toBe(true);
  });

  it("Snooze: POST /api/doses/snooze with the push's date and time only", () => {
    expect(doseActionRequest("snooze", push)).toEqual({ path: "/api/doses/snooze", body: { date: "2027-03-10", at: "08:00" } });
  });

  it("the confirm page's Taken: the same request with clientIds of its own, the same on every tap", () => {
    expect(confirmClientId(12, "2027-03-10", "08:00")).toBe("c-12-20270310-0800");
    const request = confirmRequest("2027-03-10", "20:30", [12, 4]);
    expect(request).toEqual(confirmRequest("2027-03-10", "20:30", [12, 4]));
    expect(request.body).toEqual({
      doses: [
        { clientId: "c-12-20270310-2030", medicationId: 12, date: "2027-03-10", at: "20:30", status: "taken" },
        { clientId: "c-4-20270310-2030", medicationId: 4, date: "2027-03-10", at: "20:30", status: "taken" },
      ],
    });
    expect(dosesSchema.safeParse(request.body).success).toBe(true);
    expect(confirmPath("2027-03-10", "08:00")).toBe("/doses/confirm?date=2027-03-10&at=08:00");
  });
});
