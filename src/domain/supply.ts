import * as m from "../generated/i18n";
import { roundPills, type StoredCount } from "./countdown";
import { unitCountText } from "./unit-text";
import { daysBetween } from "./time";

// A medication's supply over time: what a refill (possibly picked up days ago) and its undo do to
// the stored count, and how each change reads in the history. The SQL in src/data/supply.ts
// computes the same numbers in the statement that writes them (concurrent requests must all
// count); these functions are the rule, tested without a database.

/** A refill's effect on the stored count: the count just before and after, as of `countedOn`. */
export interface RefilledCount {
  pillsBefore: number;
  pillsAfter: number;
  countedOn: string;
}

/**
 * The count had the refill been recorded on `pickedUpOn`: the stored count is counted down to the
 * pick-up day (never below 0, so days without pills before the pick-up cost nothing) and the
 * refill added there. A pick-up before the stored count's own date adds to that count as it is:
 * the days before it were already counted.
 */
export function refilledCount(stored: StoredCount, pickedUpOn: string, pillsToAdd: number): RefilledCount {
  const countedOn = pickedUpOn > stored.countedOn ? pickedUpOn : stored.countedOn;
  const pillsBefore = Math.max(0, roundPills(stored.pillsRemaining - stored.pillsPerDay * daysBetween(stored.countedOn, countedOn)));
  return { pillsBefore, pillsAfter: roundPills(pillsBefore + pillsToAdd), countedOn };
}

/**
 * Today's count without a refill that added `pillsAdded`: the supply runs down at the same rate
 * with or without it, so taking the pills back (never below 0) is exact, even when the medication
 * had run out before the pick-up.
 */
export const undoneCount = (currentPills: number, pillsAdded: number) => Math.max(0, roundPills(currentPills - pillsAdded));

// The API answers a pick-up date it cannot use as message keys: `new ApiError(400, "error_picked_up_in_future")` and
// `new ApiError(400, "error_picked_up_too_early", { date: formatDate(addedOn) })` (src/api/medications.ts).

// ---- History ----

export type SupplyEventKind = "created" | "refill" | "correction" | "undo";

/** A supply event as the API answers it. */
export interface SupplyEvent {
  id: number;
  kind: SupplyEventKind;
  /** The local date it is for: a refill's pick-up day, otherwise the day it was recorded. */
  localDate: string;
  pillsBefore: number | null;
  pillsAfter: number;
  /** The date pillsAfter is the count on. */
  countedOn: string;
  pillsAdded: number | null;
  revertsEventId: number | null;
}

/**
 * One line of the history list, in the current language and the medication's unit: 'Refilled +200 puffs',
 * 'Count corrected 12 → 20 tablets', 'Refill undone'.
 */
export function historyText(event: SupplyEvent, unit: string): string {
  switch (event.kind) {
    case "created":
      return m.supply_history_created({ amount: unitCountText(unit, event.pillsAfter) });
    case "refill":
      return m.supply_history_refill({ amount: unitCountText(unit, event.pillsAdded ?? 0) });
    case "correction":
      return m.supply_history_correction({ before: event.pillsBefore ?? 0, after: unitCountText(unit, event.pillsAfter) });
    case "undo":
      return m.supply_history_undo();
  }
}

/** Newest first: by id, the order they were written in. */
export const newestFirst = <E extends { id: number }>(events: E[]) => [...events].sort((a, b) => b.id - a.id);

/** The refill that can be undone: the newest event, when it is a refill. */
export function undoableRefill<E extends Pick<SupplyEvent, "id" | "kind">>(events: E[]): E | null {
  const newest = newestFirst(events)[0];
  return newest?.kind === "refill" ? newest : null;
}
