import { Hono } from "hono";
import { createMedication, deleteMedication, medicationOf, medicationsOf, refillMedication, toMedication, medicationRecords, toSortedMedications, updateMedication } from "../data/medications";
import { todayIn } from "../domain/countdown";
import { TOO_MANY_MEDICATIONS_MESSAGE } from "../domain/limits";
import type { AppEnv } from "../env";
import { ApiError, notFound } from "../http/errors";
import { signedIn } from "../http/middleware";
import { pathId, validate } from "../http/validate";
import { idParamSchema, medicationSchema, refillSchema } from "../shared/medication-schemas";
import type { User } from "../shared/user";

// A pharmacyId that is not one of the user's pharmacies (another user's, deleted, never existed).
export const UNKNOWN_PHARMACY_MESSAGE = "Please select one of your pharmacies";
export const TOO_MANY_PILLS_MESSAGE = "This refill would bring the supply above 1,000,000 pills.";

const medicationId = validate("param", idParamSchema("Invalid medication id"));

// Counts are kept in the user's local days: "today" is the user's date, not the server's.
const today = (user: User) => todayIn(user.timezone);

// GET/POST /medications, GET/PATCH/DELETE /medications/:id, POST /medications/refill.
export const medicationsApi = new Hono<AppEnv>()
  .get(
    "/medications",
    signedIn(({ db, owner }) => ({ medications: medicationsOf(db, owner) })),
    (c) => {
      const { user, data } = c.var.signedIn;
      return c.json(toSortedMedications(medicationRecords(data.medications), today(user)));
    },
  )

  .post("/medications", signedIn(), validate("json", medicationSchema), async (c) => {
    const { user } = c.var.signedIn;
    const medication = await createMedication(c.var.db, user.id, c.req.valid("json"), today(user));
    if (medication === "limit") throw new ApiError(409, TOO_MANY_MEDICATIONS_MESSAGE);
    if (!medication) throw new ApiError(400, UNKNOWN_PHARMACY_MESSAGE);
    return c.json(medication, 201);
  })

  // POST only: /medications/:id has no POST, so "refill" is never read as an id.
  .post("/medications/refill", signedIn(), validate("json", refillSchema), async (c) => {
    const { user } = c.var.signedIn;
    const { medicationId: id, pillsToAdd } = c.req.valid("json");
    const result = await refillMedication(c.var.db, user.id, id, pillsToAdd, today(user));
    if ("error" in result) {
      if (result.error === "not-found") throw notFound("Medication");
      throw new ApiError(400, TOO_MANY_PILLS_MESSAGE);
    }
    return c.json(result.medication);
  })

  .get(
    "/medications/:id",
    signedIn(({ db, owner, c }) => ({ medication: medicationOf(db, owner, pathId(c)) })),
    medicationId,
    (c) => {
      const { user, data } = c.var.signedIn;
      const [row] = data.medication;
      if (!row) throw notFound("Medication");
      return c.json(toMedication(row, today(user)));
    },
  )

  .patch("/medications/:id", signedIn(), medicationId, validate("json", medicationSchema), async (c) => {
    const { user } = c.var.signedIn;
    const result = await updateMedication(c.var.db, user.id, c.req.valid("param").id, c.req.valid("json"), today(user));
    if ("medication" in result) return c.json(result.medication);
    if (result.error === "not-found") throw notFound("Medication");
    throw new ApiError(400, UNKNOWN_PHARMACY_MESSAGE);
  })

  .delete("/medications/:id", signedIn(), medicationId, async (c) => {
    if (!(await deleteMedication(c.var.db, c.var.signedIn.user.id, c.req.valid("param").id))) throw notFound("Medication");
    return c.body(null, 204);
  });
