import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createPharmacy, medicationInput, setTimezone, signUp, type Account } from "./helpers";

// The printed list's 'Taken (30 days)' column. Kolkata, Wednesday 10 March 2027 at 10:00.

const NOW = Date.UTC(2027, 2, 10, 4, 30);
let ana: Account;

/** Each row's medication name and last cell ('Taken (30 days)'). */
function takenColumn(html: string): string[][] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => {
    const cells = [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, ""));
    return [cells[0]!, cells.at(-1)!];
  });
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  ana = await signUp();
  await setTimezone(ana, "Asia/Kolkata");
  const pharmacy = await createPharmacy(ana);
  const add = async (body: Record<string, unknown>) => {
    const created = await call("POST", "/api/medications", { cookie: ana.cookie, body: medicationInput(pharmacy.id, body) });
    expect(created.status, created.text).toBe(201);
    return created.body.id as number;
  };
  const tablet = await add({
    name: "Aspirin",
    pillsRemaining: 90,
    countedOn: "2027-02-09",
    schedule: {
      type: "daily",
      times: [
        { at: "08:00", dose: 1 },
        { at: "20:00", dose: 1 },
      ],
    },
  });
  const inhaler = await add({ name: "Budesonide", unit: "puff", pillsRemaining: 200, schedule: { type: "asNeeded", perWeek: 6 } });
  await add({ name: "Cetirizine", pillsRemaining: 30 });
  const logged = await call("POST", "/api/doses", {
    cookie: ana.cookie,
    body: {
      doses: [
        { clientId: "t1", medicationId: tablet, date: "2027-03-09", at: "08:00", status: "taken" },
        { clientId: "t2", medicationId: tablet, date: "2027-03-10", at: "08:00", status: "taken" },
        { clientId: "t3", medicationId: inhaler, kind: "extra", amount: 2 },
      ],
    },
  });
  expect(logged.status, logged.text).toBe(200);
});

afterAll(() => {
  vi.useRealTimers();
});

describe("the printed list's Taken (30 days) column", () => {
  it("says the doses taken of those due, an as-needed medication's uses, and a dash when nothing was due", async () => {
    const page = await call("GET", "/medications/print", { cookie: ana.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Taken (30 days)");
    // Aspirin: 9 February–9 March, 29 days × 2 = 58 due, 1 taken; today's 08:00 taken, 20:00 still due:
    // 2 of 59. Budesonide: as needed, one logged use. Cetirizine: added today, today's dose still due.
    expect(takenColumn(page.text)).toEqual([
      ["Aspirin", "2 of 59"],
      ["Budesonide", "1 use"],
      ["Cetirizine", "—"],
    ]);
  });
});
