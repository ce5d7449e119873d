// Message catalogs → typed, compiled message functions (run by scripts/build.mjs; `node scripts/i18n.mjs`
// alone checks and compiles). English (src/i18n/messages/en.json, FormatJS JSON: defaultMessage and a
// description for translators) is the source; every other language is `{ key: message }` in ICU
// MessageFormat. The check fails naming the problem: a missing or extra key, a placeholder that
// differs from English, a plural without a category the language needs, invalid ICU syntax.
//
// Output (src/generated/i18n/):
// - <lang>.ts: one exported function per message, so a browser bundle keeps only the messages its
//   islands use (esbuild drops the rest) and no other language's;
// - index.ts: the server's typed entry, the same exports dispatching on the request's language;
// - codes.ts: every message answering its own key (validation on the server runs in it to get codes).
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const catalogDir = join(root, "src/i18n/messages");
const outDir = join(root, "src/generated/i18n");

/** The pseudo-locale: accented, ~30 % longer, bracketed; development and tests only. */
export const PSEUDO = "en-XA";
const KEY = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

function readCatalogs() {
  const english = JSON.parse(readFileSync(join(catalogDir, "en.json"), "utf8"));
  const catalogs = { en: Object.fromEntries(Object.entries(english).map(([k, v]) => [k, v.defaultMessage])) };
  for (const file of readdirSync(catalogDir).sort()) {
    const lang = file.replace(/\.json$/, "");
    if (lang === "en" || !file.endsWith(".json")) continue;
    catalogs[lang] = JSON.parse(readFileSync(join(catalogDir, file), "utf8"));
  }
  const glossary = JSON.parse(readFileSync(join(catalogDir, "../glossary.json"), "utf8"));
  return { english, catalogs, glossary };
}

/** Placeholders of a parsed message, with the type each needs: name → "number" | "string" | "text". */
function placeholders(ast, found = new Map()) {
  for (const el of ast) {
    if (el.type === TYPE.argument) found.set(el.value, found.get(el.value) ?? "text");
    if (el.type === TYPE.number || el.type === TYPE.plural) found.set(el.value, "number");
    if (el.type === TYPE.select) found.set(el.value, "string");
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) placeholders(option.value, found);
    if (el.type === TYPE.tag) placeholders(el.children, found);
  }
  return found;
}

function pluralsOf(ast, out = []) {
  for (const el of ast) {
    if (el.type === TYPE.plural) out.push(el);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) pluralsOf(option.value, out);
  }
  return out;
}

/**
 * Safety words (src/i18n/glossary.json): a message whose English uses the word must not use, in a
 * language, a rendering the glossary forbids there (Hindi "रोकें" for pause means stop the medicine).
 */
export function glossaryProblems(english, catalogs, glossary) {
  const problems = [];
  for (const [word, row] of Object.entries(glossary ?? {})) {
    if (word.startsWith("_")) continue;
    const inEnglish = new RegExp(row.english, "iu");
    for (const [lang, patterns] of Object.entries(row.never ?? {})) {
      for (const [key, entry] of Object.entries(english)) {
        const text = catalogs[lang]?.[key];
        if (typeof text !== "string" || !inEnglish.test(entry.defaultMessage)) continue;
        for (const pattern of patterns) {
          if (new RegExp(pattern, "iu").test(text))
            problems.push(
              `${lang}: "${key}" renders "${word}" as /${pattern}/, which the glossary forbids (src/i18n/glossary.json): ${text}`,
            );
        }
      }
    }
  }
  return problems;
}

