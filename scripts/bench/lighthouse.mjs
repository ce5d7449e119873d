// Lighthouse (its CLI, driving Debian's Chromium) at its default mobile settings — simulated slow 4G
// and a 4× CPU slowdown — on /auth and, signed in through the session cookie, on the dashboard.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { lighthouseCli } from "../../bench/tools.mjs";
import { childEnv, root } from "./server.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const GOALS = { performance: 95, accessibility: 100, "best-practices": 100 };
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

function lighthouse(url, outputPath, extraHeaders) {
  const args = [
    lighthouseCli,
    url,
    `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    `--only-categories=${Object.keys(GOALS).join(",")}`,
    "--output=json",
    `--output-path=${outputPath}`,
    "--max-wait-for-load=30000",
    "--quiet",
  ];
  if (extraHeaders) args.push(`--extra-headers=${JSON.stringify(extraHeaders)}`);
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { cwd: root, env: { ...childEnv, CHROME_PATH: CHROMIUM }, timeout: 120_000 },
      (err, _stdout, stderr) =>
        err ? reject(new Error(`lighthouse ${url}: ${err.message.split("\n")[0]} ${stderr.slice(-500)}`)) : resolve(),
    );
  });
}

function readReport(file) {
  const lhr = JSON.parse(readFileSync(file, "utf8"));
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/** Audits that cost points in a category: the list to act on. */
function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
}

export async function measureLighthouse(report, { baseUrl, cookie }) {
  const outDir = join(root, "bench-results");
  mkdirSync(outDir, { recursive: true });
  // localhost, not 127.0.0.1: what a developer opens, and a secure context for Chromium either way.
  const origin = baseUrl.replace("127.0.0.1", "localhost");
  const pages = [
    { label: "/auth", url: `${origin}/auth` },
    { label: "/", url: `${origin}/`, headers: { Cookie: cookie } },
  ];
  const details = {};
  for (const page of pages) {
    const file = join(outDir, `lighthouse${page.label === "/" ? "-dashboard" : page.label.replace("/", "-")}.json`);
    // One retry: on a busy machine Chromium's trace sometimes misses the navigation (NO_NAVSTART).
    const lhr = await lighthouse(page.url, file, page.headers)
      .then(() => readReport(file))
      .catch((err) => {
        report.note(`lighthouse ${page.label}: retrying after ${err.message.split("\n")[0].slice(-160)}`);
        return lighthouse(page.url, file, page.headers).then(() => readReport(file));
      });
    if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== new URL(page.url).pathname) {
      report.note(`lighthouse ${page.label} ended on ${lhr.finalDisplayedUrl} (redirected — cookie not accepted?)`);
    }
    const entry = { finalUrl: lhr.finalDisplayedUrl, scores: {}, metrics: {}, failing: {} };
    for (const [category, goal] of Object.entries(GOALS)) {
      const score = lhr.categories[category]?.score;
      const value = score === null || score === undefined ? null : Math.round(score * 100);
      entry.scores[category] = value;
      entry.failing[category] = failingAudits(lhr, category);
      report.figure(`lighthouse_${category}[${page.label}]`, value);
      report.check(`Lighthouse ${category} ${page.label}`, value, ">=", goal, entry.failing[category].slice(0, 4).join(", "));
    }
    for (const id of METRICS) entry.metrics[id] = lhr.audits[id]?.displayValue ?? null;
    console.log(`  ${page.label}: ${METRICS.map((id) => `${id} ${entry.metrics[id]}`).join(", ")}`);
    details[page.label] = entry;
  }
  report.detail("lighthouse", { settings: "default (mobile, simulated throttling)", chromium: CHROMIUM, pages: details });
}
