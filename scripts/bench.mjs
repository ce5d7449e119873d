// `npm run bench`: measures the app as users feel it and as Workers bills it and prints
// `name: value` lines, a PASS/FAIL line per goal, and bench-results/latest.json. A missed goal is a
// finding, not a failure: the exit code is 0 unless the bench itself could not run or a budget (the
// dashboard's JavaScript as Chromium downloads it) was missed.
//
// Order matters on a 2-core machine: the Worker bundle is built before the dev server starts; the
// load runs, page weights and Lighthouse use a user with 100 medications; the reminder scenarios,
// which seed 100 000 users, come next. Then that dev server is stopped and the latency section starts
// its own, on libSQL over HTTP with 50 ms per database round trip (scripts/bench/latency.mjs). The
// whole run is bounded (DEADLINE_MS) and always ends the servers it started.
//
// Only some sections: `npm run bench -- --only latency` (or `--only=throughput,weights`, or
// BENCH_ONLY=latency npm run bench). Sections: worker (bundle and startup), regimen (supplyOn and the chart of a medication at the limits vs a plain daily one, in process), caches (each per-isolate cache on and off, in process), throughput, cpu (workerd CPU ms per request, steady on a busy machine), weights,
// lighthouse, import (the CSV preview of 1 MB of blank lines), reminders (with the dose pushes'
// subrequests per invocation, in process), latency. The shared dev
// server and the seeded user are set up only when a selected section needs them; the latency
// section always starts its own.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { measureLatency } from "./bench/latency.mjs";
import { measureCpu } from "./bench/cpu.mjs";
import { measureRouteCpu } from "./bench/route-cpu.mjs";
import { measureThroughput } from "./bench/load.mjs";
import { measureImport } from "./bench/import.mjs";
import { measureLighthouse } from "./bench/lighthouse.mjs";
import { measureRegimen } from "./bench/regimen.mjs";
import { measureDoses } from "./bench/doses.mjs";
import { measureCaches } from "./bench/caches.mjs";
import { measureReminders } from "./bench/reminders.mjs";
import { measureDosePushes } from "./bench/dose-pushes.mjs";
import { Report } from "./bench/report.mjs";
import { countMedications, registerUser, seedCaregiver, seedMedications } from "./bench/seed.mjs";
import { freePort, root, snapshotTree, startDevServer } from "./bench/server.mjs";
import { measurePageWeights } from "./bench/weights.mjs";
import { measureBrowserWeights } from "./bench/browser-weights.mjs";
import { measureWorker } from "./bench/worker.mjs";

// 290 s for the sections on the shared dev server, 90 s for the latency section (its own dev server,
// seeding at 50 ms per round trip, ~450 sequential requests: ~25 s, more when the machine is busy),
// ~2 min for the dose pushes' in-process hours (scripts/bench/dose-pushes.mjs).
const DEADLINE_MS = 750_000;
const MEDICATIONS = 100;
const SECTIONS = ["worker", "regimen", "doses", "caches", "throughput", "cpu", "weights", "lighthouse", "import", "reminders", "latency"];

/** The sections to run: all, or those of `--only a,b` / `--only=a,b` / BENCH_ONLY=a,b. */
function selectedSections(argv, env) {
  let value = env.BENCH_ONLY || null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--only") value = argv[++i] ?? "";
    else if (argv[i].startsWith("--only=")) value = argv[i].slice("--only=".length);
    else {
      console.error(`unknown argument ${argv[i]} (usage: npm run bench [-- --only ${SECTIONS.join(",")}])`);
      process.exit(2);
    }
  }
  if (value === null) return new Set(SECTIONS);
  const names = value
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !SECTIONS.includes(n));
  if (names.length === 0 || unknown.length) {
    console.error(`unknown section(s) ${unknown.join(", ") || "(none given)"}; sections: ${SECTIONS.join(", ")}`);
    process.exit(2);
  }
  return new Set(names);
}
const only = selectedSections(process.argv.slice(2), process.env);
const runs = (name) => only.has(name);

const report = new Report();
let server = null;
const cleanup = new Set(); // what a section started and must not outlive the bench (latency section)
const tree = snapshotTree();

function stopServer() {
  if (server) mkdirSync(join(root, "bench-results"), { recursive: true });
  if (server) writeFileSync(join(root, "bench-results/dev-server.log"), server.log()); // for a failed section's why
  server?.stop();
  server = null;
}

function finish(code) {
  report.printSummary();
  report.write(root);
  stopServer();
  for (const stop of cleanup) stop();
  rmSync(tree, { recursive: true, force: true });
  process.exit(code);
}

