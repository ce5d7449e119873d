// CPU per request: the workerd processes' user+system time spent serving N requests of a target,
// read from /proc. Unlike req/s it barely moves when other work shares the machine, so it compares
// two versions of the code honestly on a busy machine (Linux only).
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

const TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux

/** The workerd processes started from `cwd` (wrangler dev runs one or more). */
function workerdPids(cwd) {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd" && readlinkSync(`/proc/${pid}/cwd`) === cwd;
      } catch {
        return false;
      }
    });
}

const cpuTicks = (pids) =>
  pids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return sum + Number(fields[11]) + Number(fields[12]); // utime, stime
  }, 0);

/** ms of workerd CPU per request for each target, over `requests` requests at `connections` at once. */
export async function measureCpu(report, { baseUrl, cookie, cwd, requests = 1500, connections = 8 }) {
  const pids = workerdPids(cwd);
  if (pids.length === 0) throw new Error(`no workerd process runs from ${cwd}`);
  const targets = [
    ["static", "/favicon.svg", {}],
    ["worker_no_db", "/api/user", {}],
    ["api_user", "/api/user", { cookie }],
    ["api", "/api/medications", { cookie }],
    ["dashboard", "/", { cookie }],
  ];
  for (const [name, path, headers] of targets) {
    const hit = async () => {
      const res = await fetch(baseUrl + path, { headers });
      await res.arrayBuffer();
    };
    for (let i = 0; i < 100; i++) await hit(); // warm up
    const before = cpuTicks(pids);
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next++ < requests) await hit();
      }),
    );
    const ms = (cpuTicks(pids) - before) / TICKS_PER_MS / requests;
    report.figure(`${name}_cpu_ms_per_request`, Math.round(ms * 1000) / 1000);
  }
}
