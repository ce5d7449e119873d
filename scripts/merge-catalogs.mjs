// Resolves merge conflicts in the message catalogs: every key of both sides, sorted (a key both
// sides changed keeps "theirs" only when "ours" did not change it). Run during a conflicted merge:
// node scripts/merge-catalogs.mjs
import { execFileSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";

const dir = "src/i18n/messages";
const show = (stage, file) => {
  try {
    return JSON.parse(execFileSync("git", ["show", `:${stage}:${file}`], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
  } catch {
    return {};
  }
};
for (const name of readdirSync(dir)) {
  const file = `${dir}/${name}`;
  const base = show(1, file);
  const ours = show(2, file);
  const theirs = show(3, file);
  if (!Object.keys(ours).length && !Object.keys(theirs).length) continue;
  const merged = { ...ours };
  for (const [key, value] of Object.entries(theirs)) {
    const oursChanged = JSON.stringify(ours[key]) !== JSON.stringify(base[key]);
    if (!(key in ours) || !oursChanged) merged[key] = value;
  }
  for (const key of Object.keys(base)) if (!(key in ours) || !(key in theirs)) delete merged[key];
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(file, JSON.stringify(sorted, null, 2) + "\n");
  execFileSync("git", ["add", file]);
  console.log(`merged ${file}: ${Object.keys(sorted).length} keys`);
}
