import { dueInstantOn, isValidTimeZone, localDateAt } from "./time";

const HOUR_MS = 3_600_000;

/**
 * When the daily reminder chosen for `hour`:00 really goes out on the local date of `now`, or null
 * when that is `hour`:00 itself. The job runs on the UTC hour (wrangler.toml's cron), so in a zone
 * whose offset today is not a whole number of hours (Asia/Kolkata +05:30, Asia/Kathmandu +05:45,
 * Lord Howe in winter) the reminder leaves at the first UTC hour after its due instant.
 */
export function reminderArrivalAt(timeZone: string, hour: number, now: number): number | null {
  if (!isValidTimeZone(timeZone)) return null;
  const due = dueInstantOn(localDateAt(now, timeZone), hour, timeZone);
  const arrival = Math.ceil(due / HOUR_MS) * HOUR_MS;
  return arrival === due ? null : arrival;
}
