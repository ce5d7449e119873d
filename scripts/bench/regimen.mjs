// A medication at the limits (20 schedule changes, 20 pauses) costs no more than 3× a
// plain daily one in supplyOn and in its page's chart (supplyChart: the walk for each event's
// ran-out day and the projection). In process: src/domain bundled with esbuild, no server.
import { importBundled } from "./in-process.mjs";

const ROUNDS = 15;
const CALLS = 20_000;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// The message catalogs the chart's labels come from are built by importBundled when missing.
const loadDomain = (cwd) =>
  importBundled(
    cwd,
    "export { supplyOn, dailyRegimen } from './src/domain/regimen.ts'; export { supplyChart } from './src/domain/supply-chart.ts'; export { addDays } from './src/domain/time.ts'; export { MAX_PAUSES, MAX_SCHEDULE_CHANGES } from './src/domain/limits.ts'; export { storedChange, storedPause } from './src/domain/timeline.ts';",
  );

/** Microseconds of this process's CPU a call, over CALLS calls (CPU time: another process's load does not count). */
function roundOf(fn) {
  const started = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) fn();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / CALLS;
}

/**
 * Both functions timed in alternating rounds, so a change in the machine's load falls on both:
 * the median of each's rounds (µs a call) and the median of the rounds' ratios.
 */
function timePair(limits, plain) {
  // Warm up.
  for (let i = 0; i < CALLS; i++) {
    limits();
    plain();
  }
  const rounds = { limits: [], plain: [], ratio: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const [l, p] = [roundOf(limits), roundOf(plain)];
    rounds.limits.push(l);
    rounds.plain.push(p);
    rounds.ratio.push(l / p);
  }
  return { limits: median(rounds.limits), plain: median(rounds.plain), ratio: median(rounds.ratio) };
}

export async function measureRegimen(report, { cwd }) {
  const d = await loadDomain(cwd);
  const today = "2026-11-27";
  const countedOn = d.addDays(today, -30);
  // Both regimens as a newly written row stores them: each change and pause with its dates' day
  // numbers next to them (storedChange, storedPause, as every writer in src/data stores them).
  const plain = { changes: d.dailyRegimen(1, countedOn).changes.map(d.storedChange), pauses: [] };
  // At the limits as the API keeps them: changes alternating 1 and 2 a day around today (the walk
  // from the count's date and the projection both cross them), pauses of two days every week.
  const atLimits = {
    changes: Array.from({ length: d.MAX_SCHEDULE_CHANGES }, (_, i) =>
      d.storedChange({ effectiveFrom: d.addDays(countedOn, 5 * i), schedule: { type: "daily", dose: 1 + (i % 2) } }),
    ),
    pauses: Array.from({ length: d.MAX_PAUSES }, (_, i) =>
      d.storedPause({ from: d.addDays(countedOn, 7 * i + 2), until: d.addDays(countedOn, 7 * i + 3) }),
    ),
  };
  const events = [
    { id: 1, kind: "created", localDate: countedOn, pillsBefore: null, pillsAfter: 120, countedOn, pillsAdded: null, revertsEventId: null },
  ];
  const medications = Object.fromEntries(
    Object.entries({ plain, limits: atLimits }).map(([name, regimen]) => {
      const stored = { pillsRemaining: 120, countedOn, regimen };
      const supply = d.supplyOn(stored, today);
      const shown = { pillsRemaining: supply.pillsRemaining, runsOutOn: supply.runsOutOn, unit: "tablet" };
      return [name, { supplyOn: () => d.supplyOn(stored, today), chart: () => d.supplyChart(events, shown, regimen, today, 7) }];
    }),
  );
  const supplyOn = timePair(medications.limits.supplyOn, medications.plain.supplyOn);
  const chart = timePair(medications.limits.chart, medications.plain.chart);
  const figures = {
    plain_supply_on_us: supplyOn.plain,
    plain_chart_us: chart.plain,
    limits_supply_on_us: supplyOn.limits,
    limits_chart_us: chart.limits,
  };
  for (const [name, value] of Object.entries(figures)) report.figure(`regimen_${name}`, Math.round(value * 100) / 100);
  report.check(
    "regimen_limits_supply_on_ratio",
    Math.round(supplyOn.ratio * 100) / 100,
    "<=",
    3,
    "20 changes and 20 pauses cost ≤ 3× a plain daily medication in supplyOn",
  );
  report.check("regimen_limits_chart_ratio", Math.round(chart.ratio * 100) / 100, "<=", 3, "… and in its page's chart");
  report.note(
    `regimen_*_us: microseconds of CPU a call in node (median of ${ROUNDS} rounds of ${CALLS}, the two medications' rounds alternating; each ratio is the median of the rounds' ratios), a count 30 days old walked to today and on to its run-out`,
  );
}
