import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIsCurrent, inputsDigest, STAMP } from "../../scripts/build-inputs.mjs";

// Finding (issue 31): `npm test` built the app, then the browser tests' `wrangler dev` built it all
// again (its [build] command). scripts/dev.mjs now asks the build to skip itself when the last build
// was made from the same inputs (BUILD_IF_CHANGED=1); any edit to what it builds from rebuilds.

let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>) {
  root = mkdtempSync(join(tmpdir(), "build-inputs-"));
  for (const [path, text] of Object.entries(files)) write(path, text);
}
function write(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
const OUTPUT = "public/sw.js";

describe("the build is made once per npm test (issue 31: wrangler dev built it again)", () => {
  it("is current only after a build from the same inputs, with its outputs there", () => {
    tree({
      "islands/Dashboard.tsx": "export {}",
      "src/index.ts": "export {}",
      "src/i18n/messages/en.json": "{}",
      "package-lock.json": "{}",
    });
    expect(buildIsCurrent(root, [OUTPUT])).toBe(false); // never built
    write(OUTPUT, "sw");
    write(STAMP, inputsDigest(root) + "\n");
    expect(buildIsCurrent(root, [OUTPUT])).toBe(true);

    // What the build writes itself (src/generated) does not count as an input.
    write("src/generated/islands.ts", "changed");
    expect(buildIsCurrent(root, [OUTPUT])).toBe(true);

    for (const [path, text] of [
      ["islands/Dashboard.tsx", "export const x = 1"],
      ["src/i18n/messages/en.json", '{"a":1}'],
      ["src/new-file.ts", ""],
      ["package-lock.json", '{"v":2}'],
    ]) {
      write(path, text);
      expect(buildIsCurrent(root, [OUTPUT]), path).toBe(false);
      write(STAMP, inputsDigest(root) + "\n");
      expect(buildIsCurrent(root, [OUTPUT]), path).toBe(true);
    }

    rmSync(join(root, OUTPUT));
    expect(buildIsCurrent(root, [OUTPUT])).toBe(false); // an output gone
  });

  it("wrangler dev (scripts/dev.mjs) asks for the skip; npm run build and deploy always build", () => {
    const repo = join(import.meta.dirname, "../..");
    expect(readFileSync(join(repo, "scripts/dev.mjs"), "utf8")).toMatch(/BUILD_IF_CHANGED: "1"/);
    expect(readFileSync(join(repo, "wrangler.toml"), "utf8")).toMatch(/^command = "node scripts\/build\.mjs"$/m);
    const { scripts } = JSON.parse(readFileSync(join(repo, "package.json"), "utf8"));
    expect(scripts.build).toBe("node scripts/build.mjs");
    expect(scripts.test).toMatch(/^npm run build && /);
  });
});
