import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The files that make the app installable, as committed (public/) and generated
// (scripts/icons.mjs). The dev server's answers for them (media type, caching) are checked in
// test/e2e/offline.test.ts, with Chromium's own installability check.

const root = join(import.meta.dirname, "../..");
const manifest = JSON.parse(readFileSync(join(root, "public/manifest.webmanifest"), "utf8"));

/** A PNG's width and height from its IHDR chunk, after checking the signature. */
function pngSize(path: string) {
  const bytes = readFileSync(join(root, "public", path));
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe("public/manifest.webmanifest", () => {
  it("names the app and opens it standalone at the root", () => {
    expect(manifest).toMatchObject({
      id: "/",
      start_url: "/",
      scope: "/",
      display: "standalone",
      name: "Refill Tracker",
      short_name: "Refills",
    });
  });

  it("takes its colours from the design: the brand teal and the page's slate-50", () => {
    const config = readFileSync(join(root, "tailwind.config.ts"), "utf8");
    expect(config).toContain(`DEFAULT: "${manifest.theme_color}"`);
    expect(manifest.background_color).toBe("#f8fafc");
  });

  it("lists PNG icons of 192 and 512 px and a maskable one, each the size it declares", () => {
    const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of icons) {
      expect(icon.type).toBe("image/png");
      expect(pngSize(icon.src), icon.src).toBe(icon.sizes);
    }
  });

  it("the apple-touch-icon every page links is a 180 px PNG", () => {
    expect(pngSize("/icons/apple-touch-icon.png")).toBe("180x180");
  });
});

describe("public/_headers", () => {
  const headers = readFileSync(join(root, "public/_headers"), "utf8");
  it("serves the manifest as application/manifest+json and the service worker revalidated", () => {
    expect(headers).toMatch(/^\/manifest\.webmanifest\n {2}Content-Type: application\/manifest\+json$/m);
    expect(headers).toMatch(/^\/sw\.js\n {2}Cache-Control: no-cache$/m);
  });
});
