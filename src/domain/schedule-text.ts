import type { Schedule, Weekday } from "./regimen";

// A schedule as the CSV writes it, readable and read back: 'daily 1', 'weekdays 1 mon wed fri',
// 'every 7 days 6 from 2026-11-23', 'as needed 6 a week'. English words in every language, like the
// column names: the file is for machines and round trips.

export function scheduleText(schedule: Schedule): string {
  switch (schedule.type) {
    case "daily":
      return `daily ${schedule.dose}`;
    case "weekdays":
      return `weekdays ${schedule.dose} ${schedule.days.join(" ")}`;
    case "interval":
      return `every ${schedule.everyDays} days ${schedule.dose} from ${schedule.startsOn}`;
    case "asNeeded":
      return `as needed ${schedule.perWeek} a week`;
  }
}

const NUMBER = "(\\d+(?:\\.\\d+)?)";

/**
 * The schedule a cell says, as an object the medication schema then checks (dose, days, range), or
 * the text itself when it is none of the four forms (the schema answers that 'How often' is invalid).
 */
export function readScheduleText(text: string): unknown {
  const cell = text.trim().toLowerCase().replace(/\s+/g, " ");
  let match = new RegExp(`^daily ${NUMBER}$`).exec(cell);
  if (match) return { type: "daily", dose: Number(match[1]) };
  match = new RegExp(`^weekdays ${NUMBER}((?: [a-z]+)*)$`).exec(cell);
  if (match)
    return { type: "weekdays", dose: Number(match[1]), days: match[2]!.trim() === "" ? [] : (match[2]!.trim().split(" ") as Weekday[]) };
  match = new RegExp(`^every (\\d+) days ${NUMBER} from (\\S+)$`).exec(cell);
  if (match) return { type: "interval", dose: Number(match[2]), everyDays: Number(match[1]), startsOn: match[3] };
  match = new RegExp(`^as needed ${NUMBER} a week$`).exec(cell);
  if (match) return { type: "asNeeded", perWeek: Number(match[1]) };
  return { type: text };
}
