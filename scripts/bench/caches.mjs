// Does each per-isolate cache pay? Every one goes through boundedCache (src/shared/bounded-cache.ts);
// here that module is wrapped so one cache at a time can be switched off, and each cached function
// is timed on a realistic input with its cache and without it (the others left on, as in the app).
// A cache whose ratio (without ÷ with) stays under ~1.2× costs memory and a frozen shared value
// for nothing and should go. In process: src bundled with esbuild, no server.
import { join } from "node:path";
import { importBundled } from "./in-process.mjs";

const ROUNDS = 7;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const PAYS = 1.2;

// boundedCache as the app has it, unless the bench names the cache in globalThis.__uncached: then
// every call makes its answer afresh (what the code would do without that cache).
const SWITCH = `
import { boundedCache as kept, boundedCaches } from "./bounded-cache";
export { boundedCaches };
export function boundedCache(name, max, make) {
  const cache = kept(name, max, make);
  const switched = (...args) => (globalThis.__uncached?.has(name) ? make(...args) : cache(...args));
  Object.defineProperties(switched, { size: { get: () => cache.size }, max: { value: max }, clear: { value: () => cache.clear() } });
  return switched;
}`;

async function loadApp(cwd) {
  const entry = `
    export { supplyToday } from './src/data/supply-memo.ts';
    export { medicationToday, toMedication } from './src/data/medication-row.ts';
    export { sortedMedicationsJson } from './src/data/medication-json.ts';
    export { todayIn, localDateAt } from './src/domain/time.ts';
    export { doseText } from './src/domain/dose-text.ts';
    export { formatDate, formatNumber } from './src/i18n/format.ts';
    export { $plural } from './src/i18n/runtime.ts';
    export { inLocale } from './src/i18n/current.ts';
    export { boundedCaches } from './src/shared/bounded-cache.ts';`;
  const real = join(cwd, "src/shared/bounded-cache.ts");
  const switchable = {
    name: "switchable-caches",
    setup(b) {
      b.onResolve({ filter: /bounded-cache(\.ts)?$/ }, (args) =>
        args.importer === "switch" ? { path: real } : { path: "switch", namespace: "switch" },
      );
      b.onLoad({ filter: /.*/, namespace: "switch" }, () => ({
        contents: SWITCH,
        loader: "js",
        resolveDir: cwd,
      }));
    },
  };
  return importBundled(cwd, entry, [switchable]);
}

/** Microseconds a call of `fn`, median of ROUNDS rounds of about 50 ms each. */
function timeOf(fn) {
  let calls = 1;
  for (let started = performance.now(); performance.now() - started < 50; calls++) fn(); // warm up, and size a round
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const started = performance.now();
    for (let i = 0; i < calls; i++) fn();
    rounds.push(((performance.now() - started) * 1000) / calls);
  }
  return median(rounds);
}

const TODAY = "2026-11-27";
const addDays = (date, n) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A list of 100 stored medications as a busy account has them: mostly daily, some weekly, every few days or as needed, a few with a change of dose and a pause. */
function hundredRows() {
  const units = ["tablet", "capsule", "ml", "puff", "tablet", "tablet"];
  return Array.from({ length: 100 }, (_, i) => {
    const countedOn = addDays(TODAY, -(i % 45));
    const dose = 1 + (i % 3);
    const schedule =
      i % 10 === 7
        ? { type: "weekdays", dose, days: ["mon", "wed", "fri"] }
        : i % 10 === 8
          ? { type: "interval", dose, everyDays: 7, startsOn: countedOn }
          : i % 10 === 9
            ? { type: "asNeeded", perWeek: 6 }
            : { type: "daily", dose };
    const changes = [{ effectiveFrom: countedOn, schedule }];
    if (i % 5 === 0) changes.push({ effectiveFrom: addDays(countedOn, 10), schedule: { type: "daily", dose: dose + 1 } });
    const pauses = i % 7 === 0 ? [{ from: addDays(countedOn, 3), until: addDays(countedOn, 5) }] : [];
    return {
      id: i + 1,
      name: `Medication ${String(i + 1).padStart(3, "0")}`,
      pharmacyId: 1 + (i % 4),
      pillsPerDay: dose,
      pillsRemaining: 20 + ((i * 37) % 180),
      countedOn,
      pillsPerRefill: 30,
      lastRefillDate: i % 2 ? countedOn : null,
      refillsLeft: i % 3 ? 2 : null,
      prescriptionExpiresOn: i % 4 ? addDays(TODAY, 200) : null,
      unit: units[i % units.length],
      regimen: JSON.stringify({ changes, pauses }),
    };
  });
}

