// `npm run profile -- [path] [seconds]`: a CPU profile of the Worker while autocannon loads one route
// (default `/`, the dashboard, for 6 s) as the bench's user with 100 medications, on the bench's dev
// server (NODE_ENV=production). Writes bench-results/profile-<route>.cpuprofile (open it in Chrome
// DevTools › Performance) and prints where the time goes, mapped through the bundle's source map to
// our files and the packages'. The figures are shares of the Worker isolate's samples: the D1
// simulator and the asset workers run in other isolates of the same workerd process, unseen here.
import { autocannon } from "../bench/tools.mjs";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { join, relative, resolve } from "node:path";
import { connectInspector } from "./bench/inspector.mjs";
import { registerUser, seedMedications } from "./bench/seed.mjs";
import { freePort, root, snapshotTree, startDevServer } from "./bench/server.mjs";

const route = process.argv[2] ?? "/";
const seconds = Number(process.argv[3] ?? 6);
const tree = snapshotTree();
const inspectorPort = await freePort();
const server = await startDevServer({ cwd: tree, args: ["--inspector-port", String(inspectorPort)] });

/** The newest bundle wrangler wrote for this server: its folder and its source map. */
function newestBundle() {
  const tmp = join(tree, ".wrangler/tmp");
  const dirs = readdirSync(tmp)
    .filter((d) => d.startsWith("dev-"))
    .map((d) => join(tmp, d));
  const dir = dirs.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  return { dir, map: new SourceMap(JSON.parse(readFileSync(join(dir, "index.js.map"), "utf8"))) };
}
const bundle = { dir: tree };

/** A source of the bundle as a reader knows it: `src/…` or `islands/…` for ours, the package path for the rest. */
function sourceName(source) {
  if (!source) return "?";
  const path = resolve(bundle.dir, source.replace(/^file:\/\//, ""));
  if (path.includes("/node_modules/")) return path.slice(path.lastIndexOf("/node_modules/") + "/node_modules/".length);
  return path.startsWith(`${tree}/`) ? relative(tree, path) : source;
}

function summarize(profile, map, top = 25) {
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const names = new Map();
  const nameOf = ({ callFrame: f }) => {
    if (!f.url.endsWith("index.js")) return `${f.functionName || "(anonymous)"} ${f.url}`.trim();
    const key = `${f.lineNumber}:${f.columnNumber}`;
    if (!names.has(key)) {
      const entry = map.findEntry(f.lineNumber, f.columnNumber);
      const source = sourceName(entry.originalSource);
      names.set(key, `${entry.name ?? f.functionName ?? "(anonymous)"} ${source}:${(entry.originalLine ?? 0) + 1}`);
    }
    return names.get(key);
  };
  const self = new Map();
  const total = new Map();
  for (const id of profile.samples) {
    const name = nameOf(byId.get(id));
    self.set(name, (self.get(name) ?? 0) + 1);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const frame = nameOf(byId.get(at));
      if (!seen.has(frame)) total.set(frame, (total.get(frame) ?? 0) + 1);
      seen.add(frame);
    }
  }
  const share = (n) => `${((100 * n) / profile.samples.length).toFixed(1).padStart(5)}%`;
  const list = (counts) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, n]) => `${share(n)}  ${name}`)
      .join("\n");
  console.log(`\n${profile.samples.length} samples. Self time (the function's own code and the builtins it calls):\n${list(self)}`);
  console.log(`\nTotal time (with what it calls):\n${list(total)}`);
}

try {
  const user = await registerUser(server.baseUrl);
  await seedMedications(server, user, 100);
  const load = (duration) => autocannon({ url: server.baseUrl + route, connections: 8, duration, headers: { cookie: user.cookie } });
  await load(2); // warm-up: JIT, caches
  const inspector = await connectInspector(inspectorPort);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 100 });
  await inspector.send("Profiler.start");
  const result = await load(seconds);
  const { profile } = await inspector.send("Profiler.stop");
  inspector.close();
  const unexpected = result.non2xx + result.errors;
  console.log(
    `${route}: ${Math.round(result.requests.average)} req/s at 8 connections${unexpected ? `, ${unexpected} errors or non-2xx answers` : ""}`,
  );
  mkdirSync(join(root, "bench-results"), { recursive: true });
  const file = join(root, "bench-results", `profile-${route.replace(/\W+/g, "_")}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const { dir, map } = newestBundle();
  bundle.dir = dir;
  summarize(profile, map);
  console.log(`\nwrote ${file}`);
} finally {
  server.stop();
  rmSync(tree, { recursive: true, force: true });
}
process.exit(0);
