import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// Finding (issue 31): no formatter and no linter, lines up to 374 characters. `npm run lint` (part of
// `npm test`) now runs `biome ci` with biome.jsonc: 140 columns, the house's quotes, semicolons and
// trailing commas, Biome's recommended rules less the few docs/architecture.md names. These cases
// prove the check bites, and that what it must leave alone (generated output, catalogs) stays so.

const root = fileURLToPath(new URL("../..", import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type Finding = { category: string; path: string };

/** Runs `biome ci` with the project's configuration over a throwaway tree of `files`; answers what it reported. */
function check(files: Record<string, string>): Finding[] {
  const dir = mkdtempSync(join(tmpdir(), "biome-"));
  dirs.push(dir);
  // The configuration reads the ignore file (generated output is gitignored).
  for (const file of ["biome.jsonc", ".gitignore"]) copyFileSync(join(root, file), join(dir, file));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const bin = join(root, "node_modules/.bin/biome");
  let out: string;
  try {
    out = execFileSync(bin, ["ci", "--error-on-warnings", "--reporter=json", "--colors=off"], {
      cwd: dir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch (error) {
    // Non-zero on any finding; the report is still on stdout.
    out = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as { diagnostics: Array<{ category: string; location: { path: string } }> };
  // Biome checks files in parallel: sorted, the answer does not depend on which finished first.
  const found = report.diagnostics.map((d) => ({ category: d.category, path: d.location.path }));
  return found.sort((a, b) => `${a.path} ${a.category}`.localeCompare(`${b.path} ${b.category}`));
}

/** A module in the house style, its longest line 130 columns (Biome's default 80 would wrap it). */
const TIDY = [
  'import { helper } from "./helper";',
  "",
  `export const longList = (first: number, second: number) => helper([first, second, "a string that makes this line long enough"], { a: 1 });`,
  "export function split(text: string): string[] {",
  '  return text.split(",").map((part) => part.trim());',
  "}",
  "",
].join("\n");
const HELPER = "export const helper = (values: unknown[], options: object) => [values, options];\n";

// Each case starts Biome (well under a second, more on a busy machine).
describe("format and lint (npm run lint)", { timeout: 60_000 }, () => {
  it("npm test runs the lint, and the lint runs biome ci after the import boundaries", () => {
    const { scripts } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(scripts.test).toMatch(/npm run lint/);
    expect(scripts.lint).toMatch(/^depcruise .+ && biome ci --error-on-warnings$/);
  });

  it("passes a tree in the house style (140 columns, double quotes, semicolons, trailing commas)", () => {
    expect(check({ "src/tidy.ts": TIDY, "src/helper.ts": HELPER })).toEqual([]);
  });

  it("a line over 140 columns, single quotes or a missing semicolon", () => {
    const long = `export const tooLong = [${Array.from({ length: 30 }, (_, i) => `"item${i}"`).join(", ")}];\n`;
    expect(long.length).toBeGreaterThan(140);
    expect(
      check({ "src/long.ts": long, "src/quotes.ts": "export const quoted = 'single';\n", "src/semi.ts": "export const bare = 1\n" }),
    ).toEqual([
      { category: "format", path: "src/long.ts" },
      { category: "format", path: "src/quotes.ts" },
      { category: "format", path: "src/semi.ts" },
    ]);
  });

  it("an unused import or variable (the recommended rules, warnings included)", () => {
    const unusedImport = TIDY.replace(
      'import { helper } from "./helper";',
      'import { helper } from "./helper";\nimport { other } from "./other";',
    );
    const unusedVariable = "export function f() {\n  const unused = 1;\n  return 2;\n}\n";
    expect(
      check({
        "src/tidy.ts": unusedImport,
        "src/helper.ts": HELPER,
        "src/other.ts": "export const other = 1;\n",
        "src/f.ts": unusedVariable,
      }),
    ).toEqual([
      { category: "lint/correctness/noUnusedVariables", path: "src/f.ts" },
      { category: "lint/correctness/noUnusedImports", path: "src/tidy.ts" },
    ]);
  });

  it("a forEach callback that returns a value, and a React effect whose dependencies do not match", () => {
    const forEach = "export const log = (xs: number[]) => xs.forEach((x) => console.log(x));\n";
    const effect = [
      'import { useEffect } from "react";',
      "",
      "export function Focus({ id }: { id: string }) {",
      "  useEffect(() => {",
      "    document.getElementById(id)?.focus();",
      "  }, []);",
      "  return null;",
      "}",
      "",
    ].join("\n");
    expect(check({ "src/each.ts": forEach, "islands/Focus.tsx": effect })).toEqual([
      { category: "lint/correctness/useExhaustiveDependencies", path: "islands/Focus.tsx" },
      { category: "lint/suspicious/useIterableCallbackReturn", path: "src/each.ts" },
    ]);
  });

  it("a focused test (it would skip the rest of the suite) and a Drizzle delete without a where", () => {
    const focused = 'import { expect, it } from "vitest";\n\nit.only("counts", () => expect(1).toBe(1));\n';
    const wipe =
      'import type { Db } from "../db/client";\nimport { medications } from "../db/schema";\n\nexport const wipe = (db: Db) => db.delete(medications);\n';
    expect(check({ "test/a.test.ts": focused, "src/data/wipe.ts": wipe })).toEqual([
      { category: "lint/suspicious/noDrizzleDeleteWithoutWhere", path: "src/data/wipe.ts" },
      { category: "lint/suspicious/noFocusedTests", path: "test/a.test.ts" },
    ]);
  });

  it("raw HTML, unless a biome-ignore at the attribute gives the reason", () => {
    const raw = "export const Raw = ({ html }: { html: string }) => <div dangerouslySetInnerHTML={{ __html: html }} />;\n";
    expect(check({ "src/components/Raw.tsx": raw })).toEqual([
      { category: "lint/security/noDangerouslySetInnerHtml", path: "src/components/Raw.tsx" },
    ]);
    const reasoned = [
      "export const Raw = ({ html }: { html: string }) => (",
      "  <div",
      "    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own escaped render.",
      "    dangerouslySetInnerHTML={{ __html: html }}",
      "  />",
      ");",
      "",
    ].join("\n");
    expect(check({ "src/components/Raw.tsx": reasoned })).toEqual([]);
  });

  it("leaves the house idioms the configuration turns off alone (non-null assertions, assignment in a condition)", () => {
    const idioms = [
      "const cache = new Map<string, number[]>();",
      "export function memo(key: string): number[] {",
      "  let found = cache.get(key);",
      "  if (!found) cache.set(key, (found = [key.length]));",
      "  return [found[0]!];",
      "}",
      "",
    ].join("\n");
    expect(check({ "src/idioms.ts": idioms })).toEqual([]);
  });

  it("does not check generated output, the message catalogs or the generated Env types", () => {
    const untidy = "export const x = 'generated'\n";
    expect(
      check({
        "src/generated/i18n/en.ts": untidy,
        "public/build/a.js": untidy,
        "src/i18n/messages/en.json": '{"key":   {"message": "x"}}\n',
        "worker-configuration.d.ts": "interface Env { A: string }\n",
        "migrations/meta/_journal.json": '{"a":1}\n',
        "package-lock.json": '{"a":1}\n',
      }),
    ).toEqual([]);
  });
});
