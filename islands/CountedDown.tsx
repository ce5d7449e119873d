import { useEffect, useState } from "react";
import { todayIn } from "../src/domain/time";
import { daysLeftText } from "../src/domain/dashboard";
import type { Medication } from "../src/domain/medications";
import { countedDown } from "../src/domain/regimen";
import { unitCountText } from "../src/domain/unit-text";
import * as m from "../src/generated/i18n";
import { formatDate } from "../src/i18n/format";

type Props = {
  /** The medication as the server answered it on `asOf`, the user's local date it rendered the page. */
  medication: Pick<
    Medication,
    "pillsRemaining" | "unit" | "schedule" | "scheduleChanges" | "pausedFrom" | "pausedUntil" | "endsOn" | "daysLeft" | "runsOutOn"
  >;
  asOf: string;
  timezone: string;
  show: "pills" | "days";
};

/**
 * The medication page's 'Left today' (in the medication's unit) or 'Days left'. Online it is the server's number; a copy
 * the service worker kept for offline reading is counted down to today (the device's clock, the
 * account's zone) with the server's own supply function, once hydrated so the first render matches.
 */
export default function CountedDown({ medication, asOf, timezone, show }: Props) {
  const [today, setToday] = useState(asOf);
  useEffect(() => setToday(todayIn(timezone)), [timezone]);
  const { pillsRemaining, daysLeft } = countedDown(medication, asOf, today);
  if (show === "pills") return unitCountText(medication.unit, pillsRemaining);
  if (daysLeft !== null) return daysLeftText(daysLeft);
  // Never runs out: a course that lasts to its last day (or is over), else a pause with no end.
  const { endsOn } = medication;
  if (endsOn === null) return m.status_paused();
  return today > endsOn ? m.status_finished() : m.course_ends({ date: formatDate(endsOn) });
}
