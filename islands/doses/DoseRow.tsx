import type { Unit } from "../../src/domain/regimen";
import * as m from "../../src/generated/i18n";
import { isolate } from "../../src/i18n/Rich";
import type { DoseStatus } from "./queue";

/** One line of the Today section: a scheduled dose, or a logged (or waiting) use. */
export type RowItem = {
  key: string;
  medicationId: number;
  name: string;
  unit: Unit;
  at: string | null;
  amount: number;
  status: DoseStatus;
  /** When it was taken, on the user's clock ('' when not taken). */
  time: string;
  eventId: number | null;
  /** The kept tap's clientId while it waits to be sent. */
  waiting?: string;
};

/** Without `onStatus` and `onUndo` (a viewer's), the row only shows the dose and its state. */
type Props = { item: RowItem; onStatus?: (status: "taken" | "skipped") => void; onUndo?: () => void };

/** The medication, its amount and state; Taken and Skip while open, Undo once logged. */
export function DoseRow({ item, onStatus, onUndo }: Props) {
  const name = isolate(item.name);
  const open = item.status === "due" || item.status === "unlogged";
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-slate-200 p-2">
      <span className="min-w-0 flex-1">
        <bdi className="font-medium">{item.name}</bdi>{" "}
        <span className="text-sm text-slate-700">{m.domain_unit_count({ unit: item.unit, count: item.amount })}</span>
        <span className="block text-sm text-slate-700">
          {item.waiting ? m.doses_waiting() : m.doses_status({ status: item.status, time: item.time })}
        </span>
      </span>
      {open && onStatus ? (
        <>
          <button
            type="button"
            className="btn-primary"
            aria-label={m.doses_action({ action: "taken", name })}
            onClick={() => onStatus("taken")}
          >
            {m.doses_taken()}
          </button>
          <button
            type="button"
            className="btn-secondary"
            aria-label={m.doses_action({ action: "skip", name })}
            onClick={() => onStatus("skipped")}
          >
            {m.doses_skip()}
          </button>
        </>
      ) : (
        !open &&
        onUndo && (
          <button type="button" className="btn-secondary" aria-label={m.doses_action({ action: "undo", name })} onClick={onUndo}>
            {m.undo_label()}
          </button>
        )
      )}
    </li>
  );
}