export function check({ english, catalogs, glossary }) {
  const problems = [];
  const englishKeys = Object.keys(english);
  for (const [key, entry] of Object.entries(english)) {
    if (!KEY.test(key)) problems.push(`en: key "${key}" must be snake_case (letters, digits, _)`);
    if (typeof entry?.defaultMessage !== "string") problems.push(`en: "${key}" needs a defaultMessage`);
    if (typeof entry?.description !== "string" || !entry.description.trim())
      problems.push(`en: "${key}" needs a description for translators`);
  }
  // One English text, one key, unless each twin's description says why they differ ("Same English
  // as other_key: …"): a language may need two words where English has one (a column heading and a
  // toast, a label and a page title), but a copy nobody chose drifts apart in translation.
  const byText = new Map();
  for (const [key, entry] of Object.entries(english))
    byText.set(entry?.defaultMessage, [...(byText.get(entry?.defaultMessage) ?? []), key]);
  for (const keys of byText.values()) {
    if (keys.length < 2) continue;
    for (const key of keys) {
      const others = keys.filter((other) => other !== key);
      const said = /Same English as ([\w, ]+):\s*\S/.exec(english[key].description ?? "");
      const named = said ? said[1].split(/[\s,]+/).filter(Boolean) : [];
      if (!others.every((other) => named.includes(other)))
        problems.push(
          `en: "${key}" has the same English as ${others.map((o) => `"${o}"`).join(", ")}: use one key, or say why they differ in each description ("Same English as ${others.join(", ")}: …")`,
        );
    }
  }
  problems.push(...glossaryProblems(english, catalogs, glossary));
  const parsed = {};
  for (const [lang, messages] of Object.entries(catalogs)) {
    parsed[lang] = {};
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const key of englishKeys) if (!(key in messages)) problems.push(`${lang}: missing key "${key}"`);
    for (const key of Object.keys(messages)) if (!(key in english)) problems.push(`${lang}: extra key "${key}" (not in en.json)`);
    for (const [key, message] of Object.entries(messages)) {
      if (!(key in english)) continue;
      let ast;
      try {
        // Tags stay literal text: markup belongs in the component, never in a translation.
        ast = parse(message, { requiresOtherClause: true, ignoreTag: true });
      } catch (err) {
        problems.push(`${lang}: "${key}" is not valid ICU MessageFormat (${err.message}): ${message}`);
        continue;
      }
      parsed[lang][key] = ast;
      for (const plural of pluralsOf(ast)) {
        if (plural.pluralType === "ordinal") continue;
        const missing = categories.filter((c) => c !== "other" && !(c in plural.options));
        if (missing.length) problems.push(`${lang}: "${key}" plural {${plural.value}} lacks ${missing.join(", ")} (needed in ${lang})`);
        const unknown = Object.keys(plural.options).filter((c) => !c.startsWith("=") && !categories.includes(c));
        if (unknown.length) problems.push(`${lang}: "${key}" plural {${plural.value}} has ${unknown.join(", ")}, which ${lang} never uses`);
      }
    }
  }
  for (const [lang, asts] of Object.entries(parsed)) {
    if (lang === "en") continue;
    for (const [key, ast] of Object.entries(asts)) {
      const want = parsed.en[key] && placeholders(parsed.en[key]);
      if (!want) continue;
      const have = placeholders(ast);
      const names = (m) => [...m.keys()].sort().join(", ");
      if (names(want) !== names(have))
        problems.push(`${lang}: "${key}" has placeholders {${names(have)}} but English has {${names(want)}}`);
    }
  }
  return { problems, parsed };
}

// --- code generation -----------------------------------------------------------------------------

const str = JSON.stringify;

function expression(ast, pound) {
  const parts = ast.map((el) => {
    switch (el.type) {
      case TYPE.literal:
        return str(el.value);
      case TYPE.argument:
        return `$arg(p.${el.value})`;
      case TYPE.number:
        return `$num(p.${el.value})`;
      case TYPE.pound:
        return pound ?? '"#"';
      case TYPE.select: {
        const cases = Object.entries(el.options).filter(([k]) => k !== "other");
        let code = expression(el.options.other.value, pound);
        for (const [k, option] of cases.reverse()) code = `p.${el.value} === ${str(k)} ? ${expression(option.value, pound)} : ${code}`;
        return `(${code})`;
      }
      case TYPE.plural: {
        const n = `p.${el.value}`;
        const value = el.offset ? `(${n} - ${el.offset})` : n;
        const shown = `$num(${value})`;
        const exact = Object.entries(el.options).filter(([k]) => k.startsWith("="));
        const categories = Object.entries(el.options).filter(([k]) => !k.startsWith("=") && k !== "other");
        let byCategory = expression(el.options.other.value, shown);
        for (const [k, option] of categories.reverse()) byCategory = `c === ${str(k)} ? ${expression(option.value, shown)} : ${byCategory}`;
        let code = categories.length ? `$plural(${value}, (c) => ${byCategory})` : byCategory;
        for (const [k, option] of exact.reverse()) code = `${n} === ${Number(k.slice(1))} ? ${expression(option.value, shown)} : ${code}`;
        return `(${code})`;
      }
      default:
        throw new Error(`unsupported ICU element ${el.type}`);
    }
  });
  if (parts.length === 0) return '""';
  return parts.join(" + ");
}

