// The hourly job with 10,000 users holding timed doses, against the Workers subrequest limit. In
// process: the Worker's own scheduled() and queue() (src/index.ts, bundled with esbuild) run in
// this Node process against Turso's protocol (scripts/libsql-http-server.mjs on a temp file, the
// production client @libsql/client/web), configured as production (no development outbox). Each
// invocation runs in its own AsyncLocalStorage context that counts its subrequests: every fetch
// (a database round trip, a push to the push service, answered 201 here without leaving the
// machine) and every REMINDER_QUEUE send or sendBatch (the queue is an array here). The tick is one
// invocation; each message it queues (the hour's plan), then each message those queue (one dose
// push per user and time, then its follow-up) is consumed as its own invocation, as
// max_batch_size = 1 does, until the queue is empty; delays are not waited for.
// Two hours: the US peak (users spread over US zones by population, the 08:00 Eastern hour) and
// the worst case (all 10,000 in one zone, every dose at 08:00).
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client/web";
import { startLibsqlHttpServer } from "../libsql-http-server.mjs";
import { migrate } from "../migrate-libsql.mjs";
import { importBundled } from "./in-process.mjs";
import { round } from "./report.mjs";

const USERS = Number(process.env.BENCH_DOSE_USERS ?? 10_000);
/** Workers' subrequests per invocation (paid plan), as src/reminders/tick.ts and docs/scale.md use. */
const LIMIT = 1_000;
/** Invocations in flight at once (the consumer's max_concurrency is 20; this machine has 2 cores). */
const PARALLEL = 4;
const PUSH_HOST = /(?:^|\.)(?:push\.apple\.com|googleapis\.com|push\.services\.mozilla\.com|notify\.windows\.com)$/;
// By population (docs/scale.md's US weighting), in per mille.
const US_ZONES = [
  ["America/New_York", 470],
  ["America/Chicago", 290],
  ["America/Denver", 50],
  ["America/Phoenix", 20],
  ["America/Los_Angeles", 164],
  ["America/Anchorage", 2],
  ["Pacific/Honolulu", 4],
];
/** 08:00 EST on a Wednesday (13:00Z), then the next day's, so the second hour's claims are its own. */
const PEAK = Date.UTC(2027, 0, 13, 13);
const WORST = Date.UTC(2027, 0, 14, 13);
/** The worst hour again, the next day, with every person watched by one other account (missed-dose alerts on, 60 min). */
const ALERTS = Date.UTC(2027, 0, 15, 13);
const WATCH_EVERYONE = `INSERT INTO memberships (person_id, user_id, role, missed_dose_alerts, missed_dose_after_minutes, created_at, missed_dose_alerts_since)
  SELECT p.id, p.account_user_id % ${USERS} + 1, 'helper', 1, 60, 0, 0 FROM people p WHERE p.account_user_id IS NOT NULL`;

const regimen = (times) =>
  JSON.stringify({
    changes: [
      {
        effectiveFrom: "2026-01-01",
        schedule: { type: "daily", dose: times.length, times: times.map((at) => ({ at, dose: 1 })) },
      },
    ],
    pauses: [],
  });

/** A P-256 key pair and auth secret as a browser's subscription holds them (shared by all devices: the work per push is the same). */
async function deviceKeys() {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return {
    p256dh: Buffer.from(raw).toString("base64url"),
    auth: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url"),
  };
}

async function vapidKeys() {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { VAPID_PUBLIC_KEY: Buffer.from(raw).toString("base64url"), VAPID_PRIVATE_KEY: jwk.d };
}

/**
 * USERS users, each with a twice-daily tablet (08:00, 20:00; every third also a morning tablet at
 * 08:00: one push names both) and push devices: 1, every tenth 2, every hundredth 10 (the account
 * limit). Dose reminders on, a 30-minute follow-up (the defaults); no refill reminder due.
 */
