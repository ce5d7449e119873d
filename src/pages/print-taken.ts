import type { DoseEventRow, DoseMedication } from "../data/doses";
import { PRINT_TAKEN_DAYS } from "../data/print-taken";
import { doseTally } from "../domain/adherence";
import { parseRegimen } from "../domain/regimen";
import { addDays } from "../domain/time";
import * as m from "../generated/i18n";

// The printed list's 'Taken (30 days)' column: each medication's doses taken of those due in the
// 30 days ending today ('26 of 30'), or an as-needed medication's logged uses ('4 uses').

/** Each medication's cell, by id. */
export function takenCells(medications: DoseMedication[], logs: DoseEventRow[], today: string, timeZone: string): Map<number, string> {
  const from = addDays(today, -(PRINT_TAKEN_DAYS - 1));
  const cells = new Map<number, string>();
  for (const medication of medications) {
    const own = logs.filter((log) => log.medicationId === medication.id && log.localDate >= from && log.localDate <= today);
    const regimen = parseRegimen(medication.regimen, medication.pillsPerDay);
    const tally = doseTally({ regimen, addedOn: medication.addedOn }, own, from, today, today, timeZone);
    const uses = own.filter((log) => log.kind === "extra").length;
    cells.set(
      medication.id,
      tally.scheduled > 0
        ? m.print_taken_of({ taken: tally.taken, scheduled: tally.scheduled })
        : uses > 0
          ? m.print_uses({ count: uses })
          : "—",
    );
  }
  return cells;
}
