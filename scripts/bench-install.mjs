// Installs the bench's tools (bench/package.json: Lighthouse, autocannon) into bench/node_modules
// before `npm run bench` or `npm run profile`, when they are missing or bench/package-lock.json
// changed since. They are kept out of the app's install: Lighthouse alone is ~170 packages that
// no test, build or deploy needs.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const bench = fileURLToPath(new URL("../bench", import.meta.url));
const installed = join(bench, "node_modules/.package-lock.json");
const upToDate = existsSync(installed) && statSync(installed).mtimeMs >= statSync(join(bench, "package-lock.json")).mtimeMs;
if (!upToDate) {
  console.log("installing the bench's tools into bench/node_modules (bench/package.json)");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["install", "--no-audit", "--no-fund", "--prefix", bench], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
