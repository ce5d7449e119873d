// The app as a developer runs it (`scripts/dev.mjs`: build, migrate, wrangler dev) on a free port and a
// throwaway database, plus the wrangler commands the bench needs. Loopback only.
import { execFile, execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = join(root, "node_modules/.bin");

/** npm scripts put node_modules/.bin (and with it Node 22) first; do the same when run directly. */
export const childEnv = {
  ...process.env,
  PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`,
  WRANGLER_SEND_METRICS: "false",
  CI: "true",
};

/**
 * A private copy of the working tree (tracked and new files, not ignored ones; node_modules linked).
 * Others working in the same tree rebuild public/build and touch src/ while the bench runs: in the
 * tree itself that would swap assets under the running server (404s) and reload it mid-measurement.
 * Ignored files stay behind on purpose: .dev.vars could hold a Postmark token, and the bench must
 * only ever use the development outbox.
 */
export function snapshotTree() {
  const dir = mkdtempSync(join(tmpdir(), "refill-bench-tree-"));
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root });
  for (const file of listed.toString("utf8").split("\0")) {
    const from = join(root, file);
    if (!file || !existsSync(from) || !statSync(from).isFile()) continue; // deleted, or a submodule
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(from, join(dir, file));
  }
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  return dir;
}

const LOG_KEEP = 256 * 1024;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Runs a command to completion; rejects with its output on failure or after timeoutMs. */
export function run(command, args, { cwd, timeoutMs = 120_000, maxBuffer = 64 * 1024 * 1024 }) {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env: childEnv, timeout: timeoutMs, maxBuffer }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${command} ${args.slice(0, 3).join(" ")} failed: ${err.message}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

/**
 * Starts the dev server; `startupMs` is process start → first 200 (build + migrations + workerd boot).
 * `args` go on to `wrangler dev` (e.g. `--var TURSO_DATABASE_URL:…`); `env` is added to the server's
 * environment (e.g. SERVER_TIMING: "1"), except PORT and NODE_ENV, which stay the bench's.
 */
export async function startDevServer({ cwd, timeoutMs = 120_000, args = [], env = {} }) {
  const port = await freePort();
  const persistDir = mkdtempSync(join(tmpdir(), "refill-bench-"));
  // The server's output, kept to its first and last LOG_KEEP characters (a reminder tick logs a line
  // per e-mail; an unbounded string would eventually take the bench down).
  let head = "";
  let tail = "";
  let dropped = 0;
  const append = (chunk) => {
    const text = String(chunk);
    if (head.length < LOG_KEEP) head += text.slice(0, LOG_KEEP - head.length);
    tail += text;
    if (tail.length > 2 * LOG_KEEP) {
      dropped += tail.length - LOG_KEEP;
      tail = tail.slice(-LOG_KEEP);
    }
  };
  const log = () => (dropped ? `${head}\n… ${dropped} characters dropped …\n${tail}` : tail);
  const started = Date.now();
  const child = spawn("node", ["scripts/dev.mjs", "--persist-to", persistDir, "--log-level", "warn", ...args], {
    cwd,
    // wrangler bundles with NODE_ENV=development for `dev` (React's development build: the dashboard
    // renders ~10× slower) and production for `deploy`; measure what production runs.
    // SERVER_TIMING off: production does not count round trips (the latency run reads them itself).
    env: { SERVER_TIMING: "0", ...childEnv, ...env, PORT: String(port), NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, so stop() ends wrangler and workerd with it
  });
  child.stdout.on("data", append);
  child.stderr.on("data", append);
  const baseUrl = `http://127.0.0.1:${port}`;

  const killGroup = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  // Even if the bench itself crashes, the server it started does not outlive it.
  process.on("exit", killGroup);
  const stop = () => {
    killGroup();
    process.off("exit", killGroup);
    rmSync(persistDir, { recursive: true, force: true });
  };

  const deadline = started + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      stop();
      throw new Error(`dev server exited (code ${child.exitCode}): ${log().slice(-2000) || "no output"}`);
    }
    try {
      const res = await fetch(`${baseUrl}/favicon.svg`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (Date.now() >= deadline) {
    stop();
    throw new Error(`dev server did not start in ${timeoutMs} ms:\n${log().slice(-2000)}`);
  }
  const startupMs = Date.now() - started;

  /** SQL against the server's local D1 (the same SQLite file; wrangler's own path to it). */
  const d1 = async (sql, { timeoutMs: t = 120_000 } = {}) => {
    const { stdout } = await run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--json", "--command", sql], {
      cwd,
      timeoutMs: t,
    });
    return JSON.parse(stdout).map((r) => r.results);
  };

  return { baseUrl, port, persistDir, startupMs, d1, stop, log };
}