const watchdog = setTimeout(() => {
  report.note(`bench stopped at its ${DEADLINE_MS / 1000} s deadline; later sections did not run`);
  finish(1);
}, DEADLINE_MS);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => finish(130));
process.on("uncaughtException", (err) => {
  report.note(`bench crashed: ${err.stack ?? err}`);
  finish(1);
});

const started = Date.now();
report.note(`measuring a snapshot of the working tree (${tree}), so concurrent edits and builds in it cannot disturb the run`);
if (only.size < SECTIONS.length) report.note(`only these sections: ${[...only].join(", ")}`);
if (runs("worker")) await report.section("Worker bundle and startup", () => measureWorker(report, { cwd: tree }));
if (runs("regimen")) await report.section("A medication at the regimen limits (in process)", () => measureRegimen(report, { cwd: tree }));
if (runs("doses")) await report.section("A list with 90 days of dose logs (in process)", () => measureDoses(report, { cwd: tree }));
if (runs("caches")) await report.section("Per-isolate caches, each on and off (in process)", () => measureCaches(report, { cwd: tree }));

const userSections = ["throughput", "cpu", "weights", "lighthouse", "import"].filter(runs);
if (userSections.length || runs("reminders")) {
  await report.section("Dev server", async () => {
    // The Worker's inspector, for the CPU profile per route (idle unless that section connects).
    const inspectorPort = await freePort();
    server = await startDevServer({ cwd: tree, args: ["--inspector-port", String(inspectorPort)] });
    server.inspectorPort = inspectorPort;
    report.figure("dev_server_start_to_first_200_ms", server.startupMs);
    report.note(
      "dev_server_start_to_first_200_ms: `node scripts/dev.mjs` spawn → first 200, including the islands build, migrations and wrangler/workerd boot",
    );
  });
}

if (server) {
  let user = null;
  if (userSections.length) {
    await report.section(`Seed a user with ${MEDICATIONS} medications`, async () => {
      user = await registerUser(server.baseUrl);
      const via = await seedMedications(server, user, MEDICATIONS);
      const count = await countMedications(server.baseUrl, user.cookie);
      report.figure("seeded_medications", count);
      report.note(`seeded through ${via === "api" ? "POST /api/pharmacies and POST /api/medications" : "SQL (wrangler d1 execute)"}`);
      if (count !== MEDICATIONS) report.note(`GET /api/medications lists ${count}, expected ${MEDICATIONS}`);
    });
  }
  if (user) {
    const ctx = { baseUrl: server.baseUrl, cookie: user.cookie };
    if (runs("throughput"))
      await report.section("Throughput (16 connections)", async () =>
        measureThroughput(report, { ...ctx, caregiver: await seedCaregiver(server, user) }),
      );
    if (runs("cpu")) {
      await report.section("workerd CPU per request", () => measureCpu(report, { ...ctx, cwd: tree }));
      await report.section("Worker CPU per request by route (its CPU profile, one request at a time)", () =>
        measureRouteCpu(report, { ...ctx, inspectorPort: server.inspectorPort }),
      );
    }
    if (runs("weights")) {
      await report.section("JavaScript a browser downloads per page until the network is idle (Chromium, gzip -9)", () =>
        measureBrowserWeights(report, ctx),
      );
      await report.section("JavaScript and CSS each page's HTML loads up front (gzip -9)", () => measurePageWeights(report, ctx));
    }
    if (runs("lighthouse")) await report.section("Lighthouse (mobile)", () => measureLighthouse(report, ctx));
    if (runs("import")) await report.section("CSV import preview of 1 MB of blank lines", () => measureImport(report, ctx));
  }
  if (runs("reminders")) await report.section("Hourly reminder job", () => measureReminders(report, server));
}
// The latency section starts its own dev server: stop this one first, so the two don't share 2 cores.
stopServer();
// The dose pushes' share of the hourly job, in process (the dev server stopped: it has both cores).
if (runs("reminders"))
  await report.section("Hourly job: dose pushes for 10,000 users, subrequests per invocation (in process)", () =>
    measureDosePushes(report, { cwd: tree }),
  );
if (runs("latency")) await report.section("Latency: 50 ms per database round trip", () => measureLatency(report, { cwd: tree, cleanup }));

report.figure("bench_total_s", Math.round((Date.now() - started) / 1000));
clearTimeout(watchdog);
const missed = report.budgetsMissed;
if (missed.length) console.error(`\n${missed.length} budget(s) missed: ${missed.map((c) => c.name).join("; ")}`);
finish(missed.length ? 1 : 0);
