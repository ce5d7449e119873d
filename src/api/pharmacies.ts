import { Hono } from "hono";
import { createPharmacy, deletePharmacy, pharmaciesOf, pharmacyRecords, sortPharmacies, updatePharmacy } from "../data/pharmacies";
import { MAX_PHARMACIES } from "../domain/limits";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { validate } from "../http/validate";
import * as m from "../generated/i18n";
import { idParamSchema, pharmacySchema } from "../shared/medication-schemas";

const pharmacyId = validate("param", idParamSchema(m.field_pharmacy_id_invalid));

// GET/POST /pharmacies, PATCH/DELETE /pharmacies/:id — all scoped to the signed-in user.
export const pharmaciesApi = new Hono<AppEnv>()
  .get(
    "/pharmacies",
    signedIn(({ db, owner }) => ({ pharmacies: pharmaciesOf(db, owner) })),
    (c) => c.json(sortPharmacies(pharmacyRecords(c.var.signedIn.data.pharmacies))),
  )

  .post("/pharmacies", signedIn(), validate("json", pharmacySchema), async (c) => {
    const pharmacy = await createPharmacy(c.var.db, c.var.signedIn.user.id, c.req.valid("json"));
    if (pharmacy === "limit") throw new ApiError(409, "error_too_many_pharmacies", { max: MAX_PHARMACIES });
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
    if (result === "in-use") throw new ApiError(409, "error_pharmacy_in_use");
    return c.body(null, 204);
  });
