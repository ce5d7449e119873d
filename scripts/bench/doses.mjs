// GET /api/medications for 100 medications with 90 days of three logged doses each since their
// count, against the same list without logs: the handler's work on the rows (src/data/medication-json.ts,
// sortedMedicationsJson) must stay within 10 %. The round trips are the route's one batch either way:
// the logs are never read by it, only the totals kept on each row (src/data/dose-log-sql.ts), which
// test/round-trips.test.ts counts. In process: src/ bundled with esbuild, no server.
import { importBundled } from "./in-process.mjs";

const MEDICATIONS = 100;
const DAYS = 90;
const ROUNDS = 7;
const CALLS = 200;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const loadData = (cwd) =>
  importBundled(
    cwd,
    "export { sortedMedicationsJson } from './src/data/medication-json.ts'; export { addDays } from './src/domain/time.ts';",
  );

/** The list's rows as the route reads them; `logged`: every dose of the 90 days logged as taken. */
function rows(d, today, logged, salt) {
  const countedOn = d.addDays(today, -DAYS);
  const times = [
    { at: "08:00", dose: 1 },
    { at: "14:00", dose: 1 },
    { at: "20:00", dose: 1 },
  ];
  return Array.from({ length: MEDICATIONS }, (_, i) => ({
    id: i + 1,
    name: `Medication ${i}`,
    pharmacyId: 1,
    pillsPerDay: 3,
    // Each call its own counts: the per-isolate supply memo must not answer from an earlier call.
    pillsRemaining: 300 + i + salt * MEDICATIONS,
    countedOn,
    pillsPerRefill: 90,
    lastRefillDate: null,
    refillsLeft: null,
    prescriptionExpiresOn: null,
    unit: "tablet",
    regimen: JSON.stringify({ changes: [{ effectiveFrom: countedOn, schedule: { type: "daily", dose: 3, times } }], pauses: [] }),
    countBy: "schedule",
    loggedTaken: logged ? 3 * DAYS : 0,
    loggedPlanned: logged ? 3 * DAYS : 0,
    loggedLastDate: logged ? d.addDays(today, -1) : null,
    loggedLastPlanned: logged ? 3 : 0,
  }));
}

/** Milliseconds a list, median of ROUNDS rounds of CALLS lists; the two kinds interleaved round by round. */
function timeOf(d, today) {
  const rounds = { logged: [], plain: [] };
  let salt = 0;
  const batches = (logged) => Array.from({ length: CALLS }, () => rows(d, today, logged, salt++));
  for (let r = 0; r <= ROUNDS; r++) {
    for (const kind of ["plain", "logged"]) {
      const lists = batches(kind === "logged");
      const started = performance.now();
      for (const list of lists) d.sortedMedicationsJson(list, today);
      // Round 0 warms the JIT up.
      if (r > 0) rounds[kind].push((performance.now() - started) / CALLS);
    }
  }
  return { logged: median(rounds.logged), plain: median(rounds.plain) };
}

export async function measureDoses(report, { cwd }) {
  const d = await loadData(cwd);
  const today = "2026-11-27";
  const { logged, plain } = timeOf(d, today);
  report.figure("doses_list_plain_ms", Math.round(plain * 1000) / 1000);
  report.figure("doses_list_logged_ms", Math.round(logged * 1000) / 1000);
  report.check(
    "doses_list_logged_ratio",
    Math.round((logged / plain) * 100) / 100,
    "<=",
    1.1,
    "GET /api/medications' work on 100 rows with 90 days of 3 logged doses each is within 10 % of the same rows without logs",
  );
  report.note(
    "doses_list_*_ms: sortedMedicationsJson over 100 rows, fresh counts each call (no memo hits); one round trip either way (test/round-trips.test.ts)",
  );
}
