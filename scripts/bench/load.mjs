// Requests/s and p99 of the API and the server-rendered dashboard, each against a static asset served
// by the same runtime in the same run (the ceiling on this machine). autocannon, loopback only.
//
// The targets run in interleaved rounds (static, then each Worker route, three times over) and each
// ratio is the median of its per-round ratios: on a shared 2-core machine, load from other processes
// comes and goes, and a round compares routes under the same conditions.
import { autocannon } from "../../bench/tools.mjs";
import { availableParallelism, loadavg } from "node:os";
import { round } from "./report.mjs";

export const CONNECTIONS = 16;
const ROUNDS = 3;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function cannon(target, seconds) {
  const r = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers: target.cookie ? { cookie: target.cookie } : {},
  });
  // Any status but the expected one is an error: a 401 or a 500 must not pass for throughput.
  const unexpected = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== target.status)
    .reduce((n, [, s]) => n + s.count, 0);
  return {
    requests: r.requests.total,
    seconds: r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + unexpected,
  };
}

export async function measureThroughput(report, { baseUrl, cookie, caregiver, seconds = 3, warmupSeconds = 1 }) {
  const targets = [
    { key: "static", label: "static /favicon.svg", url: `${baseUrl}/favicon.svg`, status: 200 },
    // The Worker with no database: the whole middleware stack, answering 401 without a cookie.
    { key: "worker_no_db", label: "GET /api/user, no cookie (401)", url: `${baseUrl}/api/user`, status: 401 },
    // The floor of any signed-in request: the session lookup (one JOIN) and a small JSON answer.
    { key: "api_user", label: "GET /api/user", url: `${baseUrl}/api/user`, cookie, status: 200 },
    { key: "api", label: "GET /api/medications", url: `${baseUrl}/api/medications`, cookie, status: 200 },
    { key: "dashboard", label: "GET / (dashboard)", url: `${baseUrl}/`, cookie, status: 200 },
    // The same user's dashboard in German and in Arabic (right-to-left, six plural forms): the bench
    // user has no saved locale, so the `lang` cookie picks the language.
    { key: "dashboard_de", label: "GET / (dashboard, de)", url: `${baseUrl}/`, cookie: `${cookie}; lang=de`, status: 200 },
    { key: "dashboard_ar", label: "GET / (dashboard, ar)", url: `${baseUrl}/`, cookie: `${cookie}; lang=ar`, status: 200 },
    // The same person seen by a caregiver (a manager's account): the membership is read in the same
    // one round trip, so a shared person costs what one's own does.
    ...(caregiver
      ? [
          {
            key: "api_shared",
            label: "GET /api/profiles/:id/medications (caregiver)",
            url: `${baseUrl}/api/profiles/${caregiver.personId}/medications`,
            cookie: caregiver.cookie,
            status: 200,
          },
          {
            key: "dashboard_shared",
            label: "GET /p/:id/ (caregiver's dashboard of that person)",
            url: `${baseUrl}/p/${caregiver.personId}/`,
            cookie: caregiver.cookie,
            status: 200,
          },
        ]
      : []),
  ];
  const load = round(loadavg()[0], 1);
  report.figure("load_average_1m_before_load", load);
  if (load > availableParallelism())
    report.note(`the machine was already busy (load ${load} on ${availableParallelism()} cores): absolute req/s are low, ratios compare`);

  // Warm-up: JIT, the isolate, SQLite's page cache.
  for (const t of targets) await cannon(t, warmupSeconds);
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const results = {};
    for (const t of targets) results[t.key] = await cannon(t, seconds);
    rounds.push(results);
  }

  const summary = {};
  for (const t of targets) {
    const runs = rounds.map((r) => r[t.key]);
    const requests = runs.reduce((n, r) => n + r.requests, 0);
    const duration = runs.reduce((n, r) => n + r.seconds, 0);
    summary[t.key] = {
      rps: round(requests / duration, 0),
      p50Ms: median(runs.map((r) => r.p50)),
      p99Ms: median(runs.map((r) => r.p99)),
      errors: runs.reduce((n, r) => n + r.errors, 0),
      ratio: round(median(rounds.map((r) => r[t.key].requests / r[t.key].seconds / (r.static.requests / r.static.seconds))), 2),
    };
    const s = summary[t.key];
    report.figure(`${t.key}_rps`, s.rps);
    report.figure(`${t.key}_p50_ms`, s.p50Ms);
    report.figure(`${t.key}_p99_ms`, s.p99Ms);
    report.figure(`${t.key}_errors`, s.errors);
    if (t.key !== "static") report.figure(`${t.key}_rps_ratio_to_static`, s.ratio);
  }
  // Locally the asset path (router → asset worker) is no faster than a Worker route, so also compare
  // with the Worker's own floor: what each route adds on top of the middleware.
  for (const key of ["api_user", "api", "dashboard"])
    report.figure(`${key}_rps_ratio_to_worker_no_db`, round(summary[key].rps / summary.worker_no_db.rps, 2));
  report.figure("api_p99_ratio_to_static", round(summary.api.p99Ms / Math.max(summary.static.p99Ms, 1), 1));
  report.figure("dashboard_p99_ratio_to_static", round(summary.dashboard.p99Ms / Math.max(summary.static.p99Ms, 1), 1));
  report.check("GET /api/medications req/s ÷ static", summary.api.ratio, ">=", 0.8);
  report.check("GET / req/s ÷ static", summary.dashboard.ratio, ">=", 0.6);
  // Another language costs no more than English: each round compares the languages side by side.
  for (const language of ["de", "ar"]) {
    const key = `dashboard_${language}`;
    const ratio = round(median(rounds.map((r) => r[key].requests / r[key].seconds / (r.dashboard.requests / r.dashboard.seconds))), 2);
    report.check(`GET / in ${language} req/s ÷ in en`, ratio, ">=", 0.95);
  }
  // A shared person's pages within 10 % of one's own, compared round by round.
  if (caregiver)
    for (const [shared, own, label] of [
      ["api_shared", "api", "GET /api/profiles/:id/medications (caregiver) req/s ÷ GET /api/medications (own)"],
      ["dashboard_shared", "dashboard", "GET /p/:id/ (caregiver) req/s ÷ GET / (own)"],
    ]) {
      const ratio = round(median(rounds.map((r) => r[shared].requests / r[shared].seconds / (r[own].requests / r[own].seconds))), 2);
      report.check(label, ratio, ">=", 0.9);
    }
  const errors = Object.values(summary).reduce((n, s) => n + s.errors, 0);
  report.check(`errors at ${CONNECTIONS} connections (all targets)`, errors, "==", 0);
  report.detail("throughput", { connections: CONNECTIONS, rounds: ROUNDS, seconds, warmupSeconds, summary, perRound: rounds });
}
