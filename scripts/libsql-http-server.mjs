// A small Hrana v2 over HTTP server (the protocol sqld and Turso speak) backed by a local libSQL
// file, so tests and the bench can run the production client, @libsql/client/web, over real HTTP.
// No libSQL server ships on npm; this follows libsql-server's src/hrana/http closely enough for
// that client: POST /v2/pipeline with JSON, streams kept alive between requests by a baton.
//   node scripts/libsql-http-server.mjs --file db.sqlite [--port 8080] [--latency 50] [--migrate]
// Not implemented: cursors and Protobuf (Hrana v3 endpoints answer 404, so clients use v2),
// `describe`, authentication (any token is accepted), replication indexes.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { fromHrana, HranaError, hranaError, ProtocolError, toHrana } from "./hrana-codec.mjs";

// A plain Node require: the libsql binding is native CommonJS, and Vite (which loads vitest's
// globalSetup files) must not try to resolve it for workerd.
const Database = createRequire(import.meta.url)("libsql");

const MAX_STORED_SQL = 50; // per stream, as sqld
const MAX_STORED_SQL_LENGTH = 5_000;

export async function startLibsqlHttpServer({ file, port = 0, host = "127.0.0.1", latencyMs = 0, streamIdleMs = 10_000 }) {
  // WAL, as sqld runs it: an open read transaction on one stream does not block another's writes.
  const setup = new Database(file);
  setup.exec("PRAGMA journal_mode = WAL");
  setup.close();

  const streams = new Map(); // baton → stream; each answer hands out a new baton, so none is reused
  let requests = 0;

  const server = createServer((req, res) => {
    answer(req)
      .catch((error) => ({ status: 500, body: { message: String(error?.stack ?? error), code: "INTERNAL_ERROR" } }))
      .then(async ({ status, body }) => {
        if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
        const text = typeof body === "string" ? body : JSON.stringify(body);
        res.writeHead(status, { "Content-Type": typeof body === "string" ? "text/plain" : "application/json" });
        res.end(text);
      });
  });

  async function answer(req) {
    const path = new URL(req.url, "http://localhost").pathname;
    if (req.method === "GET" && (path === "/" || path === "/v2"))
      return { status: 200, body: "Hello, this is HTTP API v2 (Hrana over HTTP)" };
    if (path !== "/v2/pipeline") return { status: 404, body: `Not found: ${req.method} ${path}` };
    if (req.method !== "POST") return { status: 405, body: "Use POST for /v2/pipeline" };
    requests++;
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      if (typeof body !== "object" || body === null || !Array.isArray(body.requests)) throw new Error("expected {baton?, requests: [...]}");
    } catch (error) {
      return { status: 400, body: { message: `Could not deserialize JSON request body: ${error.message}`, code: "HRANA_PROTO_ERROR" } };
    }
    try {
      return { status: 200, body: pipeline(body) };
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      return { status: 400, body: { message: error.message, code: "HRANA_PROTO_ERROR" } };
    }
  }

  function pipeline({ baton, requests }) {
    let stream;
    if (baton == null) {
      stream = { db: new Database(file), sqls: new Map(), timer: undefined, readOnly: false };
    } else {
      stream = streams.get(baton);
      if (!stream) throw new ProtocolError("The baton is invalid, was already used, or its stream expired");
      streams.delete(baton);
      clearTimeout(stream.timer);
    }
    const results = [];
    try {
      for (const request of requests) results.push(handle(stream, request));
    } catch (error) {
      closeStream(stream); // as sqld: a stream that saw a protocol error is gone
      throw error;
    }
    if (!stream.db) return { baton: null, base_url: null, results };
    const next = randomBytes(24).toString("base64url");
    streams.set(next, stream);
    // An idle stream is dropped (its transaction rolled back) so an abandoned client cannot hold the write lock.
    stream.timer = setTimeout(() => streams.delete(next) && closeStream(stream), streamIdleMs).unref();
    return { baton: next, base_url: null, results };
  }

  await new Promise((resolve, reject) => server.once("error", reject).listen(port, host, resolve));
  const bound = server.address().port;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${bound}`,
    port: bound,
    get requests() {
      return requests;
    },
    async close() {
      for (const stream of streams.values()) closeStream(stream);
      streams.clear();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** One stream request → {type: "ok", response} or {type: "error", error}. */
function handle(stream, request) {
  try {
    return { type: "ok", response: respond(stream, request) };
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    return { type: "error", error: hranaError(error) };
  }
}

function respond(stream, request) {
  const type = request?.type;
  if (type === "close") {
    closeStream(stream);
    return { type };
  }
  if (!stream.db) throw new ProtocolError(`Request "${type}" on a closed stream`);
  switch (type) {
    case "execute":
      return { type, result: execute(stream, plan(stream.sqls, request.stmt)) };
    case "batch":
      return { type, result: batch(stream, request.batch) };
    case "sequence":
      // SQLite's exec runs the statements in turn and stops at the first error, as a Hrana sequence.
      endReadOnly(stream);
      stream.db.exec(sqlText(stream.sqls, request));
      return { type };
    case "store_sql": {
      const { sql_id: id, sql } = request;
      if (!Number.isInteger(id) || typeof sql !== "string") throw new ProtocolError("store_sql needs an integer sql_id and a sql string");
      if (stream.sqls.has(id)) throw new ProtocolError(`SQL text ${id} is already stored`);
      if (stream.sqls.size >= MAX_STORED_SQL)
        throw new HranaError(`The server already stores ${MAX_STORED_SQL} SQL texts, it cannot store more`, "SQL_STORE_TOO_MANY");
      if (sql.length > MAX_STORED_SQL_LENGTH) throw new HranaError("The statement is too large to be stored", "SQL_STORE_TOO_LARGE");
      stream.sqls.set(id, sql);
      return { type };
    }
    case "close_sql":
      stream.sqls.delete(request.sql_id);
      return { type };
    case "get_autocommit":
      return { type, is_autocommit: !stream.db.inTransaction };
    case "describe":
      throw new HranaError("describe is not implemented by this test server", "NOT_SUPPORTED");
    default:
      throw new ProtocolError(`Unknown stream request type ${JSON.stringify(type)}`);
  }
}

function closeStream(stream) {
  if (!stream.db) return;
  clearTimeout(stream.timer);
  // Roll back explicitly: a statement object not yet garbage-collected can keep the native connection
  // (and its locks) alive after close().
  if (stream.db.inTransaction) stream.db.exec("ROLLBACK");
  stream.db.close();
  stream.db = null;
}

/**
 * A Hrana batch: each step runs if its condition holds on the outcomes of earlier steps. Every
 * statement is checked before any runs, as sqld does, so a bad step fails the whole request.
 */
function batch(stream, { steps } = {}) {
  if (!Array.isArray(steps)) throw new ProtocolError("batch needs steps");
  const plans = steps.map((step, i) => {
    if (step.condition) checkCondition(step.condition, i);
    return plan(stream.sqls, step.stmt);
  });
  const outcome = []; // "ok" | "error" | undefined (skipped)
  const step_results = [];
  const step_errors = [];
  steps.forEach((step, i) => {
    let result = null;
    let error = null;
    if (!step.condition || holds(step.condition, outcome, stream.db)) {
      try {
        result = execute(stream, plans[i]);
      } catch (e) {
        error = hranaError(e);
      }
    }
    outcome.push(result ? "ok" : error ? "error" : undefined);
    step_results.push(result);
    step_errors.push(error);
  });
  return { step_results, step_errors };
}

function checkCondition(cond, stepIndex) {
  if (cond.type === "ok" || cond.type === "error") {
    if (!Number.isInteger(cond.step) || cond.step < 0 || cond.step >= stepIndex)
      throw new ProtocolError(`Condition refers to step ${cond.step}, not an earlier step`);
  } else if (cond.type === "not") checkCondition(cond.cond, stepIndex);
  else if ((cond.type === "and" || cond.type === "or") && Array.isArray(cond.conds))
    for (const c of cond.conds) checkCondition(c, stepIndex);
  else if (cond.type !== "is_autocommit") throw new ProtocolError(`Unknown condition ${JSON.stringify(cond.type)}`);
}

function holds(cond, outcome, db) {
  switch (cond.type) {
    case "ok":
    case "error":
      return outcome[cond.step] === cond.type;
    case "not":
      return !holds(cond.cond, outcome, db);
    case "and":
      return cond.conds.every((c) => holds(c, outcome, db));
    case "or":
      return cond.conds.some((c) => holds(c, outcome, db));
    case "is_autocommit":
      return !db.inTransaction;
  }
}

/** A statement's SQL and arguments, validated before anything runs. */
function plan(sqls, stmt) {
  if (typeof stmt !== "object" || stmt === null) throw new ProtocolError("Missing stmt");
  const sql = sqlText(sqls, stmt);
  const count = statementCount(sql);
  if (count === 0) throw new HranaError("SQL string does not contain any statement", "SQL_NO_STATEMENT");
  if (count > 1) throw new HranaError("SQL string contains more than one statement", "SQL_MANY_STATEMENTS");
  const positional = stmt.args ?? [];
  const named = stmt.named_args ?? [];
  if (positional.length > 0 && named.length > 0)
    throw new HranaError("Specifying both positional and named arguments is not supported", "ARGS_BOTH_POSITIONAL_AND_NAMED");
  // The binding wants names without their prefix (`:id`, `@id` and `$id` all bind `id`).
  const args =
    named.length > 0
      ? Object.fromEntries(named.map((arg) => [arg.name.replace(/^[:@$]/, ""), fromHrana(arg.value)]))
      : positional.map(fromHrana);
  return { sql, args, wantRows: stmt.want_rows !== false };
}

function sqlText(sqls, { sql, sql_id }) {
  if (sql != null && sql_id != null) throw new ProtocolError("Both sql and sql_id given");
  if (sql_id != null) {
    if (!sqls.has(sql_id)) throw new ProtocolError(`SQL text ${sql_id} is not stored on this stream`);
    return sqls.get(sql_id);
  }
  if (typeof sql !== "string") throw new ProtocolError("Neither sql nor sql_id given");
  return sql;
}

/**
 * Statements in a SQL string. The binding prepares only the first and silently drops the rest,
 * where sqld refuses the string, so count them (outside literals and comments) to refuse too.
 */
function statementCount(sql) {
  const code = sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/g, " ");
  if (/^\s*CREATE\s+(?:TEMP(?:ORARY)?\s+)?TRIGGER\b/i.test(code)) return 1; // its body holds `;`s
  return code.split(";").filter((part) => part.trim() !== "").length;
}

function execute(stream, { sql, args, wantRows }) {
  const db = stream.db;
  endReadOnly(stream);
  const statement = db.prepare(sql);
  const before = counters(db);
  let cols = [];
  let rows = [];
  if (statement.reader) {
    // Safe integers: INTEGER arrives as BigInt (all 64 bits), REAL as a number, so each keeps its type.
    statement.safeIntegers(true).raw(true);
    cols = statement.columns().map((col) => ({ name: col.name, decltype: col.type ?? null }));
    const all = statement.all(args);
    if (wantRows) rows = all.map((row) => row.map(toHrana));
  } else {
    statement.run(args);
    // libSQL parses BEGIN READONLY (client.batch(…, "read")) but the binding still lets it write:
    // refuse writes (SQLITE_READONLY) until the transaction ends, as a read transaction promises.
    if (/^\s*BEGIN\s+(?:TRANSACTION\s+)?READONLY\b/i.test(sql)) {
      db.exec("PRAGMA query_only = 1");
      stream.readOnly = true;
    }
  }
  const after = counters(db);
  return {
    cols,
    rows,
    // changes() keeps the count of the last INSERT/UPDATE/DELETE, so a SELECT or COMMIT would repeat
    // it: count it only if this statement changed anything (total_changes moved).
    affected_row_count: after.total === before.total ? 0 : Number(after.changes),
    last_insert_rowid: after.rowid.toString(),
  };
}

/** Lifts the read-only guard once the BEGIN READONLY transaction that set it has ended. */
function endReadOnly(stream) {
  if (!stream.readOnly || stream.db.inTransaction) return;
  stream.db.exec("PRAGMA query_only = 0");
  stream.readOnly = false;
}

function counters(db) {
  const [total, changes, rowid] = db
    .prepare("SELECT total_changes(), changes(), last_insert_rowid()")
    .safeIntegers(true)
    .raw(true)
    .all()[0];
  return { total, changes, rowid };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      file: { type: "string" },
      port: { type: "string", default: "8080" },
      host: { type: "string", default: "127.0.0.1" },
      latency: { type: "string", default: "0" },
      migrate: { type: "boolean", default: false },
    },
  });
  if (!values.file) {
    console.error(
      "usage: node scripts/libsql-http-server.mjs --file db.sqlite [--port 8080] [--host 127.0.0.1] [--latency ms] [--migrate]",
    );
    process.exit(2);
  }
  const server = await startLibsqlHttpServer({
    file: values.file,
    port: Number(values.port),
    host: values.host,
    latencyMs: Number(values.latency),
  });
  if (values.migrate) {
    // Through the server itself, with the production client.
    const [{ createClient }, { migrate }] = await Promise.all([import("@libsql/client/web"), import("./migrate-libsql.mjs")]);
    const client = createClient({ url: server.url });
    await migrate(client);
    client.close();
  }
  console.log(`Hrana v2 over HTTP on ${server.url} (database ${values.file}, latency ${values.latency} ms)`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => server.close().then(() => process.exit(0)));
}
