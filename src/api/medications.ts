import { Hono } from "hono";
import { medicationPauseApi } from "./medication-pause";
import { sortedMedicationsJson } from "../data/medication-json";
import {
  createMedication,
  deleteMedication,
  medicationOf,
  medicationsOf,
  toMedication,
  medicationRecords,
  updateMedication,
  type RegimenWrite,
} from "../data/medications";
import { canonicalSchedule, DEFAULT_UNIT, type Schedule } from "../domain/regimen";
import { doseWarning, warningValues, type DoseWarning } from "../domain/dose-safety";
import { EFFECTIVE_FROM_MAX_DAYS, pauseProblem } from "../shared/regimen-schemas";
import { refillMedication, supplyEventsOf, toSupplyEvent, undoRefill } from "../data/supply";
import { EARLIEST_DATE, MAX_DAYS_AHEAD, MAX_MEDICATIONS, MAX_PAUSES, MAX_SCHEDULE_CHANGES } from "../domain/limits";
import { courseChanges } from "../domain/course";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { formatDate } from "../i18n/format";
import { signedIn } from "../http/middleware";
import { validate, validateJsonBy } from "../http/validate";
import * as m from "../generated/i18n";
import {
  COUNTED_ON_MAX_DAYS,
  idParamSchema,
  MAX_PILLS,
  medicationSchemaFor,
  newMedicationSchemaFor,
  refillSchema,
  undoRefillSchema,
  unitWording,
  unitWordingOf,
  type MedicationPayload,
} from "../shared/medication-schemas";
import { addDays } from "../domain/time";
import { personIdOf, personToday } from "../http/person";

// error_unknown_pharmacy: a pharmacyId that is not one of the user's pharmacies (another user's,
// deleted, never existed).

const medicationId = validate("param", idParamSchema(m.field_medication_id_invalid));

// Counts are kept in the person's local days: "today" is the person's date (their time zone), not
// the reader's nor the server's.
const today = personToday;

/** A last refill date after the user's today is a 400 naming the field (the form shows it there). */
function refuseFutureRefill(input: MedicationPayload, day: string) {
  if (input.lastRefillDate !== null && input.lastRefillDate > day) throw new ApiError(400, "field_last_refill_future");
}

/**
 * The regimen a payload asks for. `schedule` wins; the old shape (pillsPerDay only) is a daily dose,
 * and on an edit it keeps the stored schedule when it is the average the API answered.
 */
function regimenWrite(input: MedicationPayload, day: string, edit: boolean): RegimenWrite {
  let schedule: Schedule;
  let keepIfPerDay: number | undefined;
  // A course's first step is the schedule from effectiveFrom (its average, its dose check).
  if (input.course) schedule = canonicalSchedule(input.course[0]!.schedule);
  else if (input.schedule) schedule = canonicalSchedule(input.schedule);
  else if (input.pillsPerDay !== undefined) {
    schedule = { type: "daily", dose: input.pillsPerDay };
    // Below 0.25: only the average the API answered (checked in the update's own statement), never
    // a new dose. Above, any number still works as before (2/3 a day), not only multiples of 0.25.
    if (input.pillsPerDay < 0.25 && !edit) throw new ApiError(400, "field_pills_per_day_min", { unit: unitWording(input.unit), min: 0.25 });
    keepIfPerDay = input.pillsPerDay;
  } else throw new ApiError(400, "field_schedule_invalid");
  const effectiveFrom = input.effectiveFrom ?? day;
  if (effectiveFrom > addDays(day, EFFECTIVE_FROM_MAX_DAYS)) throw new ApiError(400, "field_effective_from_too_late");
  if (pauseProblem(input)) throw new ApiError(400, "field_paused_until_before_from");
  const pause =
    input.pausedFrom === undefined && input.pausedUntil === undefined
      ? undefined
      : input.pausedFrom
        ? { from: input.pausedFrom, until: input.pausedUntil ?? null }
        : null;
  // A new as-needed medication counts what is logged; every other keeps today's count by schedule.
  const countBy = input.countBy ?? (edit ? undefined : schedule.type === "asNeeded" ? "log" : "schedule");
  return { unit: input.unit, schedule, effectiveFrom, keepIfPerDay, pause, countBy, ...courseWrite(input, effectiveFrom, day) };
}

/**
 * A course's steps as dated changes from `effectiveFrom` and its last day, or a plain last day.
 * Undefined fields keep what is stored. The last day is bounded like any date a patient enters.
 */
