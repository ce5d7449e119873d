import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

// Starts the real app exactly as a developer does (`npm run dev`: build, migrate, wrangler dev) on a
// free port and a throwaway database, and hands its URL to the browser tests.
declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the dev server keeps its local database (a test may edit a row the UI cannot reach). */
    persistDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitForServer(url: string, child: ChildProcess, log: () => string) {
  // Generous: a loaded 2-core machine takes over 90 s to build, migrate and start wrangler.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`dev server exited:\n${log()}`);
    try {
      const res = await fetch(`${url}/auth`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`dev server did not start:\n${log()}`);
}

export default async function setup(project: TestProject) {
  const port = await freePort();
  const persistDir = mkdtempSync(join(tmpdir(), "refill-e2e-"));
  let output = "";
  const child = spawn("node", ["scripts/dev.mjs", "--persist-to", persistDir], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const baseUrl = `http://localhost:${port}`;
  await waitForServer(baseUrl, child, () => output);
  project.provide("baseUrl", baseUrl);
  project.provide("persistDir", persistDir);
  return () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
    rmSync(persistDir, { recursive: true, force: true });
  };
}
