import { build } from "esbuild";
import { Worker } from "node:worker_threads";
import { beforeAll, describe, expect, it } from "vitest";
import type { StoredSupply, Supply } from "../../src/domain/regimen";

// Issue 29, F1: one as-needed medication at 1e-10 a week made supplyOn loop for ever, and a loop
// that never ends blocks the thread it runs on, so no test timeout inside it can fire. Each case
// runs supplyOn in a worker thread of its own (the domain module bundled as it is) and fails when
// the worker has not answered within TIME_LIMIT: the test that times out if a loop does not end.

const TIME_LIMIT = 5_000;
let bundle = "";

beforeAll(async () => {
  const result = await build({
    entryPoints: ["src/domain/regimen.ts"],
    bundle: true,
    write: false,
    format: "iife",
    globalName: "regimen",
    platform: "node",
    logLevel: "silent",
  });
  bundle = result.outputFiles[0]!.text;
});

/** supplyOn in a worker: its answer, or "timed out" when the walk did not end within TIME_LIMIT. */
function supplyOnInWorker(stored: StoredSupply, today: string): Promise<Supply | "timed out"> {
  const code = `${bundle}\nrequire("node:worker_threads").parentPort.postMessage(regimen.supplyOn(${JSON.stringify(stored)}, ${JSON.stringify(today)}));`;
  const worker = new Worker(code, { eval: true });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve("timed out");
    }, TIME_LIMIT);
    worker.once("message", (answer: Supply) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

const asNeeded = (perWeek: number, pillsRemaining = 30, pauses: StoredSupply["regimen"]["pauses"] = []): StoredSupply => ({
  pillsRemaining,
  countedOn: "2026-11-20",
  regimen: { changes: [{ effectiveFrom: "2026-11-20", schedule: { type: "asNeeded", perWeek } }], pauses },
});

describe("every walk over days ends (issue 29)", { timeout: 4 * TIME_LIMIT }, () => {
  it("F1: as-needed 1e-10 a week (a row stored before the limits) answers instead of spinning", async () => {
    const answer = await supplyOnInWorker(asNeeded(1e-10), "2026-11-27");
    expect(answer).not.toBe("timed out");
    expect(answer).toMatchObject({ pillsRemaining: 30, paused: false });
    expect((answer as Supply).daysLeft).toBeGreaterThan(0);
  });

  it("F1: the smallest and largest use the schema accepts, with the most pills, answer", async () => {
    for (const [perWeek, pills] of [
      [0.25, 1_000_000],
      [1000, 1_000_000],
      [0.25, 0],
    ] as const) {
      const answer = await supplyOnInWorker(asNeeded(perWeek, pills), "2026-11-27");
      expect(answer, `${perWeek} a week, ${pills} units`).not.toBe("timed out");
      expect((answer as Supply).daysLeft).toBeGreaterThanOrEqual(0);
    }
  });

  it("F5: a pause until 9999-12-30 (stored before the date limits) answers a well-formed date and no negative days left", async () => {
    const answer = await supplyOnInWorker(asNeeded(7, 30, [{ from: "2026-11-28", until: "9999-12-30" }]), "2026-11-27");
    expect(answer).not.toBe("timed out");
    const { daysLeft, runsOutOn } = answer as Supply;
    expect(daysLeft).toBeGreaterThanOrEqual(0);
    expect(runsOutOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
