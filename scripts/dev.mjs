// `npm run dev`: migrate the embedded local database, then serve the app with wrangler.
// Runs under the Node 22 that the `node` devDependency puts first on every npm script's PATH.
// Extra arguments go to `wrangler dev` (e.g. --persist-to for a throwaway database).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { newVapidKeys } from "./vapid-keys.mjs";

const port = process.env.PORT ?? "8787";
const args = process.argv.slice(2);
const persist = args.includes("--persist-to") ? ["--persist-to", args[args.indexOf("--persist-to") + 1]] : [];
// X_LOCAL_OBSERVABILITY: wrangler's local trace collector (on by default) stores a span for every
// request and D1 call in a local SQLite; that costs each request about as much as a D1 query and
// nothing reads it here (console logs are unaffected). Set X_LOCAL_OBSERVABILITY=true to get it back.
// BUILD_IF_CHANGED: wrangler runs the [build] command (scripts/build.mjs) at start; a build current
// with the sources (e.g. the one `npm test` just made) is kept rather than made again. Edits while
// it runs change the sources, so they are still rebuilt.
const env = { X_LOCAL_OBSERVABILITY: "false", BUILD_IF_CHANGED: "1", ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };

const migrate = spawnSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist], { stdio: "inherit", env });
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

// Links in e-mails (reset, dashboard, unsubscribe) point at this server unless .dev.vars says otherwise.
const appUrl = ["--var", `APP_URL:${process.env.APP_URL ?? `http://localhost:${port}`}`];
// Each answer shows its database round trips in a Server-Timing header (SERVER_TIMING=0 turns it off).
const timing = ["--var", `SERVER_TIMING:${process.env.SERVER_TIMING ?? "1"}`];
// Local: the development outbox and defaults are allowed (without it the Worker checks production settings).
const local = ["--var", "APP_ENV:development"];
// Web Push keys: .dev.vars or the environment win; otherwise a pair made once and kept (gitignored),
// so subscriptions made in the browser keep working across restarts.
async function vapid() {
  const own = existsSync(".dev.vars") && /^VAPID_PUBLIC_KEY=./m.test(readFileSync(".dev.vars", "utf8"));
  if (own || process.env.VAPID_PUBLIC_KEY) return [];
  const file = ".wrangler/vapid-dev.json";
  let keys;
  try {
    keys = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    keys = await newVapidKeys();
    mkdirSync(".wrangler", { recursive: true });
    writeFileSync(file, JSON.stringify(keys, null, 2) + "\n", { mode: 0o600 });
  }
  return Object.entries(keys).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
}
const push = await vapid();
const dev = spawn(
  "wrangler",
  ["dev", "--port", port, "--ip", "127.0.0.1", "--show-interactive-dev-session=false", ...appUrl, ...timing, ...local, ...push, ...args],
  {
    stdio: "inherit",
    env,
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code) => process.exit(code ?? 0));
