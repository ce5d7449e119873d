// JavaScript as a patient's browser gets it: Debian's Chromium loads a signed-in page with an empty
// cache and counts every script response (modules, modulepreloads, chunks an island imports lazily
// on every visit) until the network has been idle for 500 ms, each gzip -9. The service worker is
// blocked: it is not part of the page's bundle. The dashboard must stay within the budget in every
// language, with 20 and with 100 medications; every chunk is named with its size, so a regression
// shows where it came from.
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { round } from "./report.mjs";
import { registerUser, seedMedications } from "./seed.mjs";

export const BUDGET_KB = 90;
const LANGUAGES = ["en", "es", "fr", "de", "pt", "hi", "ar", "zh"];
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const kb3 = (bytes) => round(bytes / 1024, 3);

/** Every script the browser downloads for `path` until the network is idle: [{ path, gzip }]. */
async function download(browser, baseUrl, cookie, language, path) {
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 1280, height: 900 } });
  const [name, value] = cookie.split("=");
  await context.addCookies([
    { name, value, url: baseUrl },
    { name: "lang", value: language, url: baseUrl },
  ]);
  const page = await context.newPage();
  const pending = [];
  page.on("response", (res) => {
    const type = res.request().resourceType();
    const url = new URL(res.url());
    if (type !== "script" && !url.pathname.endsWith(".js")) return;
    pending.push(
      res
        .body()
        .then((body) => ({ path: url.pathname, gzip: gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  const answer = await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle", timeout: 60_000 });
  const status = answer?.status() ?? 0;
  const files = new Map();
  for (const file of await Promise.all(pending)) if (file) files.set(file.path, file.gzip);
  await context.close();
  return { status, files: [...files].map(([file, gzip]) => ({ path: file, gzip })).sort((a, b) => b.gzip - a.gzip) };
}

const total = (files) => files.reduce((n, f) => n + f.gzip, 0);
const listing = (files) => files.map((f) => `${kb3(f.gzip).toFixed(2).padStart(6)} ${f.path}`).join("\n    ");

/**
 * `users`: { 20: cookie, 100: cookie }, each with that many medications and a chosen time zone (so
 * the first visit's "Time zone set" toast, which loads sonner, does not show). The first visit after
 * sign-up is measured once, separately, as a figure.
 */
export async function measureBrowserWeights(report, { baseUrl, cookie }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const fresh = await registerUser(baseUrl);
    await seedMedications({ baseUrl }, fresh, 20);
    const first = await download(browser, baseUrl, fresh.cookie, "en", "/");
    report.figure("browser_js_gzip_kb[/ first visit after sign-up, 20 medications, en]", kb3(total(first.files)));
    report.note(
      "the first visit after sign-up shows the 'Time zone set' toast, which loads sonner (a toast's library) once; a return visit shows no toast",
    );
    // The bench's own user never visited: choose its zone as that first visit did, so every visit below is a return visit.
    await chooseZone(baseUrl, cookie);

    const medicationId = await firstMedicationId(baseUrl, fresh.cookie);
    const users = [
      { medications: 20, cookie: fresh.cookie },
      { medications: 100, cookie },
    ];
    const pages = [
      { label: "/", path: "/", budget: true, perUser: true },
      { label: "/medications/:id", path: `/medications/${medicationId}` },
      { label: "/add-medication", path: "/add-medication" },
      { label: "/pharmacies", path: "/pharmacies" },
      { label: "/profile", path: "/profile" },
      { label: "/notifications", path: "/notifications" },
    ];
    const worst = {};
    for (const page of pages) {
      for (const user of page.perUser ? users : users.slice(0, 1)) {
        for (const language of LANGUAGES) {
          const { status, files } = await download(browser, baseUrl, user.cookie, language, page.path);
          const size = kb3(total(files));
          const where = `${page.label}, ${user.medications} medications, ${language}`;
          report.figure(`browser_js_gzip_kb[${where}]`, size);
          if (status !== 200) report.note(`${where} answered HTTP ${status}`);
          if (page.budget)
            report.check(`dashboard JS as downloaded (${user.medications} medications, ${language}, gzip KB)`, size, "<=", BUDGET_KB, "", {
              budget: true,
            });
          if (!worst[page.label] || size > worst[page.label].size) worst[page.label] = { size, where, files };
        }
      }
    }
    for (const { size, where, files } of Object.values(worst))
      console.log(`  largest: ${where}: ${size} KB in ${files.length} files\n    ${listing(files)}`);
    report.detail("browserWeights", worst);
  } finally {
    await browser.close();
  }
}

async function chooseZone(baseUrl, cookie) {
  const res = await fetch(`${baseUrl}/api/user/timezone`, {
    method: "PUT",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ timezone: "UTC" }),
  });
  if (!res.ok) throw new Error(`PUT /api/user/timezone answered ${res.status}`);
}

async function firstMedicationId(baseUrl, cookie) {
  const res = await fetch(`${baseUrl}/api/medications`, { headers: { cookie } });
  const list = await res.json();
  if (!Array.isArray(list) || list.length === 0) throw new Error(`GET /api/medications answered ${res.status}`);
  return list[0].id;
}
