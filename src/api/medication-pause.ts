import { Hono } from "hono";
import { pauseMedication, resumeMedication } from "../data/medication-pause";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { formatDate } from "../i18n/format";
import { MAX_PAUSES, MAX_SCHEDULE_CHANGES } from "../domain/limits";
import { signedIn } from "../http/middleware";
import { validate } from "../http/validate";
import * as m from "../generated/i18n";
import { idParamSchema } from "../shared/medication-schemas";
import { pauseSchema } from "../shared/regimen-schemas";
import { personIdOf, personToday } from "../http/person";

const medicationId = validate("param", idParamSchema(m.field_medication_id_invalid));

// PUT /medications/:id/pause { pausedFrom, pausedUntil }: sets the pause (the current or next one);
// DELETE /medications/:id/pause: resumes today. The first paused day is not before the medication
// was added; at most MAX_PAUSES pauses are kept (400s naming why). Both answer the medication as GET /medications/:id
// does, with its new days left and run-out date. The session, then one UPDATE: two round trips.
export const medicationPauseApi = new Hono<AppEnv>()
  .put("/medications/:id{[0-9]+}/pause", signedIn(), medicationId, validate("json", pauseSchema), async (c) => {
    const { user } = c.var.signedIn;
    const { pausedFrom, pausedUntil } = c.req.valid("json");
    const today = personToday(c.var.signedIn);
    // A pause that is already over would change nothing the patient can see: say so at the field.
    if (pausedUntil !== null && pausedUntil < today) throw new ApiError(400, "field_paused_until_past");
    const result = await pauseMedication(
      c.var.db,
      personIdOf(c.var.signedIn),
      user.id,
      c.req.valid("param").id,
      { from: pausedFrom, until: pausedUntil },
      today,
    );
    if ("error" in result) {
      if (result.error === "not-found") throw new ApiError(404, "error_medication_not_found");
      if (result.error === "pause-too-early")
        throw new ApiError(400, "field_paused_from_before_added", { date: formatDate(result.addedOn) });
      // Changes past their limit: only a row the limits' migration has not seen yet.
      if (result.error === "too-many-changes") throw new ApiError(400, "error_too_many_schedule_changes", { max: MAX_SCHEDULE_CHANGES });
      throw new ApiError(400, "error_too_many_pauses", { max: MAX_PAUSES });
    }
    return c.json(result);
  })

  // Resume: today is charged again. A pause that began before today keeps its past days (it ends
  // yesterday); one that begins today or later is dropped. Without a pause nothing changes.
  .delete("/medications/:id{[0-9]+}/pause", signedIn(), medicationId, async (c) => {
    const { user } = c.var.signedIn;
    const medication = await resumeMedication(
      c.var.db,
      personIdOf(c.var.signedIn),
      user.id,
      c.req.valid("param").id,
      personToday(c.var.signedIn),
    );
    if (!medication) throw new ApiError(404, "error_medication_not_found");
    return c.json(medication);
  });
