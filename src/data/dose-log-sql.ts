import { sql, type SQL } from "drizzle-orm";

// The dose logs in SQL, for statements on `medications` (the outer row): what a day's logs take off
// the count, and the logged_* totals the row keeps (LoggedDoses, src/domain/regimen.ts). The totals
// are a cache of the logs dated on or after counted_on: every statement that writes a log or
// moves counted_on sets them again from the logs (loggedTotals), so a read never sums the logs.
// test/doses.totals.test.ts holds the kept totals to a fresh sum after every kind of write.

const M = (column: string) => sql.raw(`"medications"."${column}"`);
const logsOf = sql`from dose_events d where d.medication_id = ${M("id")}`;

/** Whether a log's amount comes off: taken or extra, an as-needed use only when counted by log. */
const comesOff = (countBy: SQL | string) => sql`d.kind <> 'skipped' and (d.counted = 1 or ${countBy} = 'log')`;

/** What the logs of local day `day` take off the count (units): taken and extra amounts. */
export const takenOn = (day: SQL | string) =>
  sql`(select coalesce(sum(d.amount), 0) ${logsOf} and d.local_date = ${day} and ${comesOff(M("count_by"))})`;

/** The scheduled doses of day `day`'s logged occurrences (units): the plan does not charge them. */
export const plannedLoggedOn = (day: SQL | string) =>
  sql`(select coalesce(sum(d.planned), 0) ${logsOf} and d.local_date = ${day} and d.kind <> 'extra')`;

/**
 * What day `day` costs beyond its schedule, in sevenths (the countdown's unit): its logged amounts,
 * less the scheduled doses of its logged occurrences when the plan charges them (counted by schedule).
 * Counted by log the plan charges nothing, so the day costs its logged amounts only (see dayCost).
 */
export const loggedCostOn = (day: SQL | string) =>
  sql`(7 * (${takenOn(day)} - case when ${M("count_by")} = 'log' then 0 else ${plannedLoggedOn(day)} end))`;

/**
 * The medication's logged_* columns for a count dated `countedOn` (an expression over the row as
 * it was before the statement: pass the new date when the statement moves it), counted `countBy`,
 * leaving out log `withoutEvent` (one a DELETE in the same batch removes next).
 */
export function loggedTotals(countedOn: SQL | string, countBy: SQL | string = M("count_by"), withoutEvent?: number) {
  const since = sql`${logsOf} and d.local_date >= ${countedOn}${withoutEvent === undefined ? sql`` : sql` and d.id <> ${withoutEvent}`}`;
  const lastDate = sql`(select max(d.local_date) ${since} and d.kind <> 'extra')`;
  return {
    loggedTaken: sql<number>`(select coalesce(sum(d.amount), 0) ${since} and ${comesOff(countBy)})`,
    loggedPlanned: sql<number>`(select coalesce(sum(d.planned), 0) ${since} and d.kind <> 'extra')`,
    loggedLastDate: sql<string | null>`${lastDate}`,
    loggedLastPlanned: sql<number>`(select coalesce(sum(d.planned), 0) ${since} and d.kind <> 'extra' and d.local_date = ${lastDate})`,
  };
}
