import type { Unit } from "../../src/domain/regimen";
import { apiRequest, type ApiRequestError } from "../lib/api";
import { otherPersonId, personApi } from "../lib/person";

// The Today section's data and its taps. Every tap is kept on the device first (localStorage) and
// then sent; one that cannot be sent (offline) waits there until the connection returns. Its
// `clientId` makes a second send of the same tap one event on the server. Signing out answers
// `Clear-Site-Data: "storage"`, which erases the kept taps with the rest of the offline copy.

export type DoseStatus = "due" | "taken" | "skipped" | "unlogged";
/** A scheduled dose of a day, as GET /api/doses answers it. */
export type Dose = {
  medicationId: number;
  name: string;
  unit: Unit;
  at: string | null;
  dose: number;
  status: DoseStatus;
  eventId: number | null;
  amount: number | null;
  /** When it was taken, epoch ms. */
  takenAt: number | null;
};
/** A use not tied to a scheduled dose (as needed, or an extra). */
export type Extra = { eventId: number; medicationId: number; name: string; unit: Unit; amount: number; takenAt: number };
export type DayDoses = { date: string; doses: Dose[]; extras: Extra[] };

/**
 * A tap waiting to be sent: a dose of a day (taken or skipped), a use (`kind: "extra"`), or the
 * Undo of a logged event (`undo`: its id; `day`: the day it was logged on, where it shows).
 */
export type Tap = { clientId: string; medicationId: number; tappedAt: number; amount?: number } & (
  | { date: string; at: string | null; status: "taken" | "skipped" }
  | { kind: "extra" }
  | { undo: number; day: string }
);
/** What a send met: the first refusal, and the server's warnings (a use past the patient's own maximum a day). */
export type Sent = { refusal: ApiRequestError | null; warnings: string[]; delivered: number };

// One queue per person: a tap kept on Dad's page is sent to Dad's doses, from Dad's page only, so a
// switch of person (or a tap left offline) never lands a dose on someone else.
const keyOf = (person: number | null) => (person === null ? "refill-tracker:dose-taps" : `refill-tracker:dose-taps:p${person}`);
// A tap sent within this long is taken 'now' by the server; an older one (it waited offline)
// carries the instant it was made, so the count and the history name the real time.
const LATE_MS = 60_000;
// The API takes at most 50 doses a request.
const BATCH = 50;

export function keptTaps(): Tap[] {
  try {
    return JSON.parse(localStorage.getItem(keyOf(otherPersonId())) ?? "[]") as Tap[];
  } catch {
    return [];
  }
}

function keep(taps: Tap[]) {
  try {
    localStorage.setItem(keyOf(otherPersonId()), JSON.stringify(taps));
  } catch {
    /* storage full or disabled: the tap is still sent now, only not kept for later */
  }
}

export const readDay = (date: string) =>
  apiRequest<{ days: DayDoses[] }>("GET", personApi(`/doses?from=${date}&to=${date}`)).then((answer) => answer.days[0]!);

/** The dashboard's counts follow a change at once (islands/dashboard/useListData.ts reloads on it). */
const changed = () => dispatchEvent(new Event("doses-changed"));

export function addTaps(taps: Tap[]) {
  keep([...keptTaps(), ...taps]);
}

/** Drops a kept tap that was not sent yet (its Undo). */
export function dropTap(clientId: string) {
  keep(keptTaps().filter((tap) => tap.clientId !== clientId));
}

let sending = false;

/**
 * The next kept taps to send, in the order they were made: an Undo alone (a DELETE), else the
 * logs before the next Undo, at most `size` (an Undo after a log of the same dose must follow it).
 */
function nextBatch(size: number): Tap[] {
  const kept = keptTaps();
  const undo = kept.findIndex((tap) => "undo" in tap);
  return kept.slice(0, undo === 0 ? 1 : Math.min(size, undo === -1 ? kept.length : undo));
}

/**
 * Sends the kept taps, oldest first. Sent, they are let go; unreachable (status 0), they stay for
 * the next try. A refused batch wrote nothing, so its taps go again one by one and only a refused
 * one is let go (a replay would be refused again). An Undo whose event is gone already (404) has
 * nothing left to do. Resolves with the first refusal, if any, and the answers' warnings.
 */
export async function sendTaps(): Promise<Sent> {
  const warnings: string[] = [];
  let delivered = 0;
  if (sending) return { refusal: null, warnings, delivered };
  sending = true;
  let size = BATCH;
  let refusal: ApiRequestError | null = null;
  try {
    for (let batch = nextBatch(size); batch.length > 0; batch = nextBatch(size)) {
      const doses = batch.map(({ tappedAt, ...tap }) =>
        Date.now() - tappedAt > LATE_MS && !("status" in tap && tap.status === "skipped") ? { ...tap, takenAt: tappedAt } : tap,
      );
      const first = batch[0]!;
      try {
        if ("undo" in first) await apiRequest("DELETE", personApi(`/doses/${first.undo}`));
        else {
          const answer = await apiRequest<{ warnings?: { message: string }[] }>("POST", personApi("/doses"), { doses });
          for (const warning of answer.warnings ?? []) warnings.push(warning.message);
        }
        delivered += batch.length;
      } catch (err) {
        const status = (err as ApiRequestError).status;
        if (status === 0) break;
        if (batch.length > 1) {
          size = 1;
          continue;
        }
        if (!("undo" in first && status === 404)) refusal ??= err as ApiRequestError;
      }
      const sent = new Set(batch.map((tap) => tap.clientId));
      keep(keptTaps().filter((tap) => !sent.has(tap.clientId)));
      changed();
    }
    return { refusal, warnings, delivered };
  } finally {
    sending = false;
  }
}

export const newClientId = () => crypto.randomUUID();
