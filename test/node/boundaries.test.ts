import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// `npm run lint` (part of `npm test`) holds docs/architecture.md's boundaries with
// .dependency-cruiser.cjs. These cases prove each rule bites: a tree that breaks it fails the check.

const root = fileURLToPath(new URL("../..", import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs the project's rules over a throwaway tree of `files`; answers the rules that failed. */
function violations(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), "boundaries-"));
  dirs.push(dir);
  copyFileSync(join(root, "tsconfig.json"), join(dir, "tsconfig.json"));
  for (const folder of ["src", "islands"]) mkdirSync(join(dir, folder));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const bin = join(root, "node_modules/.bin/depcruise");
  // The JSON report lists the violations (the plain one, which `npm run lint` prints, exits non-zero on them).
  const json = execFileSync(bin, ["src", "islands", "--config", join(root, ".dependency-cruiser.cjs"), "--output-type", "json"], {
    cwd: dir,
    encoding: "utf8",
  });
  const out = JSON.parse(json) as { summary: { violations: Array<{ rule: { name: string } }> } };
  return [...new Set(out.summary.violations.map((v) => v.rule.name))];
}

// Each case starts the cruiser (1–3 s, more on a busy machine).
describe("import boundaries (npm run lint)", { timeout: 60_000 }, () => {
  it("passes a tree that keeps them", () => {
    expect(
      violations({
        "islands/A.tsx": 'import { x } from "../src/domain/x";\nexport const a = x;\n',
        "src/domain/x.ts": "export const x = 1;\n",
      }),
    ).toEqual([]);
  });

  it("an island that imports server code", () => {
    expect(
      violations({
        "islands/A.tsx": 'import { q } from "../src/data/q";\nexport const a = q;\n',
        "src/data/q.ts": "export const q = 1;\n",
      }),
    ).toEqual(["browser-safe-imports-no-server-code"]);
  });

  it("a pure module the islands share that imports server code (only its types may)", () => {
    expect(
      violations({ "src/shared/s.ts": 'import { q } from "../auth/q";\nexport const s = q;\n', "src/auth/q.ts": "export const q = 1;\n" }),
    ).toEqual(["browser-safe-imports-no-server-code"]);
    expect(
      violations({
        "src/shared/s.ts": 'import type { Q } from "../auth/q";\nexport const s: Q = 1;\n',
        "src/auth/q.ts": "export type Q = number;\n",
      }),
    ).toEqual([]);
  });

  it("a handler or job that touches the tables", () => {
    expect(
      violations({
        "src/api/h.ts": 'import { t } from "../db/schema";\nexport const h = t;\n',
        "src/db/schema.ts": "export const t = 1;\n",
      }),
    ).toEqual(["only-data-and-auth-touch-the-schema"]);
    expect(
      violations({
        "src/reminders/j.ts": 'import { t } from "../db/schema";\nexport const j = t;\n',
        "src/db/schema.ts": "export const t = 1;\n",
      }),
    ).toEqual(["only-data-and-auth-touch-the-schema"]);
  });

  it("a job that imports the HTTP layer", () => {
    expect(
      violations({
        "src/maintenance/j.ts": 'import { e } from "../http/errors";\nexport const j = e;\n',
        "src/http/errors.ts": "export const e = 1;\n",
      }),
    ).toEqual(["jobs-do-not-import-http"]);
  });

  it("a value import cycle (type-only imports aside)", () => {
    expect(
      violations({
        "src/data/a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
        "src/data/b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
      }),
    ).toEqual(["no-value-cycle"]);
    expect(
      violations({
        "src/data/a.ts": 'import type { B } from "./b";\nexport type A = { b?: B };\n',
        "src/data/b.ts": 'import type { A } from "./a";\nexport type B = { a?: A };\n',
      }),
    ).toEqual([]);
  });
});
