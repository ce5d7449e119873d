import { sql, type SQL } from "drizzle-orm";
import { type CountMode, medications } from "../db/schema";
import type { Pause, Schedule, ScheduleChange, Unit } from "../domain/regimen";
import { addDays, dayNumber } from "../domain/time";
import { storedChange, storedPause } from "../domain/timeline";
import { keptChanges, keptPauses } from "./regimen-limits";
import { scheduleOn } from "./supply";

// The regimen column's writers: SQL that rewrites its JSON inside the UPDATE (or INSERT), for
// medications.ts and medication-pause.ts.

/**
 * What a create or an update writes about the regimen, worked out by the handler from the payload:
 * the schedule from `effectiveFrom` on (an old-shape payload's daily dose keeps the stored schedule
 * when it is the average the API answered: `keepIfPerDay`), the unit (undefined: keep), the pause
 * (undefined: keep; null: none from today on).
 */
export interface RegimenWrite {
  unit?: Unit;
  schedule: Schedule;
  effectiveFrom: string;
  keepIfPerDay?: number;
  /** The old shape's daily dose is refused unless it is that average (it asks a warning nobody confirmed). */
  onlyIfKept?: boolean;
  pause?: Pause | null;
  /** How the count follows dose logs; undefined: keep (a new medication: by schedule). */
  countBy?: CountMode;
  /** A course's steps as dated changes from effectiveFrom (src/domain/course.ts); null: no course any more; undefined: keep. */
  course?: ScheduleChange[] | null;
  /** The last day taken (a course's end, or a plain one); null: none; undefined: keep. */
  endsOn?: string | null;
}

// The regimen column is JSON (src/domain/regimen.ts), rewritten inside the UPDATE so that concurrent
// edits each see the row as it is. R is the stored value.
const R = sql.raw(`"medications"."regimen"`);

/**
 * The new regimen: the changes from before `effectiveFrom`, then the new schedule from it (later
 * changes are replaced), unless that schedule is already the one in force then (an edit of other
 * fields keeps an upcoming change); the past pauses, then the new one (undefined: pauses as stored).
 * The count is then as of `today`: what ends before it is let go past the limits.
 */
export function regimenUpdate(write: RegimenWrite, today: string): SQL {
  const schedule = JSON.stringify(write.schedule);
  // Each change and pause is stored with its dates' day numbers (storedChange, storedPause: the walk reads them).
  const change = JSON.stringify(storedChange({ effectiveFrom: write.effectiveFrom, schedule: write.schedule }));
  const keep = write.keepIfPerDay === undefined ? sql`0` : sql`${medications.pillsPerDay} = ${write.keepIfPerDay}`;
  const before = sql`(select json_group_array(json(c.value)) from json_each(${R}, '$.changes') c where json_extract(c.value, '$.effectiveFrom') < ${write.effectiveFrom})`;
  // Kept as stored: the same schedule in force then (an edit of other fields keeps a course's later steps).
  const unchanged = write.course ? sql`0` : sql`(${keep} or json(${schedule}) is json(${scheduleOn(write.effectiveFrom)}))`;
  const changes = write.course
    ? sql`(select json_group_array(json(v)) from (select 0 g, b.key k, b.value v from json_each(${before}) b union all select 1, s.key, s.value from json_each(${JSON.stringify(write.course.map(storedChange))}) s order by g, k))`
    : sql`case when ${unchanged} then json_extract(${R}, '$.changes') else json_insert(${before}, '$[#]', json(${change})) end`;
  const pauses = write.pause === undefined ? sql`json_extract(${R}, '$.pauses')` : pausesWith(write.pause, today);
  const endsOn = write.endsOn === undefined ? sql`json_extract(${R}, '$.endsOn')` : sql`${write.endsOn}`;
  // A course starts on effectiveFrom; a new schedule replacing its steps (or a plain last day) ends it as a course.
  const courseFrom = write.course
    ? sql`${write.effectiveFrom}`
    : write.course === null || write.endsOn !== undefined
      ? sql`null`
      : sql`case when ${unchanged} then json_extract(${R}, '$.courseFrom') end`;
  return regimenObject(keptChanges(changes, today), keptPauses(pauses, today), endsOn, courseFrom);
}

/** The regimen column's JSON value (src/domain/regimen.ts's Regimen). */
const regimenObject = (changes: SQL, pauses: SQL, endsOn: SQL, courseFrom: SQL) =>
  sql`json_object('changes', json(${changes}), 'pauses', json(${pauses}), 'endsOn', ${endsOn}, 'courseFrom', ${courseFrom})`;

/**
 * The stored pauses with `pause` in place of the current or next one (null: none from today on).
 * Pauses over before today (and before the new one) stay: the chart draws those days as they were.
 */
export function pausesWith(pause: Pause | null, today: string): SQL {
  const cut = pause && pause.from < today ? pause.from : today;
  const past = sql`(select json_group_array(json(p.value)) from json_each(${R}, '$.pauses') p where json_extract(p.value, '$.until') < ${cut})`;
  return pause ? sql`json_insert(${past}, '$[#]', json(${JSON.stringify(storedPause(pause))}))` : past;
}

/** pausesWith, then the oldest let go past MAX_PAUSES when over before the stored count's date. */
export const pausesKeptWith = (pause: Pause | null, today: string) =>
  keptPauses(pausesWith(pause, today), sql.raw(`"medications"."counted_on"`));

/**
 * The stored pauses resumed on `today`: a pause under way ends the day before, one still to come
 * is dropped, past ones stay (nothing changes when there is no pause).
 */
export function pausesResumed(today: string): SQL {
  const yesterday = addDays(today, -1);
  const until = sql`coalesce(json_extract(p.value, '$.until'), '9999-12-31')`;
  return sql`(select json_group_array(json(case when ${until} >= ${today} then json_set(p.value, '$.until', ${yesterday}, '$.untilDay', ${dayNumber(yesterday)}) else p.value end))
    from json_each(${R}, '$.pauses') p where json_extract(p.value, '$.from') < ${today} or ${until} < ${today})`;
}

/** The regimen column with its pauses replaced (the schedule changes as stored). */
export const regimenWithPauses = (pauses: SQL) =>
  regimenObject(sql`json_extract(${R}, '$.changes')`, pauses, sql`json_extract(${R}, '$.endsOn')`, sql`json_extract(${R}, '$.courseFrom')`);
