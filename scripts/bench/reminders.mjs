// The hourly job, fired the way README shows (/cdn-cgi/handler/scheduled) against users seeded in SQL:
//   A: 10 000 users, 1 000 due;  B: 100 000 users, the same 1 000 due;  C: 100 000 users, 10 000 due;
//   D: B again with each due user reminded of three people (its own and two without an account).
// Every seeded user has a pharmacy and one medication running low (3 days left, notification_days 7),
// so each due user gets exactly one e-mail; not-due users wait for a later hour. B ÷ A shows whether
// the work follows the users due (the goal) or all users. With REMINDER_QUEUE bound (wrangler.toml;
// simulated locally), a tick does one batch of 400 users itself and queues the rest: in C the tick
// answers after its inline half and the queue consumer sends the other half, so C is timed until
// every due user has an e-mail (polled through wrangler d1, ~1 s resolution).
import { round } from "./report.mjs";

const ID_BASE = 1_000_000; // seeded users are ID_BASE + n, clear of the users the API registers
const SMOKE = 20;
const HOUR = 3_600_000;

const tickUrl = (baseUrl, time) => `${baseUrl}/cdn-cgi/handler/scheduled?cron=0+*+*+*+*&time=${time}`;

async function fireTick(baseUrl, time, timeoutMs = 120_000) {
  const started = performance.now();
  const res = await fetch(tickUrl(baseUrl, time), { signal: AbortSignal.timeout(timeoutMs) });
  const body = await res.text();
  return { ms: round(performance.now() - started, 0), status: res.status, body: body.slice(0, 300) };
}

/** Users ID_BASE+from … ID_BASE+to, each with a pharmacy and one low medication; due ones at `time`. */
function seedUsersSql({ from, to, dueUpTo, time, today }) {
  const ids = `id BETWEEN ${ID_BASE + from} AND ${ID_BASE + to}`;
  return `
WITH RECURSIVE seq(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM seq WHERE n < ${to})
INSERT INTO users (id, username, username_key, password_hash, email, email_confirmed_at, email_consent, timezone, notification_hour, notification_days, next_notification_at, created_at)
SELECT ${ID_BASE} + n, 'reminder-' || n, 'reminder-' || n, 'not-a-hash', 'reminder-' || n || '@example.test', ${time}, 1, 'UTC', 9, 7,
       CASE WHEN n <= ${dueUpTo} THEN ${time - 60_000} ELSE ${time + HOUR} + (n % 23) * ${HOUR} END, ${time}
FROM seq;
INSERT INTO pharmacies (user_id, name, phone_number) SELECT id, 'Bench Pharmacy', '+12125550100' FROM users WHERE ${ids};
INSERT INTO medications (user_id, name, pharmacy_id, pills_per_day, pills_remaining, counted_on, pills_per_refill, last_refill_date)
SELECT p.user_id, 'Benchmarin 10 mg', p.id, 1, 3, '${today}', 30, NULL FROM pharmacies p WHERE p.user_id BETWEEN ${ID_BASE + from} AND ${ID_BASE + to};`;
}

/**
 * Two people without an account ("Dad n", "Mom n") for each of users 1…`upTo`, owned by that user,
 * each with one low medication: their daily reminder covers three people (its own and these two).
 */
function seedPeopleSql({ upTo, time, today }) {
  const owners = `SELECT id FROM users WHERE id BETWEEN ${ID_BASE + 1} AND ${ID_BASE + upTo}`;
  return `
INSERT INTO people (name, account_user_id, created_at) SELECT 'Dad ' || id, NULL, ${time} FROM (${owners});
INSERT INTO people (name, account_user_id, created_at) SELECT 'Mom ' || id, NULL, ${time} FROM (${owners});
INSERT INTO memberships (person_id, user_id, role, created_at)
SELECT id, CAST(substr(name, 5) AS INTEGER), 'owner', ${time} FROM people WHERE account_user_id IS NULL AND (name LIKE 'Dad %' OR name LIKE 'Mom %');
INSERT INTO medications (user_id, person_id, name, pharmacy_id, pills_per_day, pills_remaining, counted_on, pills_per_refill, last_refill_date)
SELECT m.user_id, m.person_id, 'Benchmarin 10 mg', NULL, 1, 3, '${today}', 30, NULL
FROM memberships m JOIN people p ON p.id = m.person_id WHERE p.account_user_id IS NULL AND m.user_id BETWEEN ${ID_BASE + 1} AND ${ID_BASE + upTo};`;
}

/** Forget the previous scenario's sends and make users 1…due due again at `time`. */
const resetSql = ({ due, time }) => `
DELETE FROM dev_emails; DELETE FROM reminder_log; DELETE FROM notifications;
UPDATE users SET next_notification_at = ${time - 60_000} WHERE id BETWEEN ${ID_BASE + 1} AND ${ID_BASE + due};`;

