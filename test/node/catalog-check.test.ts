import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { check, glossaryProblems } from "../../scripts/i18n.mjs";

// The catalog build refuses two keys with the same English text unless each description says why
// they differ (a copy nobody chose drifts apart in translation: zh once named one status two ways).

const catalogsOf = (english: Record<string, { defaultMessage: string; description: string }>) => ({
  english,
  catalogs: { en: Object.fromEntries(Object.entries(english).map(([key, entry]) => [key, entry.defaultMessage])) },
});

describe("duplicate English texts", () => {
  it("are refused without a reason, naming both keys", () => {
    const { problems } = check(
      catalogsOf({
        a_today: { defaultMessage: "Today", description: "Chart label." },
        b_today: { defaultMessage: "Today", description: "Chart label too." },
      }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('"a_today" has the same English as "b_today"');
  });

  it("are refused when only one of the two says why", () => {
    const { problems } = check(
      catalogsOf({
        a_edit: { defaultMessage: "Edit", description: "Button. Same English as b_edit: a page's action." },
        b_edit: { defaultMessage: "Edit", description: "Button." },
      }),
    );
    expect(problems).toEqual([expect.stringContaining('"b_edit" has the same English as "a_edit"')]);
  });

  it("pass when each description names the others and says why", () => {
    const { problems } = check(
      catalogsOf({
        a_edit: { defaultMessage: "Edit", description: "Button. Same English as b_edit: a page's action." },
        b_edit: { defaultMessage: "Edit", description: "Link. Same English as a_edit: a list's action." },
      }),
    );
    expect(problems).toEqual([]);
  });

  it("hold for the real catalogs", async () => {
    const english = JSON.parse(readFileSync(new URL("../../src/i18n/messages/en.json", import.meta.url), "utf8"));
    const texts = Object.values(english as Record<string, { defaultMessage: string }>).map((e) => e.defaultMessage);
    const repeated = texts.filter((text, i) => texts.indexOf(text) !== i);
    // Each repeat is explained (the build passed), and there are fewer than before the check (43 texts under 93 keys).
    expect(new Set(repeated).size).toBeLessThan(43);
  });
});

describe("safety words (src/i18n/glossary.json)", () => {
  const read = (path: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/${path}`, import.meta.url), "utf8"));
  const glossary = read("glossary.json");
  const english = read("messages/en.json");
  const catalogs = Object.fromEntries(["es", "fr", "de", "pt", "hi", "ar", "zh"].map((lang) => [lang, read(`messages/${lang}.json`)]));

  it("refuses Hindi's रोकें (stop) for Pause: for a steroid taper, 'stop this medicine' is dangerous", () => {
    const problems = glossaryProblems(english, { ...catalogs, hi: { ...catalogs.hi, pause_title: "इस दवा को रोकें" } }, glossary);
    expect(problems).toEqual([expect.stringContaining('hi: "pause_title" renders "pause"')]);
  });

  it("refuses a bare إيقاف (stopping) for a pause in Arabic, and 暂停 (pause) for stop in Chinese", () => {
    const ar = glossaryProblems(english, { ...catalogs, ar: { ...catalogs.ar, pause_cancel_button: "إلغاء الإيقاف" } }, glossary);
    expect(ar).toEqual([expect.stringContaining('ar: "pause_cancel_button"')]);
    const stopKey = Object.keys(english).find((key) => /\bstop/i.test(english[key].defaultMessage))!;
    const zh = glossaryProblems(english, { ...catalogs, zh: { ...catalogs.zh, [stopKey]: "暂停" } }, glossary);
    expect(zh).toEqual([expect.stringContaining(`zh: "${stopKey}" renders "stop"`)]);
  });

  it("holds for the real catalogs, with a row for every safety word in every language", () => {
    expect(glossaryProblems(english, catalogs, glossary)).toEqual([]);
    for (const word of ["pause", "stop", "dose", "as needed", "skip", "refill"])
      expect(Object.keys(glossary[word].use).sort(), word).toEqual(Object.keys(catalogs).sort());
    expect(catalogs.hi.pause_title).toContain("विराम");
  });
});