export async function measureCaches(report, { cwd }) {
  const app = await loadApp(cwd);
  const rows = hundredRows();
  const zones = ["Europe/Berlin", "America/New_York", "Asia/Kathmandu", "Pacific/Chatham", "UTC"];
  const dates = rows.map((r) => r.countedOn);
  const german = { language: "de", locale: "de-DE" };
  // name: the cache(s) switched off; what: the work timed (one call = a whole list where the app does it per list).
  const cases = [
    [
      "supplyToday",
      "supplyToday for a list of 100 medications",
      () =>
        rows.forEach((row) => {
          app.supplyToday(row, TODAY);
        }),
    ],
    [
      "medicationJson",
      "GET /api/medications's JSON for 100 medications (sortedMedicationsJson)",
      () => app.inLocale(german, () => app.sortedMedicationsJson(rows, TODAY)),
    ],
    [
      "medicationToday",
      "the dashboard's 100 medications, each kept whole (medicationToday)",
      () =>
        app.inLocale(german, () =>
          rows.forEach((row) => {
            app.medicationToday(row, TODAY);
          }),
        ),
    ],
    [
      "doseTexts,countTexts",
      "the worded dose and count of 100 medications (toMedication; i18n/memo.ts)",
      () =>
        app.inLocale(german, () =>
          rows.forEach((row) => {
            app.toMedication(row, TODAY);
          }),
        ),
    ],
    [
      "todayBySecond",
      "todayIn(zone) for each of 5 zones",
      () =>
        zones.forEach((zone) => {
          app.todayIn(zone);
        }),
    ],
    [
      "timeZoneFormatters,todayBySecond",
      "localDateAt in a zone (Intl.DateTimeFormat per zone)",
      () =>
        zones.forEach((zone, i) => {
          app.localDateAt(1_790_000_000_000 + i * 3_600_000, zone);
        }),
    ],
    [
      "dateFormats",
      "formatDate of 100 dates (Intl.DateTimeFormat per locale and style)",
      () =>
        app.inLocale(german, () =>
          dates.forEach((d) => {
            app.formatDate(d);
          }),
        ),
    ],
    [
      "numberFormats",
      "formatNumber of 100 numbers (Intl.NumberFormat per locale)",
      () =>
        app.inLocale(german, () =>
          rows.forEach((r) => {
            app.formatNumber(r.pillsRemaining);
          }),
        ),
    ],
    [
      "pluralRules",
      "the plural category of 100 counts (Intl.PluralRules per locale)",
      () =>
        app.inLocale(german, () =>
          rows.forEach((r) => {
            app.$plural(r.pillsRemaining, (c) => c);
          }),
        ),
    ],
    [
      "weekdayNames",
      "a weekday dose sentence (the locale's weekday names)",
      () => app.inLocale(german, () => app.doseText({ type: "weekdays", dose: 1, days: ["mon", "wed", "fri"] }, "tablet", TODAY)),
    ],
  ];
  const known = new Set(app.boundedCaches().map((c) => c.name));
  for (const [names, what, run] of cases) {
    const off = names.split(",");
    const missing = off.filter((name) => !known.has(name));
    if (missing.length) {
      report.note(`caches: no cache named ${missing.join(", ")} any more (${what}): nothing to compare`);
      continue;
    }
    globalThis.__uncached = new Set();
    const cached = timeOf(run);
    globalThis.__uncached = new Set(off);
    const uncached = timeOf(run);
    globalThis.__uncached = undefined;
    const key = off[0];
    report.figure(`cache_${key}_us`, Math.round(cached * 100) / 100);
    report.figure(`cache_${key}_off_us`, Math.round(uncached * 100) / 100);
    report.check(`cache_${key}_gain`, Math.round((uncached / cached) * 100) / 100, ">=", PAYS, `${what}: without the cache ÷ with it`);
  }
  report.note(
    `cache_*_us: microseconds for the work named, with the cache and with it switched off (_off), in node, median of ${ROUNDS} rounds of ~50 ms; a cache is kept only where its gain is ≥ ${PAYS}×`,
  );
}
