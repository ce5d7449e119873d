import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// wrangler.toml's `assets.run_worker_first` sends these paths to the Worker without asking the
// asset worker first. A pattern that matched a file in public/ would hide that file behind the
// Worker's 404, so none may.

const root = join(import.meta.dirname, "../..");
const toml = readFileSync(join(root, "wrangler.toml"), "utf8");
const line = toml.match(/^run_worker_first = (\[.*\])$/m);
const patterns: string[] = line ? JSON.parse(line[1]!) : [];

/** Workers' route patterns: `*` matches any run of characters, everything else itself. */
const matches = (pattern: string, path: string) =>
  new RegExp(
    `^${pattern
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  ).test(path);

function publicPaths(dir = join(root, "public")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) return publicPaths(path);
    return entry.name.startsWith("_") ? [] : [`/${relative(join(root, "public"), path)}`];
  });
}

describe("assets.run_worker_first", () => {
  it("sends the API and the dashboard to the Worker first", () => {
    expect(patterns).toEqual(["/api/*", "/"]);
  });

  it("the pattern helper matches as Workers do", () => {
    expect(matches("/api/*", "/api/medications")).toBe(true);
    expect(matches("/api/*", "/apis")).toBe(false);
    expect(matches("/", "/")).toBe(true);
    expect(matches("/", "/favicon.svg")).toBe(false);
  });

  it("matches no file in public/ (favicon, the built islands and stylesheet)", () => {
    const files = publicPaths();
    expect(files).toContain("/favicon.svg");
    for (const file of files) for (const pattern of patterns) expect(matches(pattern, file), `${pattern} would hide ${file}`).toBe(false);
  });
});
