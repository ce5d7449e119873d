// Builds the browser side: one hashed ES module per island (code-split, shared chunks for React,
// jotai, sonner) plus the Tailwind stylesheet, into public/build/, and writes the manifest the
// server reads to link them (src/generated/assets.json).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = join(root, "public/build");
const islandsDir = join(root, "islands");

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
mkdirSync(join(root, "src/generated"), { recursive: true });

const islandFiles = readdirSync(islandsDir).filter((f) => /^[A-Z]\w*\.tsx$/.test(f));
const entryPoints = ["client.ts", ...islandFiles].map((f) => join(islandsDir, f));

const result = await build({
  entryPoints,
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  minify: true,
  target: "es2022",
  jsx: "automatic",
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  metafile: true,
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});

const url = (file) => "/" + relative(join(root, "public"), join(root, file)).replaceAll("\\", "/");
const manifest = { client: "", css: "", islands: {} };
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (!output.entryPoint || file.endsWith(".map")) continue;
  // Static imports of an entry: the chunks the browser needs before the island can run.
  const imports = output.imports.filter((i) => i.kind === "import-statement").map((i) => url(i.path));
  const name = basename(output.entryPoint).replace(/\.tsx?$/, "");
  if (name === "client") manifest.client = url(file);
  else manifest.islands[name] = { src: url(file), imports };
}

const cssTmp = join(outdir, "app.css");
execFileSync(
  process.execPath,
  [join(root, "node_modules/@tailwindcss/cli/dist/index.mjs"), "-i", join(root, "src/styles/app.css"), "-o", cssTmp, "--minify"],
  { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
);
const css = readFileSync(cssTmp);
const cssName = `app-${createHash("sha256").update(css).digest("hex").slice(0, 10)}.css`;
writeFileSync(join(outdir, cssName), css);
rmSync(cssTmp);
manifest.css = `/build/${cssName}`;

writeFileSync(join(root, "src/generated/assets.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(`built ${Object.keys(manifest.islands).length} islands and ${cssName}`);
