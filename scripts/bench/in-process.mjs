// The in-process bench sections (regimen, caches): the tree's TypeScript bundled with esbuild and
// imported into this Node process, no server.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The module `entry` (TypeScript re-exports, paths from the tree's root `cwd`), bundled and imported. */
export async function importBundled(cwd, entry, plugins = [], options = {}) {
  // The tree snapshot holds no build output: the compiled message catalogs.
  if (!existsSync(join(cwd, "src/generated"))) execFileSync("npm", ["run", "build"], { cwd, stdio: "ignore" });
  const out = await build({
    stdin: { contents: entry, resolveDir: cwd, loader: "ts" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    logLevel: "silent",
    plugins,
    ...options,
  });
  const dir = mkdtempSync(join(tmpdir(), "bench-in-process-"));
  const file = join(dir, "bundle.mjs");
  writeFileSync(file, out.outputFiles[0].text);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
