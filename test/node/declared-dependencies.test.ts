import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Finding (issue 31): the build imported @formatjs/icu-messageformat-parser without declaring it (it
// resolved only because lighthouse → intl-messageformat happened to install it), and postmark was
// declared but nothing imported it. Every package a file names must be declared by the package.json
// that installs it (bench/ has its own: the bench's tools stay out of the app's install), and every
// package the app declares must be used.

const root = fileURLToPath(new URL("../..", import.meta.url));
const SKIP = new Set(["node_modules", "generated", ".git", ".wrangler", "build", "bench-results"]);
const SOURCE = /\.(?:[cm]?[jt]sx?|css)$/;

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : files(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

const NAME = `([@\\w][\\w@./-]*)`; // a package specifier, perhaps with a subpath
const IMPORTS = [
  new RegExp(`^\\s*(?:import|export)\\s+(?:type\\s+)?[\\w$*{},\\s]+?\\s+from\\s*["']${NAME}["']`, "gm"), // import x from <p>, export { x } from <p>
  new RegExp(`^\\s*@?import\\s*["']${NAME}["']`, "gm"), // import <p> (side effects), CSS @import <p>
  new RegExp(`\\bimport\\(\\s*["']${NAME}["']\\s*\\)`, "g"), // import(<p>)
  new RegExp(`(?:\\brequire|\\.resolve|\\))\\(\\s*["']${NAME}["']\\s*\\)`, "g"), // require(<p>), createRequire(…)(<p>), ….resolve(<p>)
  /["'`][^"'`\n]*node_modules\/((?:@[\w.-]+\/)?[\w.-]+)\//g, // a path into a package (a CLI run by path)
];
/** Comment lines go: they name packages in prose. */
const code = (source: string) => source.replace(/^\s*(?:\/\/|\/?\*).*$/gm, "");

/** "@scope/name/sub" → "@scope/name"; relative paths, node builtins and virtual modules → null. */
function packageOf(specifier: string): string | null {
  if (/^[./]|^[a-z]+:/.test(specifier) || builtinModules.includes(specifier.split("/")[0]!)) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

function packagesNamedIn(paths: string[]): Map<string, string[]> {
  const named = new Map<string, string[]>();
  for (const path of paths) {
    const source = code(readFileSync(join(root, path), "utf8"));
    for (const pattern of IMPORTS)
      for (const match of source.matchAll(pattern)) {
        const name = packageOf(match[1]!);
        if (name) named.set(name, [...(named.get(name) ?? []), path]);
      }
  }
  return named;
}

const manifest = (dir: string) =>
  JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    scripts?: Record<string, string>;
  };
const declared = (dir: string) => {
  const m = manifest(dir);
  return new Set([...Object.keys(m.dependencies ?? {}), ...Object.keys(m.devDependencies ?? {})]);
};

const rootFiles = readdirSync(root).filter((f) => SOURCE.test(f));
const appFiles = [...rootFiles, ...["src", "islands", "scripts", "test"].flatMap(files)];
const benchFiles = files("bench");

describe("dependencies are declared and used (issue 31)", () => {
  it("every package the app's files import is declared in package.json", () => {
    const missing = [...packagesNamedIn(appFiles)]
      .filter(([name]) => !declared(".").has(name))
      .map(([name, where]) => `${name} (${where.join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("every package the bench's files import is declared in bench/package.json", () => {
    const named = packagesNamedIn(benchFiles);
    expect([...named.keys()].sort()).toEqual(["autocannon", "lighthouse"]);
    expect([...named.keys()].filter((name) => !declared("bench").has(name))).toEqual([]);
  });

  it("keeps the bench's tools out of the app's install", () => {
    for (const tool of declared("bench")) expect(declared("."), tool).not.toContain(tool);
  });

  // Packages whose command has another name than the package.
  const CLI_OF: Record<string, string> = { typescript: "tsc", "dependency-cruiser": "depcruise", "@biomejs/biome": "biome" };

  it("uses every package package.json declares", () => {
    const named = packagesNamedIn(appFiles);
    const scripts = Object.values(manifest(".").scripts ?? {}).join(" ");
    const tsconfig = readFileSync(join(root, "tsconfig.json"), "utf8");
    const used = (name: string) =>
      named.has(name) ||
      // A CLI the npm scripts run (wrangler, tsc, drizzle-kit), or types tsconfig loads.
      new RegExp(`(^|[\\s&|])${CLI_OF[name] ?? name}\\s`).test(scripts) ||
      tsconfig.includes(`"${name}`) ||
      // @types/x for a package or Node itself.
      (name.startsWith("@types/") && (named.has(name.slice(7)) || name === "@types/node")) ||
      // `node`: the Node 22 npm puts first on every npm script's PATH (scripts/dev.mjs).
      name === "node";
    expect([...declared(".")].filter((name) => !used(name))).toEqual([]);
  });
});
