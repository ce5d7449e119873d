import { Hono } from "hono";
import { createPharmacy, deletePharmacy, pharmaciesOf, pharmacyRecords, sortPharmacies, updatePharmacy } from "../data/pharmacies";
import { TOO_MANY_PHARMACIES_MESSAGE } from "../domain/limits";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { validate } from "../http/validate";
import { idParamSchema, pharmacySchema } from "../shared/medication-schemas";

export const PHARMACY_IN_USE_MESSAGE = "This pharmacy cannot be deleted because medications use it. Assign those medications to another pharmacy or delete them first.";

const pharmacyId = validate("param", idParamSchema("Invalid pharmacy id"));

// GET/POST /pharmacies, PATCH/DELETE /pharmacies/:id — all scoped to the signed-in user.
export const pharmaciesApi = new Hono<AppEnv>()
  .get(
    "/pharmacies",
    signedIn(({ db, owner }) => ({ pharmacies: pharmaciesOf(db, owner) })),
    (c) => c.json(sortPharmacies(pharmacyRecords(c.var.signedIn.data.pharmacies))),
  )

  .post("/pharmacies", signedIn(), validate("json", pharmacySchema), async (c) => {
    const pharmacy = await createPharmacy(c.var.db, c.var.signedIn.user.id, c.req.valid("json"));
    if (pharmacy === "limit") throw new ApiError(409, TOO_MANY_PHARMACIES_MESSAGE);
    return c.json(pharmacy, 201);
  })

  .patch("/pharmacies/:id", signedIn(), pharmacyId, validate("json", pharmacySchema), async (c) => {
    const pharmacy = await updatePharmacy(c.var.db, c.var.signedIn.user.id, c.req.valid("param").id, c.req.valid("json"));
    if (!pharmacy) throw new ApiError(404, "error_pharmacy_not_found");
    return c.json(pharmacy);
  })

  .delete("/pharmacies/:id", signedIn(), pharmacyId, async (c) => {
    const result = await deletePharmacy(c.var.db, c.var.signedIn.user.id, c.req.valid("param").id);
    if (result === "not-found") throw new ApiError(404, "error_pharmacy_not_found");
    if (result === "in-use") throw new ApiError(409, PHARMACY_IN_USE_MESSAGE);
    return c.body(null, 204);
  });
