import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import assets from "../../src/generated/assets.json";

// A page's JavaScript holds its own language's messages and no other's: the islands are built once
// per language (scripts/build.mjs). Read from the build that `npm test` makes first.
type Scripts = { client: string; clientImports: string[]; islands: Record<string, { src: string; imports: string[] }> };
const manifest = assets as unknown as { languages: Record<string, Scripts> };
const LANGUAGES = ["en", "es", "fr", "de", "pt", "hi", "ar", "zh"];
const catalog = (language: string): Record<string, string> => {
  const raw = JSON.parse(readFileSync(join("src/i18n/messages", `${language}.json`), "utf8")) as Record<
    string,
    string | { defaultMessage: string }
  >;
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, typeof value === "string" ? value : value.defaultMessage]));
};
const filesOf = (language: string) => {
  const scripts = manifest.languages[language]!;
  return new Set([
    scripts.client,
    ...scripts.clientImports,
    ...Object.values(scripts.islands).flatMap((island) => [island.src, ...island.imports]),
  ]);
};
/**
 * The files only this language loads. A chunk every language shares byte for byte (React, sonner)
 * holds no language: its strings are a library's own (e.g. sonner's default region label).
 */
const bundleText = (language: string) => {
  // biome-ignore lint/performance/noAccumulatingSpread: each step copies a shrinking set to filter it, once per language.
  const shared = LANGUAGES.map(filesOf).reduce((common, files) => new Set([...common].filter((file) => files.has(file))));
  return [...filesOf(language)]
    .filter((file) => !shared.has(file))
    .map((file) => readFileSync(join("public", file), "utf8"))
    .join("\n");
};
/** A message as it stands in a bundle: its first literal run long enough to be unambiguous. */
const literal = (message: string) =>
  message
    .split(/[{}#]/)
    .map((part) => part.trim())
    .find((part) => part.length >= 12);

describe("per-language island bundles", () => {
  it("exist for every language", () => {
    expect(Object.keys(manifest.languages).sort()).toEqual([...LANGUAGES, "en-XA"].sort());
  });

  it.each(LANGUAGES)("the %s bundles hold no other language's messages", (language) => {
    const text = bundleText(language);
    const own = catalog(language);
    // Looked up once per language, not once per message (the catalogs grow: a quadratic scan timed out).
    const ownMessages = new Set(Object.values(own));
    const ownText = [...ownMessages].join("\u0000");
    for (const other of LANGUAGES.filter((l) => l !== language)) {
      const theirs = catalog(other);
      const foreign = Object.entries(theirs)
        .filter(([key, message]) => message !== own[key] && !ownMessages.has(message))
        .map(([, message]) => literal(message))
        .filter((part): part is string => part !== undefined && !ownText.includes(part))
        .filter((part) => text.includes(JSON.stringify(part).slice(1, -1)));
      expect(foreign, `${other} text in the ${language} bundle`).toEqual([]);
    }
  });

  it("no bundle carries the phone library or its metadata (numbers are parsed and formatted on the server)", () => {
    for (const language of LANGUAGES) {
      const text = bundleText(language);
      for (const marker of ["country_calling_codes", '"GB":["44"', "libphonenumber"])
        expect(text.includes(marker), `${marker} in the ${language} bundle`).toBe(false);
    }
  });

  it("the dashboard's bundle carries its own language's words", () => {
    // A message every dashboard shows, in each language's own words.
    for (const language of ["de", "ar", "zh"]) expect(bundleText(language)).not.toBe(bundleText("en"));
  });
});