function courseWrite(input: MedicationPayload, effectiveFrom: string, day: string): Pick<RegimenWrite, "course" | "endsOn"> {
  if (input.course) {
    const { changes, endsOn } = courseChanges(input.course, effectiveFrom);
    if (endsOn > addDays(day, MAX_DAYS_AHEAD))
      throw new ApiError(400, "field_date_range", { min: formatDate(EARLIEST_DATE), max: formatDate(addDays(day, MAX_DAYS_AHEAD)) });
    if (input.endsOn != null && input.endsOn !== endsOn)
      throw new ApiError(400, "field_ends_on_not_course_end", { date: formatDate(endsOn) });
    return { course: changes, endsOn };
  }
  // No course any more (null) and no new last day: the course's end goes with it.
  if (input.course === null) return { course: null, endsOn: input.endsOn ?? null };
  return input.endsOn === undefined ? {} : { endsOn: input.endsOn };
}

/** Every schedule a save asks for: a course's steps, or the one schedule. */
const schedulesOf = (write: RegimenWrite) => (write.course ? write.course.map((c) => c.schedule) : [write.schedule]);

/**
 * What the patient must confirm before this save (a weekly-only drug on a more frequent schedule, an
 * unusually large dose), or null once `confirmed: true` says they did. An edit that leaves the unit
 * out keeps the stored one, unknown here: its dose is not judged.
 */
function unconfirmed(input: MedicationPayload, write: RegimenWrite, edit: boolean): DoseWarning | null {
  if (input.confirmed === true) return null;
  for (const schedule of schedulesOf(write)) {
    const warning = doseWarning(input.name, schedule, write.unit ?? (edit ? undefined : DEFAULT_UNIT));
    if (warning) return warning;
  }
  return null;
}

/** 400 confirm_weekly_drug / confirm_large_dose, worded in the request's language. */
function refusal(warning: DoseWarning): ApiError {
  const values = warningValues(warning);
  return "drug" in values ? new ApiError(400, "confirm_weekly_drug", values) : new ApiError(400, "confirm_large_dose", values);
}

