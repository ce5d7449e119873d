// `npm run bench`: measures the app as users feel it and as Workers bills it (issue 6) and prints
// `name: value` lines, a PASS/FAIL line per goal, and bench-results/latest.json. A missed goal is a
// finding, not a failure: the exit code is 0 unless the bench itself could not run.
//
// Order matters on a 2-core machine: the Worker bundle is built before the dev server starts; the
// load runs, page weights and Lighthouse use a user with 100 medications; the reminder scenarios,
// which seed 100 000 users, come last. The whole run is bounded (DEADLINE_MS) and always ends the
// dev server it started.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { measureThroughput } from "./bench/load.mjs";
import { measureLighthouse } from "./bench/lighthouse.mjs";
import { measureReminders } from "./bench/reminders.mjs";
import { Report } from "./bench/report.mjs";
import { countMedications, registerUser, seedMedications } from "./bench/seed.mjs";
import { root, snapshotTree, startDevServer } from "./bench/server.mjs";
import { measurePageWeights } from "./bench/weights.mjs";
import { measureWorker } from "./bench/worker.mjs";

const DEADLINE_MS = 290_000;
const MEDICATIONS = 100;

const report = new Report();
let server = null;
const tree = snapshotTree();

function finish(code) {
  report.printSummary();
  report.write(root);
  if (server) writeFileSync(join(root, "bench-results/dev-server.log"), server.log()); // for a failed section's why
  server?.stop();
  server = null;
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
await report.section("Worker bundle and startup", () => measureWorker(report, { cwd: tree }));

await report.section("Dev server", async () => {
  server = await startDevServer({ cwd: tree });
  report.figure("dev_server_start_to_first_200_ms", server.startupMs);
  report.note("dev_server_start_to_first_200_ms: `node scripts/dev.mjs` spawn → first 200, including the islands build, migrations and wrangler/workerd boot");
});

if (server) {
  let user = null;
  await report.section(`Seed a user with ${MEDICATIONS} medications`, async () => {
    user = await registerUser(server.baseUrl);
    const via = await seedMedications(server, user, MEDICATIONS);
    const count = await countMedications(server.baseUrl, user.cookie);
    report.figure("seeded_medications", count);
    report.note(`seeded through ${via === "api" ? "POST /api/pharmacies and POST /api/medications" : "SQL (wrangler d1 execute)"}`);
    if (count !== MEDICATIONS) report.note(`GET /api/medications lists ${count}, expected ${MEDICATIONS}`);
  });
  if (user) {
    const ctx = { baseUrl: server.baseUrl, cookie: user.cookie };
    await report.section("Throughput (16 connections)", () => measureThroughput(report, ctx));
    await report.section("JavaScript and CSS per page (gzip -9)", () => measurePageWeights(report, ctx));
    await report.section("Lighthouse (mobile)", () => measureLighthouse(report, ctx));
  }
  await report.section("Hourly reminder job", () => measureReminders(report, server));
}

report.figure("bench_total_s", Math.round((Date.now() - started) / 1000));
clearTimeout(watchdog);
finish(0);