/**
 * A read of the server's SQLite file beside the running Worker. While the queue consumer is writing
 * batches, wrangler's own connection can find the file locked (SQLITE_BUSY): try again shortly.
 */
async function read(d1, sql, tries = 8) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await d1(sql);
    } catch (err) {
      if (attempt >= tries) throw err;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

async function outcome(d1, time) {
  const [[emails], statuses, [stillDue]] = await read(
    d1,
    `SELECT count(*) AS n FROM dev_emails;
     SELECT status, count(*) AS n FROM reminder_log GROUP BY status;
     SELECT count(*) AS n FROM users WHERE id > ${ID_BASE} AND email_consent = 1 AND email_confirmed_at IS NOT NULL AND next_notification_at <= ${time};`,
  );
  return { emails: emails.n, log: Object.fromEntries(statuses.map((s) => [s.status, s.n])), stillDue: stillDue.n };
}

/**
 * One scenario: the tick's own duration, then (if the job fanned out through a queue and the tick
 * came back before the mail went) polling until every due user has an e-mail or 90 s pass. "All
 * sent" is read from the outbox's own stamps (the last e-mail's created_at, the Worker's clock on
 * this machine), not from when a poll saw them: one `wrangler d1` read takes about a second, long
 * enough for the queue consumer to finish thousands of e-mails unseen. Polling goes on until the job
 * has also recorded its last batch (a batch records its outcomes after its last e-mail is written).
 */
async function scenario(server, { name, due, time }) {
  const tickStartedAt = Date.now();
  const tick = await fireTick(server.baseUrl, time);
  const tickReturnedAt = Date.now();
  if (tick.status !== 200) throw new Error(`${name}: tick answered ${tick.status} ${tick.body}`);
  let result = await outcome(server.d1, time);
  const deadline = performance.now() + 90_000;
  const settled = (r) => r.emails >= due && r.stillDue === 0 && !r.log.sending;
  while (!settled(result) && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250)); // plus ~1 s for each wrangler d1 call
    result = await outcome(server.d1, time);
  }
  const [[stamps]] = await read(
    server.d1,
    `SELECT count(*) FILTER (WHERE created_at <= ${tickReturnedAt}) AS inline, max(created_at) AS last FROM dev_emails`,
  );
  const emailsWhenTickReturned = stamps.inline;
  const allSentMs = result.emails >= due ? Math.max(tick.ms, stamps.last - tickStartedAt) : null;
  console.log(
    `  ${name}: tick ${tick.ms} ms (${emailsWhenTickReturned} e-mails by then), all sent ${allSentMs} ms, e-mails ${result.emails}/${due}, log ${JSON.stringify(result.log)}, still due ${result.stillDue}`,
  );
  return { ...tick, allSentMs, emailsWhenTickReturned, ...result };
}

/** The job's first logged failure, shortened (the full line can carry a whole SQL statement). */
function firstReminderError(log) {
  const line = log.split("\n").find((l) => /\[reminders\]|\[scheduled\]|reminder tick/.test(l));
  if (!line) return null;
  const cause = log.match(/D1_ERROR[^\n]{0,120}|too many SQL variables[^\n]{0,60}/)?.[0];
  return `${line.replace(/\x1b\[[0-9;]*m/g, "").slice(0, 200)}${cause ? ` … ${cause}` : ""}`;
}

/** Is `scheduled` wired? A tick at a time when no seeded user is due answers 200 if so. */
async function probe(server, time) {
  const tick = await fireTick(server.baseUrl, time);
  const missing = tick.status !== 200 && /scheduled\(\)|lack a handler/i.test(server.log());
  return { ...tick, missing };
}

