import { Hono } from "hono";
import { pauseMedication, resumeMedication } from "../data/medication-pause";
import { todayIn } from "../domain/countdown";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { validate } from "../http/validate";
import * as m from "../generated/i18n";
import { idParamSchema } from "../shared/medication-schemas";
import { pauseSchema } from "../shared/regimen-schemas";

const medicationId = validate("param", idParamSchema(m.field_medication_id_invalid));

// PUT /medications/:id/pause { pausedFrom, pausedUntil }: sets the pause (the current or next one);
// DELETE /medications/:id/pause: resumes today. Both answer the medication as GET /medications/:id
// does, with its new days left and run-out date. The session, then one UPDATE: two round trips.
export const medicationPauseApi = new Hono<AppEnv>()
  .put("/medications/:id/pause", signedIn(), medicationId, validate("json", pauseSchema), async (c) => {
    const { user } = c.var.signedIn;
    const { pausedFrom, pausedUntil } = c.req.valid("json");
    const today = todayIn(user.timezone);
    // A pause that is already over would change nothing the patient can see: say so at the field.
    if (pausedUntil !== null && pausedUntil < today) throw new ApiError(400, "field_paused_until_past");
    const medication = await pauseMedication(c.var.db, user.id, c.req.valid("param").id, { from: pausedFrom, until: pausedUntil }, today);
    if (!medication) throw new ApiError(404, "error_medication_not_found");
    return c.json(medication);
  })

  // Resume: today is charged again. A pause that began before today keeps its past days (it ends
  // yesterday); one that begins today or later is dropped. Without a pause nothing changes.
  .delete("/medications/:id/pause", signedIn(), medicationId, async (c) => {
    const { user } = c.var.signedIn;
    const medication = await resumeMedication(c.var.db, user.id, c.req.valid("param").id, todayIn(user.timezone));
    if (!medication) throw new ApiError(404, "error_medication_not_found");
    return c.json(medication);
  });
