// The first-run checklist on a new account's dashboard: four steps, each done or not, derived from
// what the account holds (nothing stored but when the reminder settings were first saved).

export type FirstRunStepKey = "confirm-email" | "add-pharmacy" | "add-medication" | "choose-reminders";

export interface FirstRunStep {
  key: FirstRunStepKey;
  done: boolean;
  /** Where the patient does it. */
  href: string;
}

export interface FirstRunFacts {
  emailConfirmed: boolean;
  pharmacies: number;
  medications: number;
  /** When the notification settings were first saved; null: never. */
  remindersChosenAt: number | null;
}

/** The checklist's steps in order, or null once all four are done (the checklist is gone). */
export function firstRunSteps(facts: FirstRunFacts): FirstRunStep[] | null {
  const steps: FirstRunStep[] = [
    // Until confirmed, the banner above the page holds the 'Resend email' button; after, the address lives on the profile.
    { key: "confirm-email", done: facts.emailConfirmed, href: facts.emailConfirmed ? "/profile" : "#confirm-email" },
    { key: "add-pharmacy", done: facts.pharmacies > 0, href: "/pharmacies" },
    { key: "add-medication", done: facts.medications > 0, href: "/add-medication" },
    { key: "choose-reminders", done: facts.remindersChosenAt !== null, href: "/notifications" },
  ];
  return steps.every((s) => s.done) ? null : steps;
}
