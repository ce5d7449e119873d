import { createClient } from "@libsql/client/web";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startLibsqlHttpServer } from "../../scripts/libsql-http-server.mjs";
import { migrate } from "../../scripts/migrate-libsql.mjs";

// Global setup of the workers project (runs once, in Node, before workerd starts): a Hrana v2 over
// HTTP server on a fresh migrated database, so tests can send the Worker's requests down the
// production path (TURSO_DATABASE_URL → @libsql/client/web → HTTP). Tests read its URL with
// inject("libsqlHttpUrl"), or take a whole env from libsqlEnv() in test/support/libsql-http.ts.

declare module "vitest" {
  export interface ProvidedContext {
    libsqlHttpUrl: string;
    /** The same database behind a proxy that can be told to stop answering (test/support/stalled-db.ts). */
    stallingDbUrl: string;
  }
}

/**
 * A proxy to the Hrana server that a test can make go silent: `POST /__stall?after=N` lets N more
 * requests through, then accepts every connection and never answers (a Turso outage as the client
 * sees it); `POST /__stall?after=-1` answers again. One state for every test that uses it.
 */
function startStallingProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  let passLeft = Infinity;
  const held = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/__stall") {
      const after = Number(url.searchParams.get("after"));
      passLeft = after < 0 ? Infinity : after;
      if (after < 0) for (const r of held) r.destroy();
      held.clear();
      res.end("ok");
      return;
    }
    if (passLeft <= 0) {
      held.add(res); // never answered
      return;
    }
    passLeft--;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers: { "Content-Type": "application/json" },
      body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(answer.status, { "Content-Type": answer.headers.get("Content-Type") ?? "application/json" });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const r of held) r.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "refill-libsql-http-"));
  const server = await startLibsqlHttpServer({ file: join(dir, "test.db") });
  // Migrated through the server itself, with the client the Worker uses.
  const client = createClient({ url: server.url });
  try {
    await migrate(client);
  } finally {
    client.close();
  }
  project.provide("libsqlHttpUrl", server.url);
  const proxy = await startStallingProxy(server.url);
  project.provide("stallingDbUrl", proxy.url);
  return async () => {
    await proxy.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
