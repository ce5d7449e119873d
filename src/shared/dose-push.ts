import { CLIENT_ID, TIME_OF_DAY } from "../domain/limits";
import { isCalendarDate } from "./calendar-date";

// A dose reminder push, as the server writes it (in the account's language: the service worker has
// no catalogs) and as the service worker reads it (islands/sw/push.ts). The worker trusts nothing in
// it: what it shows, keeps and later sends back to the API is only what passes these checks, so a
// forged or garbled payload can at worst show a notification without buttons.

/** The buttons of a dose reminder: Taken logs the push's doses, Snooze asks for one more push later. */
export type DoseAction = "taken" | "snooze";
export const DOSE_ACTIONS: readonly DoseAction[] = ["taken", "snooze"];
/** Occurrences in one push (one time of day, every medication due then). */
export const DOSE_PUSH_MAX = 8;
const ACTION_TITLE_MAX = 40;

/** One occurrence a push is about: its log's clientId is deterministic, so a double tap is one log. */
export interface PushDose {
  clientId: string;
  medicationId: number;
  date: string;
  at: string;
}

/** The fields a dose reminder adds to a push (src/push/message.ts PushPayload). */
export interface DosePushFields {
  kind: "dose";
  /** "dose-<date>-<HHMM>": a snooze or a follow-up replaces the same notification. */
  tag: string;
  /** The tap-to-confirm page: confirmPath(date, at). */
  url: string;
  doses: PushDose[];
  actions: { action: DoseAction; title: string }[];
  /** A person without an account whose doses these are (the receiver cares for them); left out: the receiver's own. */
  person?: number;
}

/** What the service worker keeps of a dose push: the occurrences (one date and time) and their buttons. */
export interface DosePush {
  date: string;
  at: string;
  doses: PushDose[];
  actions: { action: DoseAction; title: string }[];
  /** Whose doses: Taken logs them under /api/profiles/{person}, where the membership is checked again. */
  person?: number;
}

/** A real 'YYYY-MM-DD' (the page's ?date= and a push's dates). */
export const isDoseDate = (value: unknown): value is string =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value);
/** A time of day 'HH:MM', 00:00 to 23:59 (the page's ?at= and a push's times). */
export const isDoseTime = (value: unknown): value is string => typeof value === "string" && TIME_OF_DAY.test(value);

/** The tap-to-confirm page of one time of day: the receiver's own, or under /p/{person} for a person's push. */
export const confirmPath = (date: string, at: string, person?: number) =>
  `${person === undefined ? "" : `/p/${person}`}/doses/confirm?date=${date}&at=${at}`;

const record = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

function pushDose(value: unknown): PushDose | null {
  const d = record(value);
  if (!d) return null;
  const { clientId, medicationId, date, at } = d;
  if (typeof clientId !== "string" || !CLIENT_ID.test(clientId)) return null;
  if (typeof medicationId !== "number" || !Number.isSafeInteger(medicationId) || medicationId <= 0) return null;
  if (!isDoseDate(date) || !isDoseTime(at)) return null;
  // Only these four fields go on: nothing else from the payload reaches a request.
  return { clientId, medicationId, date, at };
}

/** The payload's doses when every one is sound, distinct and of one date and time; otherwise null. */
function pushDoses(value: unknown): PushDose[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > DOSE_PUSH_MAX) return null;
  const doses = value.map(pushDose);
  if (doses.some((d) => d === null)) return null;
  const sound = doses as PushDose[];
  const [first] = sound;
  if (sound.some((d) => d.date !== first!.date || d.at !== first!.at)) return null;
  if (new Set(sound.map((d) => d.clientId)).size !== sound.length) return null;
  return sound;
}

/** Taken and Snooze, each at most once, with a trimmed title; any other action is dropped. */
function pushActions(value: unknown): DosePush["actions"] {
  if (!Array.isArray(value)) return [];
  const actions: DosePush["actions"] = [];
  for (const item of value) {
    const a = record(item);
    const action = a?.action;
    const title = typeof a?.title === "string" ? a.title.trim().slice(0, ACTION_TITLE_MAX) : "";
    if (!DOSE_ACTIONS.includes(action as DoseAction) || title === "" || actions.some((x) => x.action === action)) continue;
    actions.push({ action: action as DoseAction, title });
  }
  return actions;
}

/**
 * A dose push's occurrences and buttons, or null when the payload is not a dose push or its doses
 * are not sound (then it is shown as a plain notification: no button can send what was not checked).
 */
export function readDosePush(payload: unknown): DosePush | null {
  const data = record(payload);
  if (data?.kind !== "dose") return null;
  const doses = pushDoses(data.doses);
  if (!doses) return null;
  const { person } = data;
  // A person that is not a plain positive id is no dose push: its Taken could not say where to log.
  if (person !== undefined && (typeof person !== "number" || !Number.isSafeInteger(person) || person <= 0)) return null;
  return { date: doses[0]!.date, at: doses[0]!.at, doses, actions: pushActions(data.actions), ...(person !== undefined && { person }) };
}

/** The request a button makes: same-origin, JSON, with the session cookie. */
export interface DoseActionRequest {
  path: "/api/doses" | "/api/doses/snooze" | `/api/profiles/${number}/doses` | `/api/profiles/${number}/doses/snooze`;
  body: unknown;
}

/**
 * Taken logs every dose of the push with its own clientId; Snooze names the date and time. A person's
 * push sends both under /api/profiles/{person}, where the membership is checked again.
 */
export function doseActionRequest(action: DoseAction, push: Pick<DosePush, "date" | "at" | "doses" | "person">): DoseActionRequest {
  const under = push.person === undefined ? "/api" : (`/api/profiles/${push.person}` as const);
  if (action === "snooze") return { path: `${under}/doses/snooze`, body: { date: push.date, at: push.at } };
  return {
    path: `${under}/doses`,
    body: {
      doses: push.doses.map((d) => ({ clientId: d.clientId, medicationId: d.medicationId, date: d.date, at: d.at, status: "taken" })),
    },
  };
}

/** The confirm page's clientId for an occurrence: the same on every tap, so a replay is one log. */
export const confirmClientId = (medicationId: number, date: string, at: string) =>
  `c-${medicationId}-${date.replaceAll("-", "")}-${at.replace(":", "")}`;

/** The confirm page's Taken: a push's Taken of those medications with the page's own clientIds (under the page's person, if any). */
export const confirmRequest = (date: string, at: string, medicationIds: number[], person?: number) =>
  doseActionRequest("taken", {
    date,
    at,
    doses: medicationIds.map((medicationId) => ({ clientId: confirmClientId(medicationId, date, at), medicationId, date, at })),
    ...(person !== undefined && { person }),
  });
