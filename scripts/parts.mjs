import { build } from "esbuild";
import { writeFileSync } from "node:fs";
const entry = "export * from './src/domain/regimen.ts'; export * from './src/domain/walk.ts'; export * from './src/domain/timeline.ts'; export { addDays, dayNumber } from './src/domain/time.ts';";
const out = await build({ stdin: { contents: entry, resolveDir: "/work/main", loader: "ts" }, bundle: true, write: false, format: "esm", platform: "node", logLevel: "silent" });
writeFileSync(`/tmp/domP.mjs`, out.outputFiles[0].text);
const d = await import("/tmp/domP.mjs");
const today = "2026-11-27", countedOn = d.addDays(today, -30);
const reg = { changes: Array.from({ length: 20 }, (_, i) => d.storedChange({ effectiveFrom: d.addDays(countedOn, 5 * i), schedule: { type: "daily", dose: 1 + (i % 2) } })),
  pauses: Array.from({ length: 20 }, (_, i) => d.storedPause({ from: d.addDays(countedOn, 7 * i + 2), until: d.addDays(countedOn, 7 * i + 3) })) };
const plain = { changes: d.dailyRegimen(1, countedOn).changes.map(d.storedChange), pauses: [] };
const tl = d.timelineOf(reg), tp = d.timelineOf(plain);
const tNoPause = d.timelineOf({ changes: reg.changes, pauses: [] });
const tNoChange = d.timelineOf({ changes: plain.changes, pauses: reg.pauses });
const from = d.dayNumber(countedOn), day = d.dayNumber(today);
const fns = {
  supplyL: () => d.supplyOn({ pillsRemaining: 120, countedOn, regimen: reg }, today),
  supplyP: () => d.supplyOn({ pillsRemaining: 120, countedOn, regimen: plain }, today),
  timelineL: () => d.timelineOf(reg), timelineP: () => d.timelineOf(plain),
  walkL: () => d.walk(tl, from, Infinity, 840, day), walkP: () => d.walk(tp, from, Infinity, 840, day),
  pausedL: () => d.pausedOnDay(tl, day),
  walkNoPause: () => d.walk(tNoPause, from, Infinity, 840, day), walkNoChange: () => d.walk(tNoChange, from, Infinity, 840, day),
  addDays: () => d.addDays(today, 79), dayNumber: () => d.dayNumber(today),
};
const time = (fn) => { const s = process.cpuUsage(); for (let i = 0; i < 100000; i++) fn(); const e = process.cpuUsage(s); return (e.user + e.system) / 100000; };
for (const f of Object.values(fns)) for (let i = 0; i < 100000; i++) f();
const r = Object.fromEntries(Object.keys(fns).map((k) => [k, []]));
for (let k = 0; k < 21; k++) for (const [n, f] of Object.entries(fns)) r[n].push(time(f));
console.log(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.sort((a, b) => a - b)[3].toFixed(3)])));
