import { build } from "esbuild";
import { writeFileSync } from "node:fs";
const entry = "export * from './src/domain/regimen.ts'; export * from './src/domain/walk.ts'; export * from './src/domain/timeline.ts'; export { addDays, dayNumber } from './src/domain/time.ts';";
async function load(dir, name) {
  const out = await build({ stdin: { contents: entry, resolveDir: dir, loader: "ts" }, bundle: true, write: false, format: "esm", platform: "node", logLevel: "silent" });
  writeFileSync(`/tmp/${name}.mjs`, out.outputFiles[0].text);
  return import(`/tmp/${name}.mjs`);
}
const A = await load("/tmp/orig-tree", "domA"), B = await load("/work/main", "domB");
const today = "2026-11-27";
function cases(d) {
  const countedOn = d.addDays(today, -30);
  const reg = { changes: Array.from({ length: 20 }, (_, i) => d.storedChange({ effectiveFrom: d.addDays(countedOn, 5 * i), schedule: { type: "daily", dose: 1 + (i % 2) } })),
    pauses: Array.from({ length: 20 }, (_, i) => d.storedPause({ from: d.addDays(countedOn, 7 * i + 2), until: d.addDays(countedOn, 7 * i + 3) })) };
  const plain = { changes: d.dailyRegimen(1, countedOn).changes.map(d.storedChange), pauses: [] };
  const L = { pillsRemaining: 120, countedOn, regimen: reg }, P = { pillsRemaining: 120, countedOn, regimen: plain };
  return { limits: () => d.supplyOn(L, today), plain: () => d.supplyOn(P, today) };
}
const ca = cases(A), cb = cases(B);
console.log(JSON.stringify(ca.limits()) === JSON.stringify(cb.limits()), JSON.stringify(cb.limits()));
const time = (fn) => { const s = process.cpuUsage(); for (let i = 0; i < 100000; i++) fn(); const e = process.cpuUsage(s); return (e.user + e.system) / 100; };
for (const f of [ca.limits, ca.plain, cb.limits, cb.plain]) for (let i = 0; i < 100000; i++) f();
const r = { Al: [], Ap: [], Bl: [], Bp: [] };
for (let k = 0; k < 31; k++) { r.Al.push(time(ca.limits)); r.Ap.push(time(ca.plain)); r.Bl.push(time(cb.limits)); r.Bp.push(time(cb.plain)); }
const med = (v) => v.sort((a, b) => a - b)[3];
const m = Object.fromEntries(Object.entries(r).map(([k, v]) => [k, med(v).toFixed(3)]));
console.log(m, "ratio A", (m.Al / m.Ap).toFixed(2), "ratio B", (m.Bl / m.Bp).toFixed(2));
