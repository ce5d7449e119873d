// The bench's own tools, resolved from bench/node_modules (bench/package.json), not the app's: the
// app's `npm install` does not install them. `npm run bench` / `npm run profile` install them first
// (scripts/bench-install.mjs).
import { fileURLToPath } from "node:url";

export { default as autocannon } from "autocannon";

/** Lighthouse's CLI, run as a child process (scripts/bench/lighthouse.mjs). */
export const lighthouseCli = fileURLToPath(new URL("node_modules/lighthouse/cli/index.js", import.meta.url));
