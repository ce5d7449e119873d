import { sql, type SQL } from "drizzle-orm";
import { MAX_PAUSES, MAX_SCHEDULE_CHANGES } from "../domain/limits";

// At most MAX_SCHEDULE_CHANGES changes and MAX_PAUSES pauses are kept. Past the limit the oldest
// are let go while they can no longer change a count (they end before the count's date, from which
// every count is walked); below it all stay, so the chart still draws the past as it was. A list
// still too long after that holds changes or pauses that count: the write is refused (regimenFits).

/** A sorted list of changes without its oldest ones past the limit that end before `countedOn`. */
export const keptChanges = (
  list: SQL,
  countedOn: SQL | string,
) => sql`(select json_group_array(json(x.value)) from (select ${list} as v) l, json_each(l.v) x
  where x.key >= json_array_length(l.v) - ${MAX_SCHEDULE_CHANGES} or coalesce(json_extract(l.v, '$[' || (x.key + 1) || '].effectiveFrom') > ${countedOn}, 1))`;

/** A sorted list of pauses without its oldest ones past the limit that are over before `countedOn`. */
export const keptPauses = (
  list: SQL,
  countedOn: SQL | string,
) => sql`(select json_group_array(json(x.value)) from (select ${list} as v) l, json_each(l.v) x
  where x.key >= json_array_length(l.v) - ${MAX_PAUSES} or coalesce(json_extract(x.value, '$.until') >= ${countedOn}, 1))`;

/** A new regimen value within the limits (false: the write is refused with regimenProblem's error). */
export const regimenFits = (regimen: SQL) =>
  sql`(json_array_length(${regimen}, '$.changes') <= ${MAX_SCHEDULE_CHANGES} and json_array_length(${regimen}, '$.pauses') <= ${MAX_PAUSES})`;

/** How many changes and pauses a new regimen value would keep: said after a refused write. */
export const regimenSizes = (regimen: SQL) => ({
  changes: sql<number>`json_array_length(${regimen}, '$.changes')`.as("changes"),
  pauses: sql<number>`json_array_length(${regimen}, '$.pauses')`.as("pauses"),
});

/** Which limit a refused regimen passes, if any. */
export function regimenProblem(sizes: { changes: number; pauses: number }): "too-many-changes" | "too-many-pauses" | null {
  if (Number(sizes.changes) > MAX_SCHEDULE_CHANGES) return "too-many-changes";
  return Number(sizes.pauses) > MAX_PAUSES ? "too-many-pauses" : null;
}
