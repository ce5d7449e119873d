import { Hono } from "hono";
import {
  deleteDose,
  doseMedicationsOf,
  eventsAsked,
  fingerprintOf,
  writeDoses,
  type DoseMedication,
  type DoseWrite,
  type UsedOn,
} from "../data/doses";
import { doseDays } from "../domain/dose-days";
import { DOSE_LOG_DAYS_BACK, DOSE_RANGE_MAX_DAYS } from "../domain/limits";
import type { Medication } from "../domain/medications";
import { occurrencesOn } from "../domain/occurrences";
import { parseRegimen, scheduleOn } from "../domain/regimen";
import { addDays, daysBetween, localDateAt } from "../domain/time";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { ApiError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { validate } from "../http/validate";
import { doseRangeSchema, dosesSchema, type DoseLogPayload } from "../shared/dose-schemas";
import { idParamSchema } from "../shared/medication-schemas";
import { personIdOf, personToday, personZone } from "../http/person";

// GET/POST /doses and DELETE /doses/:id: what the patient took. Each log is checked here against the
// medication as read with the session (its schedule, when it was added, the user's today); the
// write then goes in one batch guarded by that very read (src/data/doses.ts).

/** A clock a little ahead of the server's is not "the future". */
const CLOCK_SKEW_MS = 60_000;

/** Today's count of each touched medication, as the dashboard shows it. */
const counts = (list: Medication[]) =>
  list.map(({ id, pillsRemaining, daysLeft, runsOutOn }) => ({ id, pillsRemaining, daysLeft, runsOutOn }));

/** A log as the API answers it. */
const eventAnswer = (e: {
  id: number;
  clientId: string;
  medicationId: number;
  kind: string;
  localDate: string;
  at: string;
  amount: number | null;
  takenAt: number | null;
}) => ({
  eventId: e.id,
  clientId: e.clientId,
  medicationId: e.medicationId,
  kind: e.kind,
  date: e.localDate,
  at: e.at === "" ? null : e.at,
  amount: e.amount,
  takenAt: e.takenAt,
});

/** One log, checked against its medication and the person's today (in their `zone`), as the row to write. */
function toWrite(log: DoseLogPayload, medication: DoseMedication | undefined, zone: string, today: string, now: number): DoseWrite {
  if (!medication) throw new ApiError(404, "error_medication_not_found");
  if (log.takenAt !== undefined && log.takenAt > now + CLOCK_SKEW_MS) throw new ApiError(400, "field_taken_at_future");
  const regimen = parseRegimen(medication.regimen, medication.pillsPerDay);
  const date = log.kind === "extra" ? localDateAt(log.takenAt ?? now, zone) : log.date;
  if (date > today) throw new ApiError(400, "field_dose_date_future");
  if (date < addDays(today, -DOSE_LOG_DAYS_BACK)) throw new ApiError(400, "field_dose_date_too_old", { days: DOSE_LOG_DAYS_BACK });
  const added = medication.addedOn === null || date >= medication.addedOn;
  if (log.kind === "extra") {
    if (!added) throw new ApiError(400, "field_dose_not_scheduled", { name: medication.name });
    const counted = scheduleOn(regimen, date).type === "asNeeded" ? 0 : 1;
    return {
      medicationId: medication.id,
      clientId: log.clientId,
      kind: "extra",
      localDate: date,
      at: "",
      planned: null,
      amount: log.amount,
      takenAt: log.takenAt ?? now,
      counted,
    };
  }
  const occurrence = added ? occurrencesOn(regimen, date).find((o) => o.at === log.at) : undefined;
  if (!occurrence) throw new ApiError(400, "field_dose_not_scheduled", { name: medication.name });
  const taken = log.status === "taken";
  return {
    medicationId: medication.id,
    clientId: log.clientId,
    kind: log.status,
    localDate: date,
    at: log.at ?? "",
    planned: occurrence.dose,
    amount: taken ? (log.amount ?? occurrence.dose) : null,
    takenAt: taken ? (log.takenAt ?? now) : null,
    counted: 1,
  };
}

/**
 * A warning, never a refusal, for each as-needed medication whose uses on a day this request logged
 * passed the patient's own `maxPerDay`: the day, the amount used and the message in the request's language.
 */
function overMaxPerDay(usedOn: UsedOn[], byId: Map<number, DoseMedication>) {
  return usedOn.flatMap(({ medicationId, localDate, used }) => {
    const medication = byId.get(medicationId)!;
    const schedule = scheduleOn(parseRegimen(medication.regimen, medication.pillsPerDay), localDate);
    if (schedule.type !== "asNeeded" || schedule.maxPerDay === undefined || used <= schedule.maxPerDay) return [];
    const message = m.warning_over_max_per_day({ name: medication.name, used, max: schedule.maxPerDay });
    return [{ medicationId, date: localDate, used, code: "over_max_per_day", message }];
  });
}

const eventId = validate("param", idParamSchema(m.error_dose_not_found));

export const dosesApi = new Hono<AppEnv>()
  .get(
    "/doses",
    signedIn(({ db, person, from, to, now }) => ({
      medications: doseMedicationsOf(db, person),
      events: eventsAsked(db, person, from, to, now),
    })),
    validate("query", doseRangeSchema),
    (c) => {
      const { data } = c.var.signedIn;
      const today = personToday(c.var.signedIn);
      const query = c.req.valid("query");
      const from = query.from ?? today;
      const to = query.to ?? today;
      if (to < from || daysBetween(from, to) >= DOSE_RANGE_MAX_DAYS)
        throw new ApiError(400, "field_dose_range_invalid", { days: DOSE_RANGE_MAX_DAYS });
      const medications = data.medications.map((x) => ({ ...x, regimen: parseRegimen(x.regimen, x.pillsPerDay) }));
      return c.json({ days: doseDays(medications, data.events, from, to, today) });
    },
  )

  .post(
    "/doses",
    signedIn(({ db, person }) => ({ medications: doseMedicationsOf(db, person) })),
    validate("json", dosesSchema),
    async (c) => {
      const { user, data } = c.var.signedIn;
      const today = personToday(c.var.signedIn);
      const now = Date.now();
      const byId = new Map(data.medications.map((x) => [x.id, x]));
      const writes = c.req
        .valid("json")
        .doses.map((log) => toWrite(log, byId.get(log.medicationId), personZone(c.var.signedIn), today, now));
      const used = [...new Set(writes.map((w) => w.medicationId))].map((id) => byId.get(id)!);
      const result = await writeDoses(c.var.db, personIdOf(c.var.signedIn), user.id, writes, fingerprintOf(used), today, now);
      if (result === "changed") throw new ApiError(409, "error_doses_changed");
      return c.json({
        events: result.events.map(eventAnswer),
        medications: counts(result.medications),
        warnings: overMaxPerDay(result.usedOn, byId),
      });
    },
  )

  .delete("/doses/:id{[0-9]+}", signedIn(), eventId, async (c) => {
    const { user } = c.var.signedIn;
    const medication = await deleteDose(
      c.var.db,
      personIdOf(c.var.signedIn),
      user.id,
      c.req.valid("param").id,
      personToday(c.var.signedIn),
    );
    if (!medication) throw new ApiError(404, "error_dose_not_found");
    return c.json({ medications: counts([medication]) });
  });
