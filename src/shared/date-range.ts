import * as m from "../generated/i18n";
import { formatDate } from "../i18n/format";
import { EARLIEST_DATE, MAX_DAYS_AHEAD } from "../domain/limits";
import { addDays } from "../domain/time";

// The range of every date a patient enters: from EARLIEST_DATE to MAX_YEARS_AHEAD years after
// today. The schemas run without the user's time zone, so "today" is the UTC date plus the one day
// a zone ahead of UTC can be ahead; the server checks the tighter rules that need the user's today.

const utcToday = () => new Date().toISOString().slice(0, 10);

/** The latest date any field accepts now. */
export const latestDate = () => addDays(utcToday(), MAX_DAYS_AHEAD + 1);

export { isCalendarDate } from "./calendar-date";

/** A valid 'YYYY-MM-DD' within the range (text order is date order for four-digit years). */
export const dateInRange = (date: string) => date >= EARLIEST_DATE && date <= latestDate();

export const dateRangeMessage = () => m.field_date_range({ min: formatDate(EARLIEST_DATE), max: formatDate(latestDate()) });
