import { createClient } from "@libsql/client/web";
import { mkdtempSync, rmSync } from "node:fs";
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
  }
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
  return async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
