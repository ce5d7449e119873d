// "Latency: 50 ms per database round trip": the app on its production database path — the libSQL
// client (@libsql/client/web) over Hrana HTTP, as with Turso — against scripts/libsql-http-server.mjs
// answering every HTTP request 50 ms late, the cost of one round trip from a far edge to the Turso
// primary. A signed-in read is meant to be ONE round trip (src/auth/signed-in.ts), so its time to
// first byte should be about 50 ms plus the Worker's own work; the goal is < 1 round trip + 15 ms.
//
// Method. A second dev server (the bench's first one is stopped before this section: 2 cores) runs
// with `--var TURSO_DATABASE_URL:<Hrana server>`, NODE_ENV=production and SERVER_TIMING=1, so every
// answer carries `Server-Timing: db;dur=…;desc="N queries"`. The Hrana server has no latency setter:
// it is restarted on the same port (same URL for the Worker) with another latencyMs. The database is
// migrated at 0 ms, then everything the app does (registering, seeding, the measured requests) sees
// 50 ms. The measured requests then alternate, in ROUNDS rounds, between 50 ms and 0 ms of latency:
// the 0 ms runs give the fixed cost (Worker, wrangler dev's proxy, the Hrana server itself), so the
// 50 ms figures minus the 0 ms ones is what the latency costs. Within a phase the targets interleave
// request by request, so load from others on the machine falls on all of them alike.
//
// TTFB: node:http with a keep-alive agent (one connection, as a browser reuses its connection to the
// edge), timed from the request call to the first byte the socket receives ('data'), with the
// 'response' event (headers parsed) as the fallback. Requests are sequential: one at a time.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client/web";
import { startLibsqlHttpServer } from "../libsql-http-server.mjs";
import { migrate } from "../migrate-libsql.mjs";
import { round } from "./report.mjs";
import { countMedications, registerUser, seedMedications } from "./seed.mjs";
import { root, startDevServer } from "./server.mjs";

export const LATENCY_MS = 50;
const SLACK_MS = 15; // the goal: TTFB < 1 round trip + SLACK_MS
const MEDICATIONS = 100;
const ROUNDS = 3;
const PER_ROUND = 10; // measured requests per target, phase and round: 30 per target at 50 ms
const WARMUP = 5; // per target after each restart of the Hrana server (its pooled connections are gone)

const median = (xs) => quantile(xs, 0.5);
/** Nearest-rank quantile. */
function quantile(values, q) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}

/** `db;dur=12.3;desc="1 query"` → { dbMs: 12.3, roundTrips: 1 }. */
export function parseServerTiming(header) {
  const m = /(?:^|,)\s*db;dur=([\d.]+);desc="(\d+) quer(?:y|ies)"/.exec(header ?? "");
  return m ? { dbMs: Number(m[1]), roundTrips: Number(m[2]) } : { dbMs: null, roundTrips: null };
}

/** One GET: status, TTFB (first byte on the socket), headers, last byte, Server-Timing. */
function timeRequest(agent, url, cookie) {
  return new Promise((resolve, reject) => {
    let firstByte;
    const headers = { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) };
    const started = performance.now();
    const req = request(url, { agent, headers }, (res) => {
      const headersAt = performance.now();
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("error", reject);
      res.on("end", () =>
        resolve({
          status: res.statusCode,
          ttfbMs: (firstByte ?? headersAt) - started,
          headersMs: headersAt - started,
          totalMs: performance.now() - started,
          bytes,
          ...parseServerTiming(res.headers["server-timing"]),
        }),
      );
    });
    req.on("socket", (socket) => socket.once("data", () => (firstByte ??= performance.now())));
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on("error", reject);
    req.end();
  });
}

/** The Hrana server on one port (one URL for the Worker), restartable with another latency. */
async function hranaServer(file) {
  let server = await startLibsqlHttpServer({ file, latencyMs: 0 });
  const { url, port } = server;
  let latencyMs = 0;
  return {
    url,
    get latencyMs() {
      return latencyMs;
    },
    get requests() {
      return server.requests;
    },
    async setLatency(ms) {
      if (ms === latencyMs) return;
      await server.close();
      server = null;
      for (let attempt = 0; ; attempt++) {
        try {
          server = await startLibsqlHttpServer({ file, port, latencyMs: ms });
          break;
        } catch (err) {
          if (attempt >= 20) throw new Error(`Hrana server could not listen on ${port} again: ${err.message}`);
          await new Promise((r) => setTimeout(r, 50)); // the port is not free yet
        }
      }
      latencyMs = ms;
    },
    close: () => server?.close(),
  };
}

