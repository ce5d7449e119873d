import { createClient, LibsqlBatchError, LibsqlError, type Client } from "@libsql/client/web";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLibsqlHttpServer, type LibsqlHttpServer } from "../../scripts/libsql-http-server.mjs";

// The Hrana v2 server the HTTP tests run the production client against, checked through that
// client (@libsql/client/web) and, for what the client never sends, with raw pipeline requests.
let dir: string;
let server: LibsqlHttpServer;
let client: Client;
let fetches: string[];

/** A client on `server` whose HTTP requests are recorded in `fetches`. */
function counted(options: { intMode?: "number" | "bigint" } = {}): Client {
  return createClient({
    url: server.url,
    ...options,
    fetch: (request: Request) => {
      fetches.push(`${request.method} ${new URL(request.url).pathname}`);
      return fetch(request);
    },
  });
}

async function pipeline(body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}/v2/pipeline`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: res.headers.get("Content-Type") === "application/json" ? await res.json() : await res.text() };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "refill-hrana-"));
  server = await startLibsqlHttpServer({ file: join(dir, "test.db"), streamIdleMs: 300 });
  client = createClient({ url: server.url });
  await client.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT UNIQUE, n INTEGER, r REAL, b BLOB)");
});
afterAll(async () => {
  client?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  fetches = [];
  await client.execute("DELETE FROM items");
});

describe("Hrana v2 over HTTP server", () => {
  it("answers GET / and /v2, 404 elsewhere (so a v3 probe falls back to v2)", async () => {
    for (const path of ["/", "/v2"]) expect((await fetch(`${server.url}${path}`)).status).toBe(200);
    for (const path of ["/v3", "/v3-protobuf", "/v2/cursor", "/nope"]) expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    expect((await fetch(`${server.url}/v2/pipeline`)).status).toBe(405);
  });

  it("round-trips every value type, with exact 64-bit integers and REALs", async () => {
    const big = counted({ intMode: "bigint" });
    const max = 9223372036854775807n;
    const min = -9223372036854775808n;
    const blob = new Uint8Array([0, 1, 254, 255]);
    const { rows, columns, columnTypes } = await big.execute({
      sql: "SELECT ? AS none, ? AS max, ? AS min, ? AS third, ? AS whole, ? AS text, ? AS blob, typeof(?) AS whole_type",
      args: [null, max, min, 2 / 3, 3, "héllo ✓", blob, 3],
    });
    expect(columns).toEqual(["none", "max", "min", "third", "whole", "text", "blob", "whole_type"]);
    expect(columnTypes).toEqual(["", "", "", "", "", "", "", ""]);
    const row = rows[0]!;
    expect(row.none).toBeNull();
    expect(row.max).toBe(max);
    expect(row.min).toBe(min);
    expect(row.third).toBe(2 / 3);
    expect(row.whole).toBe(3); // a JS number is sent as a float and stays one
    expect(row.whole_type).toBe("real");
    expect(row.text).toBe("héllo ✓");
    expect(new Uint8Array(row.blob as ArrayBuffer)).toEqual(blob);
    big.close();
  });

  it("stores and reads back columns with their declared types; named arguments with any prefix", async () => {
    const inserted = await client.execute({
      sql: "INSERT INTO items (name, n, r) VALUES (:name, @n, $r)",
      args: { name: "a", n: 42, r: 2 / 3 },
    });
    expect(inserted.rowsAffected).toBe(1);
    expect(inserted.lastInsertRowid).toBeTypeOf("bigint");
    const { rows, columnTypes } = await client.execute({
      sql: "SELECT n, r, typeof(n) AS tn, typeof(r) AS tr FROM items WHERE name = :name",
      args: { ":name": "a" },
    });
    expect(columnTypes.slice(0, 2)).toEqual(["INTEGER", "REAL"]);
    expect({ ...rows[0] }).toEqual({ n: 42, r: 2 / 3, tn: "integer", tr: "real" });
  });

  it("answers RETURNING rows with the affected row count; a SELECT after a write affects nothing", async () => {
    const { rows, rowsAffected, lastInsertRowid } = await client.execute({
      sql: "INSERT INTO items (name, n) VALUES (?, ?), (?, ?) RETURNING id, name",
      args: ["x", 1, "y", 2],
    });
    expect(rows.map((r) => r.name)).toEqual(["x", "y"]);
    expect(rowsAffected).toBe(2);
    expect(lastInsertRowid).toBe(BigInt(rows[1]!.id as number));
    const updated = await client.execute("UPDATE items SET n = n + 1 RETURNING n");
    expect(updated.rowsAffected).toBe(2);
    expect((await client.execute("SELECT * FROM items")).rowsAffected).toBe(0);
  });

  it("runs client.execute and client.batch as one HTTP request each", async () => {
    const c = counted();
    await c.execute("SELECT 1");
    // The same statement twice: the client stores its SQL once (store_sql) in the same request.
    const results = await c.batch(
      [
        { sql: "INSERT INTO items (name) VALUES (?)", args: ["p"] },
        { sql: "INSERT INTO items (name) VALUES (?)", args: ["q"] },
        "SELECT count(*) AS n FROM items",
      ],
      "write",
    );
    expect(results.map((r) => r.rowsAffected)).toEqual([1, 1, 0]);
    expect(results[2]!.rows[0]!.n).toBe(2);
    expect(fetches).toEqual(["POST /v2/pipeline", "POST /v2/pipeline"]);
    c.close();
  });

  it("rolls a whole batch back when one statement fails, and says which one", async () => {
    await client.execute({ sql: "INSERT INTO items (name, n) VALUES (?, ?)", args: ["kept", 1] });
    const error = await client
      .batch(
        [
          "UPDATE items SET n = 2 WHERE name = 'kept'",
          "INSERT INTO items (name) VALUES ('new')",
          "INSERT INTO items (name) VALUES ('kept')",
        ],
        "write",
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LibsqlBatchError);
    expect(error).toMatchObject({ code: "SQLITE_CONSTRAINT", statementIndex: 2 });
    expect((error as Error).message).toContain("UNIQUE constraint failed: items.name");
    const { rows } = await client.execute("SELECT name, n FROM items ORDER BY name");
    expect(rows.map((r) => ({ ...r }))).toEqual([{ name: "kept", n: 1 }]);
    // The stream's transaction is gone: the next write is not blocked.
    await client.execute("INSERT INTO items (name) VALUES ('after')");
  });

  it("reads in a read batch and refuses writes there", async () => {
    await client.execute("INSERT INTO items (name, n) VALUES ('r', 7)");
    const [read] = await client.batch(["SELECT n FROM items"], "read");
    expect(read!.rows[0]!.n).toBe(7);
    await expect(client.batch(["INSERT INTO items (name) VALUES ('w')"], "read")).rejects.toMatchObject({ code: "SQLITE_READONLY" });
    await client.batch(["INSERT INTO items (name) VALUES ('w')"], "deferred"); // the same kind of stream writes again
    expect((await client.execute("SELECT count(*) AS n FROM items")).rows[0]!.n).toBe(2);
  });

  it("lifts the read-only guard when the read transaction ends, for any later request on the stream", async () => {
    const run = (sql: string) => ({ type: "execute", stmt: { sql } });
    const { body } = await pipeline({
      requests: [
        run("BEGIN TRANSACTION READONLY"),
        run("INSERT INTO items (name) VALUES ('no')"),
        run("COMMIT"),
        { type: "sequence", sql: "INSERT INTO items (name) VALUES ('yes')" },
        { type: "close" },
      ],
    });
    expect(body.results.map((r: any) => r.error?.code ?? r.type)).toEqual(["ok", "SQLITE_READONLY", "ok", "ok", "ok"]);
    expect((await client.execute("SELECT name FROM items")).rows.map((r) => r.name)).toEqual(["yes"]);
  });

  it("keeps an interactive transaction across requests with a baton; others see it only after COMMIT", async () => {
    const c = counted();
    const tx = await c.transaction("write");
    await tx.execute("INSERT INTO items (name) VALUES ('tx1')");
    await tx.execute("INSERT INTO items (name) VALUES ('tx2')");
    expect((await tx.execute("SELECT count(*) AS n FROM items")).rows[0]!.n).toBe(2);
    expect((await client.execute("SELECT count(*) AS n FROM items")).rows[0]!.n).toBe(0);
    // The writer holds the lock: another stream's write fails at once rather than blocking the server.
    await expect(client.execute("INSERT INTO items (name) VALUES ('other')")).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    await tx.commit();
    expect((await client.execute("SELECT count(*) AS n FROM items")).rows[0]!.n).toBe(2);
    expect(fetches.length).toBe(4); // BEGIN+INSERT, INSERT, SELECT, COMMIT+close
    c.close();

    const rolledBack = await client.transaction("write");
    await rolledBack.execute("DELETE FROM items");
    await rolledBack.rollback();
    expect((await client.execute("SELECT count(*) AS n FROM items")).rows[0]!.n).toBe(2);
  });

  it("drops an idle stream and rolls its transaction back", async () => {
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO items (name) VALUES ('abandoned')");
    await new Promise((resolve) => setTimeout(resolve, 600)); // streamIdleMs is 300 in these tests
    await expect(tx.execute("SELECT 1")).rejects.toThrow(/baton/i);
    tx.close();
    await client.execute("INSERT INTO items (name) VALUES ('writer')"); // the lock is free
    expect((await client.execute("SELECT name FROM items")).rows.map((r) => r.name)).toEqual(["writer"]);
  });

  it("surfaces SQLite errors as LibsqlError with SQLite's message and code", async () => {
    const syntax = await client.execute("SELEC 1").catch((e: unknown) => e);
    expect(syntax).toBeInstanceOf(LibsqlError);
    expect(syntax).toMatchObject({ code: "SQLITE_ERROR" });
    expect((syntax as Error).message).toContain('near "SELEC": syntax error');
    await client.execute("INSERT INTO items (name) VALUES ('dup')");
    await expect(client.execute("INSERT INTO items (name) VALUES ('dup')")).rejects.toMatchObject({
      code: "SQLITE_CONSTRAINT",
      message: expect.stringContaining("UNIQUE constraint failed: items.name"),
    });
    // The libsql binding would run only the first statement; the server refuses, as sqld does.
    await expect(client.execute("DELETE FROM items; SELECT 1")).rejects.toMatchObject({ code: "SQL_MANY_STATEMENTS" });
    await expect(client.execute("  -- nothing ")).rejects.toMatchObject({ code: "SQL_NO_STATEMENT" });
    expect((await client.execute("SELECT ';' AS semi -- ; not a statement")).rows[0]!.semi).toBe(";");
  });

  it("runs executeMultiple as a sequence that stops at the first error", async () => {
    await client.executeMultiple("INSERT INTO items (name) VALUES ('s1'); INSERT INTO items (name) VALUES ('s2');");
    await expect(
      client.executeMultiple(
        "INSERT INTO items (name) VALUES ('s3'); INSERT INTO items (name) VALUES ('s1'); INSERT INTO items (name) VALUES ('s4');",
      ),
    ).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT" });
    expect((await client.execute("SELECT name FROM items ORDER BY name")).rows.map((r) => r.name)).toEqual(["s1", "s2", "s3"]);
  });

  it("evaluates every batch condition (error, not, and, or, is_autocommit)", async () => {
    const stmt = (sql: string) => ({ sql, want_rows: true });
    const { status, body } = await pipeline({
      requests: [
        {
          type: "batch",
          batch: {
            steps: [
              { stmt: stmt("SELECT 1") },
              { stmt: stmt("SELEC 2") },
              { stmt: stmt("SELECT 'error'"), condition: { type: "error", step: 1 } },
              {
                stmt: stmt("SELECT 'skipped'"),
                condition: {
                  type: "and",
                  conds: [
                    { type: "ok", step: 0 },
                    { type: "ok", step: 1 },
                  ],
                },
              },
              {
                stmt: stmt("SELECT 'or'"),
                condition: {
                  type: "or",
                  conds: [
                    { type: "ok", step: 3 },
                    { type: "not", cond: { type: "ok", step: 3 } },
                  ],
                },
              },
              { stmt: stmt("SELECT 'autocommit'"), condition: { type: "is_autocommit" } },
            ],
          },
        },
        { type: "get_autocommit" },
        { type: "close" },
      ],
    });
    expect(status).toBe(200);
    expect(body.baton).toBeNull();
    const [batch, autocommit, close] = body.results;
    expect(batch.response.result.step_results.map((r: any) => r?.rows[0][0].value ?? null)).toEqual([
      "1",
      null,
      "error",
      null,
      "or",
      "autocommit",
    ]);
    expect(batch.response.result.step_errors.map((e: any) => e?.code ?? null)).toEqual([null, "SQLITE_ERROR", null, null, null, null]);
    expect(autocommit).toEqual({ type: "ok", response: { type: "get_autocommit", is_autocommit: true } });
    expect(close).toEqual({ type: "ok", response: { type: "close" } });
  });

  it("answers malformed requests with 400 and a Hrana error, unsupported ones with an error result", async () => {
    const bad = await pipeline("{not json");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "HRANA_PROTO_ERROR", message: expect.stringContaining("JSON") });
    expect((await pipeline({ baton: "forged", requests: [] })).status).toBe(400);
    expect((await pipeline({ requests: [{ type: "execute", stmt: { sql_id: 99 } }] })).status).toBe(400);
    expect((await pipeline({ requests: [{ type: "nonsense" }] })).status).toBe(400);
    const { body } = await pipeline({ requests: [{ type: "describe", sql: "SELECT 1" }, { type: "close" }] });
    expect(body.results[0]).toMatchObject({ type: "error", error: { code: "NOT_SUPPORTED" } });
  });

  it("counts pipeline requests", async () => {
    const before = server.requests;
    await client.execute("SELECT 1");
    await client.batch(["SELECT 1", "SELECT 2"]);
    expect(server.requests - before).toBe(2);
  });

  it("delays every answer by latencyMs", async () => {
    const slow = await startLibsqlHttpServer({ file: join(dir, "test.db"), latencyMs: 150 });
    const c = createClient({ url: slow.url });
    try {
      const started = performance.now();
      await c.execute("SELECT 1");
      await c.batch(["SELECT 1", "SELECT 2"], "read");
      expect(performance.now() - started).toBeGreaterThanOrEqual(2 * 150 - 5);
      expect(slow.requests).toBe(2);
    } finally {
      c.close();
      await slow.close();
    }
  });
});
