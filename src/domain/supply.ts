import * as m from "../generated/i18n";
import { unitCountText } from "./unit-text";

// A medication's supply over time: how each change of the stored count reads in the history.
// What a refill (possibly picked up days ago) and its undo do to the count is computed in SQL by
// the statement that writes it (src/data/supply.ts: concurrent requests must all count), from
// supplyOn's count (src/domain/regimen.ts), the one supply rule.

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