function seedSql(keys) {
  const zone = US_ZONES.map(([name], i) => {
    const upTo = US_ZONES.slice(0, i + 1).reduce((n, [, p]) => n + p, 0);
    return `WHEN n % 1000 < ${upTo} THEN '${name}'`;
  }).join(" ");
  return [
    `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${USERS})
     INSERT INTO users (id, username, username_key, password_hash, email, email_consent, timezone, notification_hour, notification_days, next_notification_at, created_at, reminders_by)
     SELECT n, 'dose-' || n, 'dose-' || n, 'not-a-hash', 'dose-' || n || '@example.test', 0, CASE ${zone} ELSE 'UTC' END, 9, 7, ${WORST + 30 * 86_400_000}, 0, 'push' FROM seq`,
    `INSERT INTO medications (user_id, name, pills_per_day, pills_remaining, counted_on, pills_per_refill, regimen)
     SELECT id, 'Metformin', 2, 500, '2026-01-01', 60, '${regimen(["08:00", "20:00"])}' FROM users`,
    `INSERT INTO medications (user_id, name, pills_per_day, pills_remaining, counted_on, pills_per_refill, regimen)
     SELECT id, 'Lisinopril', 1, 500, '2026-01-01', 30, '${regimen(["08:00"])}' FROM users WHERE id % 3 = 0`,
    `WITH RECURSIVE k(d) AS (SELECT 1 UNION ALL SELECT d + 1 FROM k WHERE d < 10)
     INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, label, created_at)
     SELECT u.id, 'https://fcm.googleapis.com/fcm/send/bench-' || u.id || '-' || k.d, '${keys.p256dh}', '${keys.auth}', 'Phone', 0
     FROM users u JOIN k ON k.d <= CASE WHEN u.id % 100 = 0 THEN 10 WHEN u.id % 10 = 0 THEN 2 ELSE 1 END`,
  ];
}

/**
 * The dose pushes consumed: every user with 10 devices (the costliest message) and one user in 50
 * of the others. A message's subrequests depend on its own user alone (devices + 3 or 4), so the
 * sample has the hour's maximum; consuming all 10,000 (20,000 invocations with the follow-ups, at
 * ~50 ms each against the local Hrana server) would take this bench ~15 minutes.
 */
const sampled = (body) => (body.kind !== "dose-push" && body.kind !== "missed-check") || body.userId % 100 === 0 || body.userId % 50 === 7;

/** Runs the invocations of one hour: the tick, then each queued message (dose pushes: the sample) until none is left. */
async function hour(worker, env, queue, meter, scheduledTime) {
  const invocations = [];
  let planned = 0;
  const ctx = { waitUntil() {}, passThroughOnException() {} };
  invocations.push(await meter.run("scheduled", () => worker.scheduled({ cron: "0 * * * *", scheduledTime }, env, ctx)));
  let next = 0;
  const consume = async () => {
    while (next < queue.length) {
      const item = queue[next++];
      if (item.body.kind === "dose-push" && item.body.push === "first" && item.attempts === 1) planned++;
      if (!sampled(item.body)) continue;
      let outcome = "ack";
      const message = {
        id: `m${next}`,
        timestamp: new Date(),
        attempts: item.attempts,
        body: item.body,
        ack: () => {},
        retry: () => (outcome = "retry"),
      };
      const batch = { queue: "refill-tracker-reminders", messages: [message], ackAll: () => {}, retryAll: () => (outcome = "retry") };
      const kind = item.body.kind === "dose-push" ? `dose-push ${item.body.push}` : item.body.kind;
      // A missed-dose check runs at its dose plus the member's minutes (its delay, not waited for here).
      const clock = item.body.kind === "missed-check" ? item.body.dueAt + 60 * 60_000 : undefined;
      invocations.push(await meter.run(kind, () => worker.queue(batch, env, ctx), clock));
      if (outcome === "retry") {
        if (item.attempts >= 4) throw new Error(`a ${kind} message was retried 3 times`);
        queue.push({ ...item, attempts: item.attempts + 1 });
      }
    }
  };
  // Workers run a queue's messages in parallel; this drains it with a few at once.
  while (next < queue.length) await Promise.all(Array.from({ length: PARALLEL }, consume));
  queue.length = 0;
  return { invocations, planned };
}