export async function measureReminders(report, server) {
  const time = Math.floor(Date.now() / HOUR) * HOUR; // on the hour, as the cron fires
  const today = new Date(time).toISOString().slice(0, 10);
  const empty = await probe(server, time - 30 * 24 * HOUR);
  const names = { ratio: "reminder tick 100k users ÷ 10k users, same 1k due", c: "reminder tick ms (100k users, 10k due)" };
  if (empty.missing || empty.status !== 200) {
    report.note(
      `reminder job pending: the tick answered HTTP ${empty.status} (${empty.missing ? "the Worker exports no scheduled()" : empty.body})`,
    );
    report.check(names.ratio, null, "<=", 1.3, "pending: scheduled() not wired yet");
    report.check(names.c, null, "<=", 900_000, "pending: scheduled() not wired yet");
    report.detail("reminders", { pending: true, probe: empty });
    return;
  }
  report.figure("reminder_tick_ms_nobody_due", empty.ms);

  // Warm-up and smoke test: 20 due users (more than one tiny batch). Its time is not a figure: the
  // first tick pays for compiling the job's code paths.
  // Only reminders count: earlier sections' accounts left their confirmation e-mails in the outbox.
  await server.d1("DELETE FROM dev_emails;");
  await server.d1(seedUsersSql({ from: 1, to: 10_000, dueUpTo: SMOKE, time, today }));
  const smoke = await fireTick(server.baseUrl, time, 60_000).catch((err) => ({ status: 0, body: String(err), ms: null }));
  const smokeResult = await outcome(server.d1, time);
  if (smokeResult.emails !== SMOKE) {
    const why = firstReminderError(server.log()) ?? `tick answered ${smoke.status} ${smoke.body}`;
    report.note(
      `reminder job blocked: ${smokeResult.emails}/${SMOKE} due users got an e-mail (log ${JSON.stringify(smokeResult.log)}); first error: ${why}`,
    );
    for (const [name, goal] of [
      [names.ratio, 1.3],
      [names.c, 900_000],
    ])
      report.check(name, null, "<=", goal, "blocked: see note");
    report.detail("reminders", { blocked: true, smoke: { ...smoke, ...smokeResult }, why });
    return;
  }

  await server.d1(resetSql({ due: 1_000, time }));
  const a = await scenario(server, { name: "A 10k users / 1k due", due: 1_000, time });

  await server.d1(resetSql({ due: 1_000, time }) + seedUsersSql({ from: 10_001, to: 100_000, dueUpTo: 0, time, today }));
  const b = await scenario(server, { name: "B 100k users / 1k due", due: 1_000, time });

  await server.d1(resetSql({ due: 10_000, time }));
  const c = await scenario(server, { name: "C 100k users / 10k due", due: 10_000, time });

  // D: B's 1k due users, each now reminded of three people (its own and two without an account):
  // one e-mail each still, the people's medications read in the batch's one statement.
  await server.d1(resetSql({ due: 1_000, time }) + seedPeopleSql({ upTo: 1_000, time, today }));
  const d = await scenario(server, { name: "D 100k users / 1k due, 3 people each", due: 1_000, time });
  report.figure("reminder_tick_ms_100k_users_1k_due_3_people", d.ms);
  report.figure("reminder_tick_ratio_3_people_to_1", round((d.allSentMs ?? d.ms) / (b.allSentMs ?? b.ms), 2));
  report.figure("reminder_emails_D", d.emails);
  if (d.emails !== 1_000) report.note(`scenario D: ${d.emails} e-mails for 1000 due users (log ${JSON.stringify(d.log)})`);

  const ratio = round((b.allSentMs ?? b.ms) / (a.allSentMs ?? a.ms), 2);
  report.figure("reminder_tick_ms_10k_users_1k_due", a.ms);
  report.figure("reminder_tick_ms_100k_users_1k_due", b.ms);
  report.figure("reminder_tick_ratio_100k_to_10k", ratio);
  report.figure("reminder_tick_ms_100k_users_10k_due", c.ms);
  report.figure("reminder_all_sent_ms_100k_users_10k_due", c.allSentMs);
  report.figure("reminder_ms_per_due_user_10k_due", c.allSentMs ? round(c.allSentMs / 10_000, 2) : null);
  // What the tick sent itself before answering; the rest went through the queue.
  report.figure("reminder_emails_inline_C", c.emailsWhenTickReturned);
  report.figure("reminder_emails_via_queue_C", c.emails - c.emailsWhenTickReturned);
  for (const [label, s, due] of [
    ["A", a, 1_000],
    ["B", b, 1_000],
    ["C", c, 10_000],
  ]) {
    report.figure(`reminder_emails_${label}`, s.emails);
    if (s.emails !== due)
      report.note(`scenario ${label}: ${s.emails} e-mails for ${due} due users (log ${JSON.stringify(s.log)}, still due ${s.stillDue})`);
  }
  report.check(names.ratio, ratio, "<=", 1.3, "work follows users due");
  report.check(names.c, c.allSentMs, "<=", 900_000, "a ≥1 h cron's 15 min wall limit (local wall time, not billed CPU)");
  report.check("every due user e-mailed once (A+B+C)", a.emails + b.emails + c.emails, "==", 12_000);
  report.check(
    "every e-mail recorded sent, nobody left due (A+B+C)",
    [a, b, c].reduce((n, s) => n + (s.stillDue === 0 ? (s.log.sent ?? 0) : 0), 0),
    "==",
    12_000,
  );
  report.detail("reminders", { time, scenarios: { a, b, c, d }, probe: empty, smoke: { ...smoke, ...smokeResult } });
}
