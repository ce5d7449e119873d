import { doseText } from "./dose-text";
import type { Medication } from "./medications";
import { pauseText } from "./pause-text";
import { unitCountText } from "./unit-text";

// The words of a medication's answer, built here only: the server (toMedication) and the
// dashboard's offline countdown (islands/dashboard/offline-countdown.ts, loaded on demand) both
// call medicationTexts, so a kept page counted down in the browser reads as the server would.

/** The worded fields of the API's medication: '1 tablet daily', '12 tablets', 'Paused until …'. */
export type MedicationTexts = Pick<Medication, "doseText" | "remainingText" | "pauseText">;

/** What the words are made from: today's schedule, unit, count and pause. */
export type WordedFacts = Pick<Medication, "schedule" | "unit" | "pillsRemaining" | "pausedFrom" | "pausedUntil">;

/**
 * The medication's texts in the current language, as of `today` (a pause may have ended). The
 * server passes its per-isolate kept versions of `dose` and `count` (src/i18n/memo.ts).
 */
export function medicationTexts(facts: WordedFacts, today: string, dose = doseText, count = unitCountText): MedicationTexts {
  return {
    doseText: dose(facts.schedule, facts.unit, today),
    remainingText: count(facts.unit, facts.pillsRemaining),
    pauseText: pauseText(facts.pausedFrom, facts.pausedUntil, today),
  };
}