/** Per kind of invocation: how many, the most subrequests one made, and its parts. */
function summarize(invocations) {
  const kinds = {};
  for (const x of invocations) {
    const k = (kinds[x.kind] ??= { invocations: 0, maxSubrequests: 0, worst: null, pushes: 0 });
    k.invocations++;
    k.pushes += x.pushes;
    if (x.total > k.maxSubrequests) {
      k.maxSubrequests = x.total;
      k.worst = { db: x.db, queue: x.queue, pushes: x.pushes, other: x.other };
    }
  }
  return kinds;
}

export async function measureDosePushes(report, { cwd }) {
  // The whole Worker: its React SSR's CommonJS parts require Node's built-ins.
  const { worker } = await importBundled(cwd, "export { default as worker } from './src/index.ts';", [], {
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  const dir = mkdtempSync(join(tmpdir(), "refill-bench-doses-"));
  const hrana = await startLibsqlHttpServer({ file: join(dir, "db.sqlite") });
  const hranaOrigin = new URL(hrana.url).origin;
  const als = new AsyncLocalStorage();
  const realFetch = globalThis.fetch;
  const realNow = Date.now;
  try {
    const client = createClient({ url: hrana.url });
    const log = console.log;
    console.log = () => {}; // each migration says "applied …"
    await migrate(client).finally(() => (console.log = log));
    const started = performance.now();
    for (const sql of seedSql(await deviceKeys())) await client.execute(sql);
    const [[devices]] = [(await client.execute("SELECT count(*) AS n FROM push_subscriptions")).rows];
    report.note(`dose pushes: ${USERS} users and ${devices.n} devices seeded in ${Math.round(performance.now() - started)} ms`);

    const count = (part) => {
      const m = als.getStore();
      if (m) m[part]++;
    };
    globalThis.fetch = async (input, init) => {
      const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
      if (PUSH_HOST.test(url.hostname)) {
        count("pushes");
        return new Response(null, { status: 201 });
      }
      count(url.origin === hranaOrigin ? "db" : "other");
      if (url.origin !== hranaOrigin) throw new TypeError(`bench: the job fetched ${url.origin}, which this bench does not stand in for`);
      return realFetch(input, init);
    };
    const queue = [];
    const env = {
      TURSO_DATABASE_URL: hrana.url,
      TURSO_AUTH_TOKEN: "bench",
      POSTMARK_SERVER_TOKEN: "bench",
      APP_SECRET: "bench-secret-bench-secret-bench-secret",
      APP_URL: "https://refills.example",
      MAIL_FROM: "Refills <reminders@refills.example>",
      SUPPORT_EMAIL: "help@refills.example",
      PUSH_NOTIFICATIONS: "on",
      ...(await vapidKeys()),
      REMINDER_QUEUE: {
        async send(body, options) {
          count("queue");
          queue.push({ body: structuredClone(body), delaySeconds: options?.delaySeconds, attempts: 1 });
        },
        async sendBatch(messages) {
          count("queue");
          for (const m of messages) queue.push({ body: structuredClone(m.body), delaySeconds: m.delaySeconds, attempts: 1 });
        },
      },
    };
    // Date.now inside an invocation that carries its own clock (a missed-dose check), else the real one.
    Date.now = () => als.getStore()?.clock ?? realNow();
    const meter = {
      async run(kind, fn, clock) {
        const m = { kind, db: 0, queue: 0, pushes: 0, other: 0, clock };
        await als.run(m, fn);
        const { clock: _, ...counts } = m;
        return { ...counts, total: m.db + m.queue + m.pushes + m.other };
      },
    };

    const results = {};
    for (const [name, time, setup] of [
      ["peak", PEAK, null],
      ["worst", WORST, "UPDATE users SET timezone = 'America/New_York'"],
      ["alerts", ALERTS, WATCH_EVERYONE],
    ]) {
      if (setup) await client.execute(setup);
      const t0 = performance.now();
      const { invocations, planned } = await hour(worker, env, queue, meter, time);
      const kinds = summarize(invocations);
      const max = Math.max(...invocations.map((x) => x.total));
      const date = new Date(time).toISOString().slice(0, 10);
      const [[claims]] = [(await client.execute(`SELECT count(*) AS n FROM dose_push_claims WHERE local_date = '${date}'`)).rows];
      // The devices of the sampled users whose 08:00 falls in this hour (America/New_York: 13:00Z in January).
      const [[expected]] = [
        (
          await client.execute(
            `SELECT count(*) AS n FROM push_subscriptions p JOIN users u ON u.id = p.user_id WHERE u.timezone = 'America/New_York' AND (u.id % 100 = 0 OR u.id % 50 = 7)`,
          )
        ).rows,
      ];
      results[name] = { ms: Math.round(performance.now() - t0), max, planned, claims: claims.n, sampledDevices: expected.n, kinds };
      const line = Object.entries(kinds)
        .map(([k, v]) => `${k} ×${v.invocations} max ${v.maxSubrequests} ${JSON.stringify(v.worst)}`)
        .join("; ");
      console.log(`  ${name} hour: ${planned} dose pushes planned, ${invocations.length} invocations in ${results[name].ms} ms; ${line}`);
    }
    client.close();

    for (const [name, r] of Object.entries(results)) {
      report.figure(`dose_push_${name}_hour_max_subrequests`, r.max);
      report.figure(`dose_push_${name}_hour_plan_subrequests`, r.kinds["dose-plan"]?.maxSubrequests ?? null);
      report.figure(`dose_push_${name}_hour_planned_messages`, r.planned);
      report.figure(`dose_push_${name}_hour_sampled_messages`, r.kinds["dose-push first"]?.invocations ?? 0);
      report.figure(
        `dose_push_${name}_hour_sampled_pushes`,
        (r.kinds["dose-push first"]?.pushes ?? 0) + (r.kinds["dose-push follow-up"]?.pushes ?? 0),
      );
      report.figure(`dose_push_${name}_hour_wall_ms`, r.ms);
    }
    const a = results.alerts;
    report.figure("missed_dose_alerts_hour_plan_subrequests", a.kinds["missed-plan"]?.maxSubrequests ?? null);
    report.figure("missed_dose_alerts_hour_check_max_subrequests", a.kinds["missed-check"]?.maxSubrequests ?? null);
    report.figure("missed_dose_alerts_hour_sampled_checks", a.kinds["missed-check"]?.invocations ?? 0);
    report.check(
      `missed-dose alerts: most subrequests in one invocation, ${USERS} people each watched by one member, worst hour`,
      a.max,
      "<=",
      LIMIT,
      "Workers' 1,000 subrequests per invocation (the plan's pages and queue sends; a check's reads, claim and pushes)",
    );
    const w = results.worst;
    // Each sampled device once for its dose and once for its follow-up: the claims count them.
    for (const [name, r] of Object.entries(results))
      report.check(
        `dose pushes: each sampled device claimed for one push and one follow-up (${name} hour)`,
        r.claims,
        "==",
        2 * r.sampledDevices,
      );
    report.check(
      `dose pushes: most subrequests in one invocation, ${USERS} users, worst hour`,
      w.max,
      "<=",
      LIMIT,
      "Workers' 1,000 subrequests per invocation (database round trips + queue sends + pushes)",
    );
    report.note(
      `dose_push_*: per invocation kind ${Object.entries(w.kinds)
        .map(([k, v]) => `${k} ×${v.invocations} ≤ ${v.maxSubrequests}`)
        .join(", ")} (worst hour, ${round(w.ms / 1000, 1)} s wall in one Node process)`,
    );
    report.detail("dose-pushes", results);
  } finally {
    globalThis.fetch = realFetch;
    Date.now = realNow;
    await hrana.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
