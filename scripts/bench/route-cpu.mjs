// Server CPU per request, route by route, from the Worker isolate's own CPU profile: requests are
// sent one at a time with a pause between them, so the profile's samples fall into one cluster per
// request (the sampler records nothing while the isolate is idle; a request's own waits on the
// database are far shorter than the pause). A cluster's samples × the sampling interval is that
// request's CPU in the Worker isolate (the D1 simulator runs in another isolate, unseen here), so the
// next feature's cost per route shows before it lands.
import { connectInspector } from "./inspector.mjs";
import { round } from "./report.mjs";

const INTERVAL_US = 100;
const PAUSE_MS = 120;
const GAP_US = 80_000; // longer than any wait inside one request, shorter than the pause
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** CPU ms of each request in a profile taken while `count` requests ran one by one. */
export function perRequestCpuMs(profile) {
  const clusters = [];
  let samples = 0;
  profile.samples.forEach((_, i) => {
    if (i > 0 && profile.timeDeltas[i] > GAP_US && samples > 0) {
      clusters.push(samples);
      samples = 0;
    }
    samples++;
  });
  if (samples > 0) clusters.push(samples);
  return clusters.map((n) => (n * INTERVAL_US) / 1000);
}

async function hit(url, cookie) {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
}

/** `inspectorPort`: the dev server's (wrangler dev --inspector-port). */
export async function measureRouteCpu(report, { baseUrl, cookie, inspectorPort }) {
  const list = await (await fetch(`${baseUrl}/api/medications`, { headers: { cookie } })).json();
  const feed = await (await fetch(`${baseUrl}/api/calendar-feed`, { method: "POST", headers: { cookie } })).json();
  const feedPath = new URL(feed.url).pathname;
  const routes = [
    { key: "list", path: "/api/medications", count: 40 },
    { key: "dashboard", path: "/", count: 40 },
    { key: "medication_page", path: `/medications/${list[0].id}`, count: 40 },
    { key: "print_page", path: "/medications/print", count: 40 },
    // The feed answers 30 fetches per 15 minutes: 4 to warm up, 25 measured.
    { key: "calendar_feed", path: feedPath, count: 25, warmup: 4, signedOut: true },
  ];
  const inspector = await connectInspector(inspectorPort);
  try {
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: INTERVAL_US });
    const summary = {};
    for (const route of routes) {
      const url = baseUrl + route.path;
      const as = route.signedOut ? null : cookie;
      for (let i = 0; i < (route.warmup ?? 20); i++) await hit(url, as);
      await new Promise((r) => setTimeout(r, PAUSE_MS));
      await inspector.send("Profiler.start");
      for (let i = 0; i < route.count; i++) {
        await hit(url, as);
        await new Promise((r) => setTimeout(r, PAUSE_MS));
      }
      const { profile } = await inspector.send("Profiler.stop");
      const perRequest = perRequestCpuMs(profile).sort((a, b) => a - b);
      const median = round(percentile(perRequest, 50), 2);
      const p95 = round(percentile(perRequest, 95), 2);
      summary[route.key] = { requests: route.count, clusters: perRequest.length, median, p95 };
      report.figure(`cpu_ms_per_request_median[${route.key}]`, median);
      report.figure(`cpu_ms_per_request_p95[${route.key}]`, p95);
      if (perRequest.length !== route.count)
        report.note(
          `${route.key}: ${perRequest.length} CPU clusters for ${route.count} requests (a request split by a long wait, or two merged): the figures are per cluster`,
        );
    }
    report.detail("routeCpu", { intervalUs: INTERVAL_US, pauseMs: PAUSE_MS, summary });
  } finally {
    inspector.close();
  }
}
