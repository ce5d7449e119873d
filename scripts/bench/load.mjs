// Requests/s and p99 of the API and the server-rendered dashboard, each against a static asset served
// by the same runtime in the same run (the ceiling on this machine). autocannon, loopback only.
import autocannon from "autocannon";
import { availableParallelism, loadavg } from "node:os";
import { round } from "./report.mjs";

export const CONNECTIONS = 16;

function cannon(url, { cookie, seconds }) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers: cookie ? { cookie } : {},
  });
}

/** One target: a short warm-up (JIT, isolate, SQLite page cache), then the measured run. */
async function measure(url, { cookie, seconds, warmupSeconds }) {
  await cannon(url, { cookie, seconds: warmupSeconds });
  const r = await cannon(url, { cookie, seconds });
  return {
    rps: round(r.requests.average, 0),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    // Anything but a 2xx is an error here: a 401 or a 500 must not pass for throughput.
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

export async function measureThroughput(report, { baseUrl, cookie, seconds = 6, warmupSeconds = 1 }) {
  const targets = [
    { key: "static", label: "static /favicon.svg", url: `${baseUrl}/favicon.svg` },
    // The floor of any signed-in request: the session lookup (one JOIN) and a small JSON answer.
    { key: "api_user", label: "GET /api/user", url: `${baseUrl}/api/user`, cookie },
    { key: "api", label: "GET /api/medications", url: `${baseUrl}/api/medications`, cookie },
    { key: "dashboard", label: "GET / (dashboard)", url: `${baseUrl}/`, cookie },
  ];
  // Anything else busy on the machine lowers every figure; the ratios to static are what compare.
  const load = round(loadavg()[0], 1);
  report.figure("load_average_1m_before_load", load);
  if (load > availableParallelism()) report.note(`the machine was already busy (load ${load} on ${availableParallelism()} cores): absolute req/s are low, ratios still compare`);
  const results = {};
  for (const t of targets) {
    const r = await measure(t.url, { cookie: t.cookie, seconds, warmupSeconds });
    results[t.key] = r;
    report.figure(`${t.key}_rps`, r.rps);
    report.figure(`${t.key}_p50_ms`, r.p50Ms);
    report.figure(`${t.key}_p99_ms`, r.p99Ms);
    report.figure(`${t.key}_errors`, r.errors);
  }
  const ceiling = results.static.rps;
  const apiRatio = round(results.api.rps / ceiling, 2);
  const dashboardRatio = round(results.dashboard.rps / ceiling, 2);
  report.figure("api_user_rps_ratio_to_static", round(results.api_user.rps / ceiling, 2));
  report.figure("api_rps_ratio_to_static", apiRatio);
  report.figure("dashboard_rps_ratio_to_static", dashboardRatio);
  report.figure("api_p99_ratio_to_static", round(results.api.p99Ms / Math.max(results.static.p99Ms, 1), 1));
  report.figure("dashboard_p99_ratio_to_static", round(results.dashboard.p99Ms / Math.max(results.static.p99Ms, 1), 1));
  report.check("GET /api/medications req/s ÷ static", apiRatio, ">=", 0.5);
  report.check("GET / req/s ÷ static", dashboardRatio, ">=", 0.3);
  const errors = Object.values(results).reduce((n, r) => n + r.errors, 0);
  report.check(`errors at ${CONNECTIONS} connections (all targets)`, errors, "==", 0);
  report.detail("throughput", { connections: CONNECTIONS, seconds, warmupSeconds, ...results });
}
