import { useEffect, useState } from "react";
import { currentPills, todayIn } from "../src/domain/countdown";
import { daysLeftText, pillsText } from "../src/domain/dashboard";
import { wholeDaysLeft } from "../src/domain/medications";

type Props = {
  /** The count on `asOf`, the user's local date the server rendered the page. */
  pillsRemaining: number;
  pillsPerDay: number;
  asOf: string;
  timezone: string;
  show: "pills" | "days";
};

/**
 * The medication page's 'Pills left today' or 'Days left'. Online it is the server's number; a copy
 * the service worker kept for offline reading is counted down to today (the device's clock, the
 * account's zone) with the server's own countdown, once hydrated so the first render matches.
 */
export default function CountedDown({ pillsRemaining, pillsPerDay, asOf, timezone, show }: Props) {
  const [today, setToday] = useState(asOf);
  useEffect(() => setToday(todayIn(timezone)), [timezone]);
  const pills = today > asOf ? currentPills({ pillsRemaining, pillsPerDay, countedOn: asOf }, today) : pillsRemaining;
  return show === "pills" ? pillsText(pills) : daysLeftText(wholeDaysLeft({ pillsRemaining: pills, pillsPerDay }));
}
