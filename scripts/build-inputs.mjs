// What `scripts/build.mjs` builds from, as one digest, so a build whose inputs have not changed
// since the last one can be skipped (BUILD_IF_CHANGED=1, which scripts/dev.mjs sets for wrangler's
// [build] command): `npm test` builds once, then `wrangler dev` (the browser tests' server) finds
// the build current instead of building it all again.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** Folders and files the build reads: the islands, the server code Tailwind scans and the islands import, the catalogs, the build itself, the packages. */
export const INPUTS = [
  "islands",
  "src",
  "scripts/build.mjs",
  "scripts/build-inputs.mjs",
  "scripts/i18n.mjs",
  "tailwind.config.ts",
  "package-lock.json",
];
/** What the build writes inside its inputs. */
const OUTPUTS = ["src/generated"];
/** Written by each build: the digest of the inputs it built from. */
export const STAMP = "src/generated/build-inputs.sha256";

/** The files at `path` under `root` (the file itself, or a folder's, outputs left out). */
function files(root, path) {
  const full = join(root, path);
  if (!existsSync(full) || OUTPUTS.includes(path)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full).flatMap((name) => files(root, join(path, name)));
}

/** The digest of every input file's path and bytes under `root`. */
export function inputsDigest(root) {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap((input) => files(root, input)).sort()) {
    hash.update(file.replaceAll("\\", "/") + "\0");
    hash.update(readFileSync(join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Whether the last build under `root` was made from these very inputs and its outputs are there. */
export function buildIsCurrent(root, outputs) {
  const stamp = join(root, STAMP);
  if (!existsSync(stamp) || outputs.some((output) => !existsSync(join(root, output)))) return false;
  return readFileSync(stamp, "utf8").trim() === inputsDigest(root);
}