function summarize(samples) {
  const ok = samples.filter((s) => s.ok);
  const roundTrips = [...new Set(ok.map((s) => s.roundTrips).filter((n) => n !== null))].sort((a, b) => a - b);
  const hranaRequests = [...new Set(ok.map((s) => s.hranaRequests))].sort((a, b) => a - b);
  const withDb = ok.filter((s) => s.dbMs !== null);
  const r = (v) => (v === null ? null : round(v, 1));
  return {
    n: ok.length,
    errors: samples.length - ok.length,
    ttfbMedianMs: r(median(ok.map((s) => s.ttfbMs))),
    ttfbP90Ms: r(
      quantile(
        ok.map((s) => s.ttfbMs),
        0.9,
      ),
    ),
    ttfbMinMs: r(
      quantile(
        ok.map((s) => s.ttfbMs),
        0,
      ),
    ),
    lastByteMedianMs: r(median(ok.map((s) => s.totalMs))),
    roundTrips, // as the Worker counted them (Server-Timing)
    hranaRequests, // as the Hrana server counted them, per answer
    dbMedianMs: r(median(withDb.map((s) => s.dbMs))),
    // Everything but the database: wrangler dev's proxy, the Worker's CPU (routing, rendering), the client.
    outsideDbMedianMs: r(median(withDb.map((s) => s.ttfbMs - s.dbMs))),
    bytesMedian: median(ok.map((s) => s.bytes)),
  };
}

const span = (values) => (values.length === 0 ? "none" : values.length === 1 ? String(values[0]) : `${values[0]}–${values.at(-1)}`);

/**
 * Runs the section. `cleanup` (a Set of functions) gets what must be stopped if the bench is ended
 * mid-section (its deadline, a signal); the section removes them itself when it is done.
 */
