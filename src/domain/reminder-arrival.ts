import { dayNumber, isValidTimeZone, localDateAt, offsetAt } from "./time";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When the daily reminder chosen for `hour`:00 really goes out on the local date of `now`, or null
 * when that is `hour`:00 itself. The job runs on the UTC hour (wrangler.toml's cron), so in a zone
 * whose offset today is not a whole number of hours (Asia/Kolkata +05:30, Asia/Kathmandu +05:45,
 * Lord Howe in winter) the reminder leaves at the first UTC hour after its due instant.
 * Only helpers the dashboard already loads (offsetAt, localDateAt): the islands share one chunk of
 * src/domain/time.ts, and the dashboard's JavaScript budget has no room for more of it.
 */
export function reminderArrivalAt(timeZone: string, hour: number, now: number): number | null {
  if (!isValidTimeZone(timeZone)) return null;
  const wall = dayNumber(localDateAt(now, timeZone)) * DAY_MS + hour * HOUR_MS;
  // The offset in force at the due instant: a guess from the wall time, then from the instant it gives.
  const due = wall - offsetAt(wall - offsetAt(wall, timeZone), timeZone);
  const arrival = Math.ceil(due / HOUR_MS) * HOUR_MS;
  return arrival === due ? null : arrival;
}
