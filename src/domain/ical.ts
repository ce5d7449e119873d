import * as m from "../generated/i18n";
import { currentLanguage } from "../i18n/current";
import { directionOf } from "../i18n/languages";
import { isolate } from "../i18n/Rich";
import { remindFrom } from "./medications";
import { addDays } from "./time";

// The calendar feed as RFC 5545 text. Pure: the dates come from the same countdown as the dashboard
// and the reminder e-mail (supplyOn's runsOutOn on today's count), so the calendar never disagrees with them.

export interface FeedMedication {
  id: number;
  name: string;
  /** The run-out date as of `today` (supplyOn); null when it never runs out (paused with no end). */
  runsOutOn: string | null;
}

export interface FeedOwner {
  /** The user's local date: the day counts are kept in. */
  today: string;
  notificationDays: number;
  notificationHour: number;
}

/** The calendar's name in the current language (the feed owner's). */
export const calendarName = () => m.ics_calendar_name();
const REFRESH = "PT12H";

/**
 * The two days a medication's feed marks: when its reminder window opens (remindFrom, the supply
 * chart's too), and when it runs out. None for a medication that never runs out (paused with no end).
 */
export function feedDates(m: Pick<FeedMedication, "runsOutOn">, owner: Pick<FeedOwner, "notificationDays">) {
  const { runsOutOn } = m;
  return runsOutOn === null ? null : { remindFrom: remindFrom({ runsOutOn }, owner.notificationDays)!, runsOutOn };
}

// RFC 5545 allows no control character in a TEXT value but HTAB; line breaks are escaped below.
const FORBIDDEN_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** TEXT value escaping: forbidden control characters dropped; backslash, semicolon, comma, and any line break as `\n`. */
export const escapeText = (value: string) =>
  value
    .replace(FORBIDDEN_CONTROLS, "")
    .replace(/[\\;,]/g, (ch) => `\\${ch}`)
    .replace(/\r\n|\r|\n/g, "\\n");

const encoder = new TextEncoder();

/**
 * A content line folded at 75 octets (continuations start with one space, which counts), never
 * inside a UTF-8 sequence or a UTF-16 surrogate pair.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const bytes = encoder.encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const compactDate = (date: string) => date.replaceAll("-", "");
const utcStamp = (instant: number) =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

function allDayEvent(uid: string, date: string, summary: string, hour: number, stamp: string): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${uid}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${compactDate(date)}`,
    `DTEND;VALUE=DATE:${compactDate(addDays(date, 1))}`,
    `SUMMARY:${escapeText(summary)}`,
    "TRANSP:TRANSPARENT",
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    `DESCRIPTION:${escapeText(summary)}`,
    // An all-day event starts at local midnight: the alarm rings `hour` hours later, at the
    // reminder hour on the user's own clock.
    `TRIGGER;RELATED=START:PT${hour}H`,
    "END:VALARM",
    "END:VEVENT",
  ];
}

const RIGHT_TO_LEFT_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;
const LEFT_TO_RIGHT_LETTER = /(?![\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}])\p{L}/u;

/**
 * A name in an event's title: isolated (U+2068…U+2069) only when its letters run the other way from
 * the feed's language (an Arabic name in an English feed, a Latin one in an Arabic feed). Some
 * calendar apps show the marks as boxes, so a name that needs none gets none.
 */
export function titleName(name: string, direction: "ltr" | "rtl"): string {
  const mixes = direction === "ltr" ? RIGHT_TO_LEFT_LETTER.test(name) : LEFT_TO_RIGHT_LETTER.test(name);
  return mixes ? isolate(name) : name;
}

/**
 * The feed, in the current language (the subscriber's): per medication 'Refill {name}' on the day its
 * reminder window opens and '{name} runs out' on the run-out day, the name isolated only where its
 * direction differs from the language's (titleName).
 * UIDs are the medication's id and the event's kind, so a calendar app moves an event when the dates change instead of adding another. Names only: no doses.
 */
export function calendarFeed(
  medications: readonly FeedMedication[],
  owner: FeedOwner,
  host: string,
  now: number,
  /** The person's name when the feed is of someone other than the subscriber: it heads every title. */
  person: string | null = null,
): string {
  const stamp = utcStamp(now);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Refill Tracker//Medication refills//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(person === null ? calendarName() : m.ics_calendar_name_person({ person }))}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH}`,
    `X-PUBLISHED-TTL:${REFRESH}`,
  ];
  const direction = directionOf(currentLanguage());
  // Someone else's feed names them in every title, so a calendar with two people's feeds is never ambiguous.
  const whose = person === null ? null : titleName(person, direction);
  const title = (event: string) => (whose === null ? event : m.ics_person_event({ person: whose, event }));
  for (const med of medications) {
    const name = titleName(med.name, direction);
    const dates = feedDates(med, owner);
    if (dates === null) continue; // paused with no end: no run-out to mark
    lines.push(...allDayEvent(`refill-${med.id}@${host}`, dates.remindFrom, title(m.ics_refill({ name })), owner.notificationHour, stamp));
    lines.push(
      ...allDayEvent(`runs-out-${med.id}@${host}`, dates.runsOutOn, title(m.ics_runs_out({ name })), owner.notificationHour, stamp),
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
