// Pills go down by the day's dose at each local midnight of the user's zone, never below 0: the
// rule is supplyOn in src/domain/regimen.ts, for every regimen. The database keeps the count with
// the local date it was true (countedOn); nothing has to run for the count to be right, and a
// missed cron cannot skew it.

// Counts are multiples of 0.5 in practice; rounding keeps float noise (0.1 + 0.2) out of the UI.
export const roundPills = (n: number) => Math.round(n * 1000) / 1000;

// Where the user's today comes from (kept in time.ts so islands can import it without the supply model).
export { todayIn } from "./time";