// GET/POST /medications, GET/PATCH/DELETE /medications/:id, POST /medications/refill,
// GET /medications/:id/history, POST /medications/:id/undo-refill, and the pause's routes.
export const medicationsApi = new Hono<AppEnv>()
  .get(
    "/medications",
    signedIn(({ db, person }) => ({ medications: medicationsOf(db, person) })),
    (c) => {
      const { data } = c.var.signedIn;
      // Text made by sortedMedicationsJson: the same JSON c.json would write, with each row's kept.
      return c.body(sortedMedicationsJson(medicationRecords(data.medications), today(c.var.signedIn)), 200, {
        "content-type": "application/json",
      });
    },
  )

  // A medication's messages name its unit ('Cannot have negative puffs'): the schema is the body's unit's.
  .post(
    "/medications",
    signedIn(),
    validateJsonBy((body) => newMedicationSchemaFor(unitWordingOf(body))),
    async (c) => {
      const { user } = c.var.signedIn;
      const input = c.req.valid("json");
      const day = today(c.var.signedIn);
      refuseFutureRefill(input, day);
      if (input.countedOn !== null && input.countedOn > day) throw new ApiError(400, "field_counted_on_future");
      if (input.countedOn !== null && input.countedOn < addDays(day, -COUNTED_ON_MAX_DAYS))
        throw new ApiError(400, "field_counted_on_too_old");
      const write = regimenWrite(input, day, false);
      const warning = unconfirmed(input, write, false);
      if (warning) throw refusal(warning);
      // The medication is added on its count's day: no pause before it.
      const addedOn = input.countedOn ?? day;
      if (write.pause && write.pause.from < addedOn)
        throw new ApiError(400, "field_paused_from_before_added", { date: formatDate(addedOn) });
      // Nor a last day before it (a course starts on effectiveFrom, so its end is never before).
      if (write.endsOn != null && write.endsOn < addedOn)
        throw new ApiError(400, "field_ends_on_before_start", { date: formatDate(addedOn) });
      const medication = await createMedication(c.var.db, personIdOf(c.var.signedIn), user.id, input, write, day);
      if (medication === "limit") throw new ApiError(409, "error_too_many_medications", { max: MAX_MEDICATIONS });
      if (!medication) throw new ApiError(400, "error_unknown_pharmacy");
      return c.json(medication, 201);
    },
  )

  // The answer is the medication with the refill's event id (refillId), which an undo may name.
  // Ids are digits by the routes' pattern, so "refill" is never read as one.
  .post("/medications/refill", signedIn(), validate("json", refillSchema), async (c) => {
    const { user } = c.var.signedIn;
    const { medicationId: id, pillsToAdd, refilledOn } = c.req.valid("json");
    const day = today(c.var.signedIn);
    const pickedUpOn = refilledOn ?? day;
    // The earliest date is the medication's and is checked in the write; the future needs no database.
    if (pickedUpOn > day) throw new ApiError(400, "error_picked_up_in_future");
    const result = await refillMedication(c.var.db, personIdOf(c.var.signedIn), user.id, id, pillsToAdd, pickedUpOn, day, Date.now());
    if ("error" in result) {
      if (result.error === "not-found") throw new ApiError(404, "error_medication_not_found");
      if (result.error === "before-added") throw new ApiError(400, "error_picked_up_too_early", { date: formatDate(result.addedOn!) });
      throw new ApiError(400, "error_too_many_pills", { max: MAX_PILLS });
    }
    return c.json({ ...result.medication, refillId: result.eventId });
  })

  .get(
    "/medications/:id{[0-9]+}/history",
    signedIn(({ db, person, id }) => ({ medication: medicationOf(db, person, id), events: supplyEventsOf(db, person, id) })),
    medicationId,
    (c) => {
      const { data } = c.var.signedIn;
      if (!data.medication[0]) throw new ApiError(404, "error_medication_not_found");
      return c.json(data.events.map(toSupplyEvent));
    },
  )

  .post("/medications/:id{[0-9]+}/undo-refill", signedIn(), medicationId, validate("json", undoRefillSchema), async (c) => {
    const { user } = c.var.signedIn;
    const result = await undoRefill(
      c.var.db,
      personIdOf(c.var.signedIn),
      user.id,
      c.req.valid("param").id,
      c.req.valid("json").refillId,
      today(c.var.signedIn),
      Date.now(),
    );
    if ("medication" in result) return c.json(result.medication);
    if (result.error === "not-found") throw new ApiError(404, "error_medication_not_found");
    throw new ApiError(409, "error_nothing_to_undo");
  })

  .get(
    "/medications/:id{[0-9]+}",
    signedIn(({ db, person, id }) => ({ medication: medicationOf(db, person, id) })),
    medicationId,
    (c) => {
      const { data } = c.var.signedIn;
      const [row] = data.medication;
      if (!row) throw new ApiError(404, "error_medication_not_found");
      return c.json(toMedication(row, today(c.var.signedIn)));
    },
  )

  .patch(
    "/medications/:id{[0-9]+}",
    signedIn(),
    medicationId,
    validateJsonBy((body) => medicationSchemaFor(unitWordingOf(body))),
    async (c) => {
      const { user } = c.var.signedIn;
      const input = c.req.valid("json");
      const day = today(c.var.signedIn);
      refuseFutureRefill(input, day);
      const write = regimenWrite(input, day, true);
      const warning = unconfirmed(input, write, true);
      // The old shape (pillsPerDay alone) keeps the stored schedule when it is the answered average:
      // only the update's own statement knows, so it writes nothing unless the value is that average.
      if (warning && write.keepIfPerDay === undefined) throw refusal(warning);
      if (warning) write.onlyIfKept = true;
      const result = await updateMedication(c.var.db, personIdOf(c.var.signedIn), user.id, c.req.valid("param").id, input, write, day);
      if ("medication" in result) return c.json(result.medication);
      if (result.error === "not-found") throw new ApiError(404, "error_medication_not_found");
      if (result.error === "unconfirmed") throw refusal(warning!);
      if (result.error === "not-a-dose") throw new ApiError(400, "field_pills_per_day_min", { unit: unitWording(input.unit), min: 0.25 });
      if (result.error === "effective-too-early")
        throw new ApiError(400, "field_effective_from_too_early", { date: formatDate(result.addedOn) });
      if (result.error === "pause-too-early")
        throw new ApiError(400, "field_paused_from_before_added", { date: formatDate(result.addedOn) });
      if (result.error === "too-many-changes") throw new ApiError(400, "error_too_many_schedule_changes", { max: MAX_SCHEDULE_CHANGES });
      if (result.error === "too-many-pauses") throw new ApiError(400, "error_too_many_pauses", { max: MAX_PAUSES });
      throw new ApiError(400, "error_unknown_pharmacy");
    },
  )

  .delete("/medications/:id{[0-9]+}", signedIn(), medicationId, async (c) => {
    if (!(await deleteMedication(c.var.db, personIdOf(c.var.signedIn), c.var.signedIn.user.id, c.req.valid("param").id)))
      throw new ApiError(404, "error_medication_not_found");
    return c.body(null, 204);
  })

  // PUT/DELETE /medications/:id/pause: pause and resume without sending the whole medication.
  .route("/", medicationPauseApi);
