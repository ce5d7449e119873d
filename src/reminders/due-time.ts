import { addDays, instantOfLocalHour, localDateAt, offsetAt, wallClockAt } from "../domain/time";

// When a user's daily reminder is due: the first instant their local clock reaches
// notificationHour:00 on each local date. domain/time's instantOfLocalHour answers Temporal's
// "compatible" instant for a wall time inside a DST gap (the old offset carried over), which is the
// jump itself for the usual one-hour gap but lands hours later for longer ones (Danmarkshavn
// 1996: 00:00 → 03:00; Samoa 2011 skipped a whole day). A reminder whose hour was skipped belongs
// at the jump — the first hourly tick after the skipped hour — so gaps are resolved here.

const HOUR = 3_600_000;

/** The instant local date `date` first reaches `hour`:00 in `timeZone`. */
export function dueInstantOn(date: string, hour: number, timeZone: string): number {
  const compatible = instantOfLocalHour(date, hour, timeZone);
  const wall = wallClockAt(compatible, timeZone);
  if (localDateAt(compatible, timeZone) === date && wall.hour === hour && wall.minute === 0 && wall.second === 0) return compatible;
  return startOfOffsetPeriod(compatible, timeZone);
}

/** The first instant of the offset in force at `instant` (the DST jump just before it). */
function startOfOffsetPeriod(instant: number, timeZone: string): number {
  const offset = offsetAt(instant, timeZone);
  // A gap is at most a day long (Samoa), so the jump is within 26 hours before the compatible instant.
  let earlier = instant - 26 * HOUR;
  let later = instant;
  if (offsetAt(earlier, timeZone) === offset) return instant;
  // Offsets change on whole seconds: bisect on seconds.
  while (later - earlier > 1000) {
    const mid = earlier + Math.floor((later - earlier) / 2000) * 1000;
    if (offsetAt(mid, timeZone) === offset) later = mid;
    else earlier = mid;
  }
  return later;
}

/** The first instant strictly after `after` when a reminder at local `hour`:00 is due. */
export function nextDueAt(timeZone: string, hour: number, after: number): number {
  const today = localDateAt(after, timeZone);
  for (let day = -1; day <= 2; day++) {
    const due = dueInstantOn(addDays(today, day), hour, timeZone);
    if (due > after) return due;
  }
  throw new Error(`no reminder instant found for ${timeZone} ${hour}:00 after ${after}`);
}
