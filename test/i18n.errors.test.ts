import { describe, expect, it } from "vitest";
import { todayIn } from "../src/domain/countdown";
import ar from "../src/i18n/messages/ar.json";
import de from "../src/i18n/messages/de.json";
import en from "../src/i18n/messages/en.json";
import es from "../src/i18n/messages/es.json";
import fr from "../src/i18n/messages/fr.json";
import hi from "../src/i18n/messages/hi.json";
import pt from "../src/i18n/messages/pt.json";
import zh from "../src/i18n/messages/zh.json";
import { accountWithMedication, call, medicationInput, signUp } from "./helpers";

// API errors speak the request's language (Accept-Language) and keep one stable `code` whatever
// the language: the message from the catalog, the code its key.

type Catalog = Record<string, string>;
/** Accept-Language → the catalog it must be answered from and the locale numbers and dates use. */
const LANGUAGES: [tag: string, catalog: Catalog, locale: string][] = [
  ["de", de, "de"],
  ["fr", fr, "fr"],
  ["es", es, "es"],
  ["pt-BR", pt, "pt"],
  ["hi", hi, "hi"],
  ["ar", ar, "ar"],
  ["zh-CN", zh, "zh"],
];
const english: Catalog = Object.fromEntries(Object.entries(en).map(([key, entry]) => [key, entry.defaultMessage]));

/** A message that is one select (`{unit, select, tablet {…} … other {…}}`): the branch for `value`, else `other`. */
function selected(text: string, value: string | number | undefined): string {
  const head = /^\{(\w+), select, /.exec(text);
  if (!head) return text;
  const branches: Record<string, string> = {};
  let at = head[0].length;
  while (text[at] !== "}") {
    const key = /^(\w+) \{/.exec(text.slice(at))!;
    at += key[0].length;
    const start = at;
    for (let depth = 1; depth > 0; at++) depth += text[at] === "{" ? 1 : text[at] === "}" ? -1 : 0;
    branches[key[1]!] = text.slice(start, at - 1);
    while (text[at] === " ") at++;
  }
  return branches[String(value)] ?? branches.other!;
}

/** A catalog message with its `{name, number}` and `{name}` placeholders filled as the locale writes them. */
function expected(catalog: Catalog, key: string, locale: string, values: Record<string, number | string> = {}): string {
  const text = catalog[key] === undefined ? undefined : selected(catalog[key]!, values.unit);
  expect(text, `${key} in the catalog`).toBeTypeOf("string");
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return text!.replace(/\{(\w+)(, number)?\}/g, (_, name: string) => {
    const value = values[name]!;
    return typeof value === "number" ? number.format(value) : value;
  });
}

const as = (tag: string, cookie: string) => ({ cookie, headers: { "Accept-Language": tag } });

describe("API errors in the request's language", () => {
  it("a 400 from validation (pillsPerDay 0) answers { message, code } in each language, with the same code", async () => {
    const { account, pharmacy } = await accountWithMedication();
    const body = medicationInput(pharmacy.id, { pillsPerDay: 0 });

    const inEnglish = await call("POST", "/api/medications", { cookie: account.cookie, body });
    expect(inEnglish.status).toBe(400);
    expect(inEnglish.body).toEqual({ message: "Must take at least 0.25 pills per day", code: "field_pills_per_day_min" });

    for (const [tag, catalog, locale] of LANGUAGES) {
      const res = await call("POST", "/api/medications", { ...as(tag, account.cookie), body });
      expect(res.status, tag).toBe(400);
      expect(res.body, tag).toEqual({
        message: expected(catalog, "field_pills_per_day_min", locale, { min: 0.25 }),
        code: "field_pills_per_day_min",
      });
      expect(res.body.message, tag).not.toBe(inEnglish.body.message);
    }
  });

  it("another user's medication is 404 error_medication_not_found, in each language", async () => {
    const { medication } = await accountWithMedication();
    const stranger = await signUp();
    for (const [tag, catalog] of [["en", english] as const, ...LANGUAGES]) {
      const res = await call("GET", `/api/medications/${medication.id}`, as(tag, stranger.cookie));
      expect(res.status, tag).toBe(404);
      expect(res.body, tag).toEqual({ message: catalog.error_medication_not_found, code: "error_medication_not_found" });
    }
  });

  it("concurrent requests in different languages each get their own", async () => {
    const { account, pharmacy } = await accountWithMedication();
    const body = medicationInput(pharmacy.id, { pillsPerDay: 0 });
    const [inGerman, inFrench] = await Promise.all([
      call("POST", "/api/medications", { ...as("de", account.cookie), body }),
      call("POST", "/api/medications", { ...as("fr", account.cookie), body }),
    ]);
    expect(inGerman.body).toEqual({
      message: expected(de, "field_pills_per_day_min", "de", { min: 0.25 }),
      code: "field_pills_per_day_min",
    });
    expect(inFrench.body).toEqual({
      message: expected(fr, "field_pills_per_day_min", "fr", { min: 0.25 }),
      code: "field_pills_per_day_min",
    });

    // Many at once, validation and handler errors mixed.
    const mixed = LANGUAGES.flatMap(([tag, catalog, locale]) => [
      call("POST", "/api/medications", { ...as(tag, account.cookie), body }).then((res) => [
        res.body,
        { message: expected(catalog, "field_pills_per_day_min", locale, { min: 0.25 }), code: "field_pills_per_day_min" },
      ]),
      call("GET", "/api/medications/999999999", as(tag, account.cookie)).then((res) => [
        res.body,
        { message: catalog.error_medication_not_found, code: "error_medication_not_found" },
      ]),
    ]);
    for (const [got, want] of await Promise.all(mixed)) expect(got).toEqual(want);
  });

  it("an error with a value: the date is written the locale's way", async () => {
    const { account, medication } = await accountWithMedication();
    const today = todayIn("UTC");
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const res = await call("POST", "/api/medications/refill", {
      ...as("de", account.cookie),
      body: { medicationId: medication.id, pillsToAdd: 30, refilledOn: yesterday },
    });
    expect(res.status).toBe(400);
    const date = new Intl.DateTimeFormat("de", { dateStyle: "medium", timeZone: "UTC" }).format(Date.parse(`${today}T00:00:00Z`));
    expect(res.body).toEqual({ message: expected(de, "error_picked_up_too_early", "de", { date }), code: "error_picked_up_too_early" });
  });

  it("an import's row errors are in the reader's language; the column names stay English", async () => {
    const account = await signUp();
    const file = "name,pills_per_day,pills_remaining,pills_per_refill,pharmacy\r\nOpen,0,30,30,Corner\r\n";
    const res = await call("POST", "/api/medications/import", { ...as("fr", account.cookie), rawBody: file, contentType: "text/csv" });
    expect(res.status).toBe(400);
    const problem = expected(fr, "field_pills_per_day_min", "fr", { min: 0.25 });
    expect(res.body.errors).toEqual([{ row: 2, message: problem }]);
    expect(res.body.code).toBe("error_import_failed");
    expect(res.body.message).toBe(`Rien n’a été importé. Ligne 2 : ${problem}`);

    const missing = await call("POST", "/api/medications/import", {
      ...as("de", account.cookie),
      rawBody: "name,pills_per_day\r\nA,1\r\n",
      contentType: "text/csv",
    });
    expect(missing.body.errors).toEqual([
      { row: 1, message: "In der Kopfzeile fehlen die Spalten pills_remaining, pills_per_refill, pharmacy." },
    ]);
  });
});
