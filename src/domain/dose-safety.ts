import * as m from "../generated/i18n";
import { currentLanguage } from "../i18n/current";
import { WEEKLY_DRUGS, type WeeklyDrug } from "./weekly-drugs";
import type { Schedule, Unit } from "./regimen";

// Two mistakes a save must not let through unseen: a weekly-only drug on a more frequent schedule
// (methotrexate taken daily), and a dose far above what anyone takes at once (the milligrams typed
// into the dose). Either needs the patient's confirmation (`confirmed: true`); the API, the form and
// the CSV import ask the same question, worded by the code and values below.

/** Folded for comparison: accents and other marks off (é → e, إ → ا), lower case. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
/** Words as ' a b c ', so a term is found as whole words only. */
const wordsOf = (text: string) => ` ${(fold(text).match(/[\p{L}\p{N}]+/gu) ?? []).join(" ")} `;
/**
 * Arabic joins the article and some prepositions to the word (الميثوتريكسات, وال…, بال…, لل…): a
 * name's words are also read without them, when at least three letters are left.
 */
const ARABIC_ARTICLE = /^(?:[وفبك]?ال|لل)(?=\p{L}{3})/u;
const nameWordsOf = (text: string) =>
  wordsOf(text).replace(/\S+/g, (word) => (ARABIC_ARTICLE.test(word) ? `${word} ${word.replace(ARABIC_ARTICLE, "")}` : word));
/** Chinese writes no spaces between words: a Han term is found anywhere in the name. */
const HAN = /\p{Script=Han}/u;
const compact = (text: string) => fold(text).replace(/\s+/g, "");

const TERMS = WEEKLY_DRUGS.flatMap((drug) =>
  [...Object.values(drug.names), ...drug.also].map((term) =>
    HAN.test(term) ? { drug, han: true, text: compact(term) } : { drug, han: false, text: wordsOf(term) },
  ),
);

/** The weekly-only drug a medication's name (as typed) names, whole word, any case or accents. */
export function weeklyDrugIn(name: string): WeeklyDrug | null {
  const words = nameWordsOf(name);
  const whole = compact(name);
  return TERMS.find((term) => (term.han ? whole.includes(term.text) : words.includes(term.text)))?.drug ?? null;
}

/** Once a week or less often: one weekday, or every 7 days or more. */
export const isWeeklyOrLonger = (schedule: Schedule) =>
  (schedule.type === "weekdays" && schedule.days.length === 1) || (schedule.type === "interval" && schedule.everyDays >= 7);

/** Above this many at a time a dose is asked about: whole items 10, small measures 20, insulin units 300. */
export const LARGE_DOSE: Record<Unit, number> = {
  tablet: 10,
  capsule: 10,
  patch: 10,
  injection: 10,
  drop: 20,
  puff: 20,
  ml: 20,
  application: 20,
  unit: 300,
};

export type DoseWarning = { code: "confirm_weekly_drug"; drug: WeeklyDrug } | { code: "confirm_large_dose"; dose: number; unit: Unit };

/**
 * What a save must have confirmed, or null. `unit` undefined: unknown (an edit that keeps the stored
 * unit), so the dose is not judged; nor is as-needed use, which is a weekly estimate, not a dose.
 */
export function doseWarning(name: string, schedule: Schedule, unit: Unit | undefined): DoseWarning | null {
  const drug = weeklyDrugIn(name);
  if (drug && !isWeeklyOrLonger(schedule)) return { code: "confirm_weekly_drug", drug };
  if (unit === undefined || schedule.type === "asNeeded") return null;
  return schedule.dose > LARGE_DOSE[unit] ? { code: "confirm_large_dose", dose: schedule.dose, unit } : null;
}

/** The drug's name in `language` ('en-XA' and unknown languages: English). */
export const drugName = (drug: WeeklyDrug, language: string) => drug.names[language as keyof WeeklyDrug["names"]] ?? drug.names.en;

/** A warning's message values, in the current language: the drug's name, or the dose with its unit. */
export function warningValues(warning: DoseWarning): { drug: string } | { amount: string; unit: Unit } {
  return warning.code === "confirm_weekly_drug"
    ? { drug: drugName(warning.drug, currentLanguage()) }
    : { amount: m.domain_unit_count({ unit: warning.unit, count: warning.dose }), unit: warning.unit };
}

/** The warning as a sentence in the current language (a CSV row's problem). */
export const warningText = (warning: DoseWarning): string =>
  warning.code === "confirm_weekly_drug"
    ? m.confirm_weekly_drug(warningValues(warning) as { drug: string })
    : m.confirm_large_dose(warningValues(warning) as { amount: string; unit: Unit });