function moduleFor(asts, keys) {
  const lines = [
    `// Generated by scripts/i18n.mjs — do not edit.`,
    `/* eslint-disable */`,
    `import { $arg, $num, $plural } from "../../i18n/runtime";`,
  ];
  for (const key of keys) {
    const ast = asts[key];
    const params = placeholders(ast).size ? "p: any" : "";
    lines.push(`export const ${key} = (${params}): string => ${expression(ast)};`);
  }
  return lines.join("\n") + "\n";
}

const ACCENTED = Object.fromEntries(
  [..."abcdeghiklmnoprstuwyzABCDEGHIKLNOPRSTUWYZ"].map((ch, i) => [ch, [..."åƀçđéĝĥîķļɱñöþŕšţûŵýžÅƁÇĐÉĜĤÎĶĻÑÖÞŘŠŢÛŴÝŽ"][i]]),
);
const accent = (text) => [...text].map((ch) => ACCENTED[ch] ?? ch).join("");

/** en-XA: every literal accented and stretched by ~30 %, the whole message in brackets. */
function pseudo(ast, top = true) {
  const walk = (nodes) =>
    nodes.map((el) => {
      if (el.type === TYPE.literal) {
        const extra = Math.ceil(el.value.replace(/\s/g, "").length * 0.3);
        return { ...el, value: accent(el.value) + (extra ? "·".repeat(extra) : "") };
      }
      if (el.type === TYPE.plural || el.type === TYPE.select)
        return { ...el, options: Object.fromEntries(Object.entries(el.options).map(([k, o]) => [k, { ...o, value: walk(o.value) }])) };
      return el;
    });
  const body = walk(ast);
  return top ? [{ type: TYPE.literal, value: "[" }, ...body, { type: TYPE.literal, value: "]" }] : body;
}

const tsType = { number: "number", string: "string", text: "string | number" };

export function compile() {
  const catalogs = readCatalogs();
  const { problems, parsed } = check(catalogs);
  if (problems.length) {
    throw new Error(`message catalogs have ${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
  }
  const keys = Object.keys(catalogs.english).sort();
  parsed[PSEUDO] = Object.fromEntries(keys.map((k) => [k, pseudo(parsed.en[k])]));
  mkdirSync(outDir, { recursive: true });
  const languages = Object.keys(parsed);
  for (const lang of languages) writeFileSync(join(outDir, `${lang}.ts`), moduleFor(parsed[lang], keys));
  writeFileSync(
    join(outDir, "codes.ts"),
    `// Generated by scripts/i18n.mjs — do not edit. Every message answers its own key (and its values).\nimport { $code } from "../../i18n/runtime";\n${keys.map((k) => `export const ${k} = (p?: object) => $code(${str(k)}, p);`).join("\n")}\n`,
  );
  const ids = (lang) => lang.replace("-", "_");
  const index = [
    `// Generated by scripts/i18n.mjs — do not edit. The server's messages: each dispatches on the`,
    `// request's language (src/i18n/current.ts); a browser bundle gets one language's module instead.`,
    `import { currentLanguage } from "../../i18n/current";`,
    ...languages.map((lang) => `import * as ${ids(lang)} from "./${lang}";`),
    `import * as codes from "./codes";`,
    ``,
    `export const LANGUAGES = ${str(languages.filter((l) => l !== PSEUDO))} as const;`,
    `export const PSEUDO_LOCALE = ${str(PSEUDO)};`,
    `type Catalog = typeof en;`,
    `const catalogs: Record<string, Catalog> = { ${languages.map((l) => `${str(l)}: ${ids(l)}`).join(", ")}, $code: codes as unknown as Catalog };`,
    `const active = (): Catalog => catalogs[currentLanguage()] ?? en;`,
    ``,
    ...keys.map((key) => {
      const found = placeholders(parsed.en[key]);
      const type = [...found].map(([name, kind]) => `${name}: ${tsType[kind]}`).join("; ");
      return found.size
        ? `export const ${key} = (p: { ${type} }): string => active().${key}(p as never);`
        : `export const ${key} = (): string => active().${key}();`;
    }),
  ];
  writeFileSync(join(outDir, "index.ts"), index.join("\n") + "\n");
  return { languages, keys: keys.length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const { languages, keys } = compile();
    console.log(`compiled ${keys} messages in ${languages.length} languages`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
