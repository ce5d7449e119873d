import { Hono } from "hono";
import { createMedication, deleteMedication, findMedication, medicationsFromJson, refillMedication, updateMedication, withMedications } from "../data/medications";
import { todayIn } from "../domain/countdown";
import type { AppEnv } from "../env";
import { ApiError, notFound } from "../http/errors";
import { authenticate, NOT_SIGNED_IN_MESSAGE, requireUser } from "../http/middleware";
import { validate } from "../http/validate";
import { idParamSchema, medicationSchema, refillSchema } from "../shared/medication-schemas";

// A pharmacyId that is not one of the user's pharmacies (another user's, deleted, never existed).
export const UNKNOWN_PHARMACY_MESSAGE = "Please select one of your pharmacies";
export const TOO_MANY_PILLS_MESSAGE = "This refill would bring the supply above 1,000,000 pills.";

const medicationId = validate("param", idParamSchema("Invalid medication id"));

// Counts are kept in the user's local days: "today" is the user's date, not the server's.
const today = (c: { var: { user: { timezone: string } } }) => todayIn(c.var.user.timezone);

// GET/POST /medications, GET/PATCH/DELETE /medications/:id, POST /medications/refill.
export const medicationsApi = new Hono<AppEnv>()
  // The hot read: the session lookup and the list are one statement (one round trip).
  .get("/medications", async (c) => {
    const found = await authenticate(c, withMedications);
    if (!found) throw new ApiError(401, NOT_SIGNED_IN_MESSAGE);
    return c.json(medicationsFromJson(found.extras.medications, found.user.timezone));
  })

  .post("/medications", requireUser, validate("json", medicationSchema), async (c) => {
    const medication = await createMedication(c.var.db, c.var.user.id, c.req.valid("json"), today(c));
    if (!medication) throw new ApiError(400, UNKNOWN_PHARMACY_MESSAGE);
    return c.json(medication, 201);
  })

  // POST only: /medications/:id has no POST, so "refill" is never read as an id.
  .post("/medications/refill", requireUser, validate("json", refillSchema), async (c) => {
    const { medicationId: id, pillsToAdd } = c.req.valid("json");
    const result = await refillMedication(c.var.db, c.var.user.id, id, pillsToAdd, today(c));
    if ("error" in result) {
      if (result.error === "not-found") throw notFound("Medication");
      throw new ApiError(400, TOO_MANY_PILLS_MESSAGE);
    }
    return c.json(result.medication);
  })

  .get("/medications/:id", requireUser, medicationId, async (c) => {
    const medication = await findMedication(c.var.db, c.var.user.id, c.req.valid("param").id, today(c));
    if (!medication) throw notFound("Medication");
    return c.json(medication);
  })

  .patch("/medications/:id", requireUser, medicationId, validate("json", medicationSchema), async (c) => {
    const result = await updateMedication(c.var.db, c.var.user.id, c.req.valid("param").id, c.req.valid("json"), today(c));
    if ("medication" in result) return c.json(result.medication);
    if (result.error === "not-found") throw notFound("Medication");
    throw new ApiError(400, UNKNOWN_PHARMACY_MESSAGE);
  })

  .delete("/medications/:id", requireUser, medicationId, async (c) => {
    if (!(await deleteMedication(c.var.db, c.var.user.id, c.req.valid("param").id))) throw notFound("Medication");
    return c.body(null, 204);
  });