export async function measureLatency(report, { cwd, cleanup }) {
  const dir = mkdtempSync(join(tmpdir(), "refill-bench-libsql-"));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  cleanup.add(removeDir);
  let hrana = null;
  let server = null;
  const stopServer = () => server?.stop();
  cleanup.add(stopServer);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    hrana = await hranaServer(join(dir, "db.sqlite"));
    const client = createClient({ url: hrana.url });
    const migrated = await migrate(client).finally(() => client.close());
    report.note(
      `latency: Hrana server ${hrana.url} on a temp file, ${migrated.length} migrations applied at 0 ms latency, then restarted on the same port with ${LATENCY_MS} ms`,
    );
    await hrana.setLatency(LATENCY_MS);

    server = await startDevServer({ cwd, args: ["--var", `TURSO_DATABASE_URL:${hrana.url}`], env: { SERVER_TIMING: "1" } });
    report.figure("latency_dev_server_start_to_first_200_ms", server.startupMs);

    const user = await registerUser(server.baseUrl);
    const via = await seedMedications(server, user, MEDICATIONS);
    if (via !== "api") throw new Error("seeding through the API failed (the SQL fallback writes D1, not the Hrana database)");
    const count = await countMedications(server.baseUrl, user.cookie);
    report.figure("latency_seeded_medications", count);
    if (count !== MEDICATIONS) throw new Error(`GET /api/medications lists ${count} medications on libSQL, expected ${MEDICATIONS}`);

    const base = server.baseUrl;
    const targets = [
      { key: "dashboard", label: "GET / (dashboard)", url: `${base}/`, cookie: user.cookie, status: 200, goal: true },
      { key: "api", label: "GET /api/medications", url: `${base}/api/medications`, cookie: user.cookie, status: 200, goal: true },
      // For the analysis: the smallest signed-in answer (session only), the Worker without a
      // database (401), and a static asset (wrangler dev's proxy and the asset worker).
      { key: "api_user", label: "GET /api/user", url: `${base}/api/user`, cookie: user.cookie, status: 200 },
      { key: "worker_no_db", label: "GET /api/user, no cookie (401)", url: `${base}/api/user`, status: 401 },
      { key: "static", label: "GET /favicon.svg", url: `${base}/favicon.svg`, status: 200 },
    ];
    const phases = [LATENCY_MS, 0];
    const samples = Object.fromEntries(phases.map((ms) => [ms, Object.fromEntries(targets.map((t) => [t.key, []]))]));
    const one = async (t) => {
      const before = hrana.requests;
      const s = await timeRequest(agent, t.url, t.cookie);
      return { ...s, ok: s.status === t.status, hranaRequests: hrana.requests - before };
    };
    for (let r = 0; r < ROUNDS; r++) {
      for (const ms of phases) {
        await hrana.setLatency(ms);
        for (let i = 0; i < WARMUP; i++) for (const t of targets) await one(t);
        for (let i = 0; i < PER_ROUND; i++) for (const t of targets) samples[ms][t.key].push(await one(t));
      }
    }

    const summary = {};
    for (const ms of phases) {
      summary[ms] = {};
      const prefix = ms === LATENCY_MS ? "latency" : `latency${ms}`;
      for (const t of targets) {
        const s = (summary[ms][t.key] = summarize(samples[ms][t.key]));
        report.figure(`${prefix}_${t.key}_ttfb_median_ms`, s.ttfbMedianMs);
        report.figure(`${prefix}_${t.key}_ttfb_p90_ms`, s.ttfbP90Ms);
        if (t.key !== "static" && t.key !== "worker_no_db") {
          report.figure(`${prefix}_${t.key}_db_round_trips`, span(s.roundTrips));
          report.figure(`${prefix}_${t.key}_db_median_ms`, s.dbMedianMs);
          report.figure(`${prefix}_${t.key}_outside_db_median_ms`, s.outsideDbMedianMs);
        }
        if (s.errors)
          report.note(`latency ${ms} ms: ${t.label} answered other than ${t.status} ${s.errors}× of ${samples[ms][t.key].length}`);
      }
    }
    const slow = summary[LATENCY_MS];
    const fast = summary[0];
    for (const t of targets.filter((t) => t.goal)) {
      report.figure(`latency_${t.key}_cost_of_latency_ms`, round(slow[t.key].ttfbMedianMs - fast[t.key].ttfbMedianMs, 1));
      report.figure(`latency_${t.key}_hrana_requests_per_answer`, span(slow[t.key].hranaRequests));
      report.check(
        `${t.label} median TTFB, ${LATENCY_MS} ms per DB round trip`,
        slow[t.key].ttfbMedianMs,
        "<=",
        LATENCY_MS + SLACK_MS,
        `1 round trip + ${SLACK_MS} ms (p90 ${slow[t.key].ttfbP90Ms} ms; ${span(slow[t.key].roundTrips)} round trip(s) per answer)`,
      );
      report.check(`${t.label} database round trips per answer (Server-Timing, max)`, slow[t.key].roundTrips.at(-1) ?? null, "==", 1);
    }
    report.note(
      `latency: TTFB = request sent → first byte on the socket (node:http, one keep-alive connection, sequential); ${ROUNDS} rounds × ${PER_ROUND} requests per target at ${LATENCY_MS} ms and at 0 ms, ${WARMUP} warm-up requests per target after each Hrana restart`,
    );
    report.detail("latency", {
      latencyMs: LATENCY_MS,
      slackMs: SLACK_MS,
      rounds: ROUNDS,
      perRound: PER_ROUND,
      warmup: WARMUP,
      summary,
      samples: Object.fromEntries(
        phases.map((ms) => [
          ms,
          Object.fromEntries(
            targets.map((t) => [t.key, samples[ms][t.key].map((s) => [round(s.ttfbMs, 2), s.dbMs, s.roundTrips, s.hranaRequests])]),
          ),
        ]),
      ),
    });
  } finally {
    agent.destroy();
    if (server) {
      mkdirSync(join(root, "bench-results"), { recursive: true });
      writeFileSync(join(root, "bench-results/dev-server-latency.log"), server.log()); // for a failed run's why
      server.stop();
    }
    await hrana?.close();
    removeDir();
    cleanup.delete(stopServer);
    cleanup.delete(removeDir);
  }
}
