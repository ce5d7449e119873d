// JavaScript and CSS each page loads up front, gzip level 9: every script, modulepreload and stylesheet
// URL in the page's HTML, plus any module those statically import (a chunk the HTML forgot to preload
// still loads before the island runs — it just costs an extra round trip, which is reported too).
import { gzipSync } from "node:zlib";
import { kb, round } from "./report.mjs";

// The budget is checked to the byte: rounded to 0.1 KB, 90.01 KB would read "90" and pass.
const kb2 = (bytes) => round(bytes / 1024, 3);

export const PAGES = [
  { path: "/auth", signedIn: false },
  { path: "/", signedIn: true },
  { path: "/add-medication", signedIn: true },
  { path: "/pharmacies", signedIn: true },
  { path: "/profile", signedIn: true },
  { path: "/notifications", signedIn: true },
  { path: "/forgot-password", signedIn: false },
  { path: "/bench-no-such-page", signedIn: false, label: "404" },
];

// Islands the document shell adds to a page that has islands of its own (the toaster); a page
// "without islands" has none of its own, and since the toaster loads only with them, none at all.
const SHELL_ISLANDS = new Set(["Toasts"]);

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const attr = (tag, name) =>
  tag
    .match(new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"))
    ?.slice(1)
    .find((v) => v !== undefined);
const decode = (s) =>
  s.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");

/** URLs the HTML asks for up front, and the inline scripts. */
export function parseHtml(html) {
  const scripts = new Set();
  const preloads = new Set();
  const styles = new Set();
  const inline = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, "src");
    if (src) scripts.add(decode(src));
  }
  for (const [, open, body] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    const type = attr(open, "type") ?? "";
    if (!attr(open, "src") && body.trim() && !/json/i.test(type)) inline.push(body);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel.includes("modulepreload") || (rel.includes("preload") && attr(tag, "as") === "script")) preloads.add(decode(href));
    if (rel.includes("stylesheet")) styles.add(decode(href));
  }
  const islands = [...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]);
  return { scripts: [...scripts], preloads: [...preloads], styles: [...styles], inline, islands };
}

/** Static `import … from "./x.js"` / `import "./x.js"` specifiers of an esbuild ESM output. */
const staticImports = (code) => [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)].map((m) => m[1]);

/** Each asset once per run; its Cache-Control is kept to check the long-lived caching of /build/*. */
async function fetchBytes(url, cache, cacheControl) {
  if (!cache.has(url)) {
    cache.set(
      url,
      fetch(url).then(async (res) => {
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        cacheControl.set(new URL(url).pathname, res.headers.get("cache-control") ?? "");
        return Buffer.from(await res.arrayBuffer());
      }),
    );
  }
  return cache.get(url);
}

export async function pageWeight(baseUrl, page, cookie, cache, cacheControl) {
  const res = await fetch(`${baseUrl}${page.path}`, { headers: page.signedIn ? { cookie } : {}, redirect: "manual" });
  const html = await res.text();
  const parsed = parseHtml(html);
  const upFront = new Set([...parsed.scripts, ...parsed.preloads].map((u) => new URL(u, `${baseUrl}${page.path}`).href));
  // Follow static imports transitively: the browser fetches these before the module can run.
  const js = new Map();
  const queue = [...upFront];
  while (queue.length) {
    const url = queue.shift();
    if (js.has(url)) continue;
    const bytes = await fetchBytes(url, cache, cacheControl);
    js.set(url, bytes);
    for (const spec of staticImports(bytes.toString("utf8"))) queue.push(new URL(spec, url).href);
  }
  const notPreloaded = [...js.keys()].filter((u) => !upFront.has(u)).map((u) => new URL(u).pathname);
  const css = new Map();
  for (const href of parsed.styles) {
    const url = new URL(href, `${baseUrl}${page.path}`).href;
    css.set(url, await fetchBytes(url, cache, cacheControl));
  }
  const inlineBytes = parsed.inline.reduce((n, s) => n + gz(Buffer.from(s)), 0);
  const jsGzip = [...js.values()].reduce((n, b) => n + gz(b), 0) + inlineBytes;
  const cssGzip = [...css.values()].reduce((n, b) => n + gz(b), 0);
  return {
    status: res.status,
    islands: parsed.islands,
    htmlRaw: Buffer.byteLength(html),
    htmlGzip: gz(Buffer.from(html)),
    jsGzip,
    cssGzip,
    jsFiles: Object.fromEntries([...js].map(([u, b]) => [new URL(u).pathname, { raw: b.length, gzip: gz(b) }])),
    inlineScriptGzip: inlineBytes,
    notPreloaded,
  };
}

export async function measurePageWeights(report, { baseUrl, cookie }) {
  const cache = new Map();
  const cacheControl = new Map();
  const pages = {};
  for (const page of PAGES) {
    const label = page.label ?? page.path;
    const w = await pageWeight(baseUrl, page, cookie, cache, cacheControl);
    pages[label] = w;
    report.figure(`js_gzip_kb[${label}]`, kb(w.jsGzip));
    report.figure(`css_gzip_kb[${label}]`, kb(w.cssGzip));
    report.figure(`html_gzip_kb[${label}]`, kb(w.htmlGzip));
    console.log(
      `  ${label}: HTTP ${w.status}, islands [${w.islands.join(", ")}]${w.notPreloaded.length ? `, not preloaded: ${w.notPreloaded.join(" ")}` : ""}`,
    );
    if (w.status !== 200 && label !== "404")
      report.note(`${label} answered HTTP ${w.status} (page not built yet?) — its weights are of that answer`);
    if (w.notPreloaded.length)
      report.note(
        `${label}: ${w.notPreloaded.length} module(s) load only after their importer (no modulepreload): ${w.notPreloaded.join(", ")}`,
      );
  }
  report.check("dashboard JS (gzip KB)", kb2(pages["/"].jsGzip), "<=", 90);
  // Every language ships its own bundle (its messages only): each must fit the same budget, and
  // hold no other language's words.
  for (const language of ["es", "fr", "de", "pt", "hi", "ar", "zh"]) {
    const w = await pageWeight(baseUrl, { path: "/", signedIn: true }, `${cookie}; lang=${language}`, cache, cacheControl);
    report.figure(`js_gzip_kb[/ in ${language}]`, kb(w.jsGzip));
    report.check(`dashboard JS in ${language} (gzip KB)`, kb2(w.jsGzip), "<=", 90);
  }
  for (const [label, w] of Object.entries(pages)) {
    const own = w.islands.filter((name) => !SHELL_ISLANDS.has(name));
    if (own.length === 0) {
      const why = w.islands.length ? `only the document shell's ${w.islands.join(", ")} island` : "";
      report.check(`${label} has no islands of its own: JS (gzip KB)`, kb(w.jsGzip), "<=", 0, why);
    }
  }
  const build = [...cacheControl].filter(([path]) => path.startsWith("/build/"));
  const uncached = build.filter(([, value]) => !/immutable/.test(value) || !/max-age=31536000/.test(value));
  report.check(
    "hashed /build/* assets served immutable for a year (public/_headers)",
    uncached.length,
    "==",
    0,
    uncached
      .map(([p, v]) => `${p}: "${v}"`)
      .slice(0, 2)
      .join(", "),
  );
  report.detail("pages", pages);
  report.detail("assetCacheControl", Object.fromEntries(cacheControl));
}
