import { Hono } from "hono";
import { mergePharmacy } from "../data/pharmacy-merge";
import { createPharmacy, deletePharmacy, pharmaciesOf, pharmacyRecords, sortPharmacies, updatePharmacy } from "../data/pharmacies";
import { MAX_PHARMACIES } from "../domain/limits";
import { phoneRegion, toE164, withPhone } from "../domain/phone";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { validate } from "../http/validate";
import * as m from "../generated/i18n";
import type { User } from "../shared/user";
import { idParamSchema, pharmacySchema, type PharmacyPayload } from "../shared/medication-schemas";
import { mergePharmacySchema, type MergePharmacyResult } from "../shared/pharmacy-merge";
import { personIdOf } from "../http/person";

const pharmacyId = validate("param", idParamSchema(m.field_pharmacy_id_invalid));

/** The payload with its phone as E.164 (a number without '+' is read in the account's region); empty stays empty. */
function dialable(input: PharmacyPayload, user: Pick<User, "locale">): PharmacyPayload {
  if (input.phoneNumber === "") return input;
  const phoneNumber = toE164(input.phoneNumber, phoneRegion(user.locale));
  if (phoneNumber === null) throw new ApiError(400, "field_phone_invalid");
  return { ...input, phoneNumber };
}

// GET/POST /pharmacies, PATCH/DELETE /pharmacies/:id, POST /pharmacies/:id/merge — all scoped to the signed-in user.
export const pharmaciesApi = new Hono<AppEnv>()
  .get(
    "/pharmacies",
    signedIn(({ db, person }) => ({ pharmacies: pharmaciesOf(db, person) })),
    (c) => c.json(sortPharmacies(pharmacyRecords(c.var.signedIn.data.pharmacies)).map(withPhone)),
  )

  .post("/pharmacies", signedIn(), validate("json", pharmacySchema), async (c) => {
    const { user } = c.var.signedIn;
    const pharmacy = await createPharmacy(c.var.db, personIdOf(c.var.signedIn), dialable(c.req.valid("json"), user));
    if (pharmacy === "limit") throw new ApiError(409, "error_too_many_pharmacies", { max: MAX_PHARMACIES });
    return c.json(withPhone(pharmacy), 201);
  })

  .patch("/pharmacies/:id{[0-9]+}", signedIn(), pharmacyId, validate("json", pharmacySchema), async (c) => {
    const { user } = c.var.signedIn;
    const pharmacy = await updatePharmacy(
      c.var.db,
      personIdOf(c.var.signedIn),
      c.req.valid("param").id,
      dialable(c.req.valid("json"), user),
    );
    if (!pharmacy) throw new ApiError(404, "error_pharmacy_not_found");
    return c.json(withPhone(pharmacy));
  })

  .delete("/pharmacies/:id{[0-9]+}", signedIn(), pharmacyId, async (c) => {
    const result = await deletePharmacy(c.var.db, personIdOf(c.var.signedIn), c.req.valid("param").id);
    if (result === "not-found") throw new ApiError(404, "error_pharmacy_not_found");
    if (result === "in-use") throw new ApiError(409, "error_pharmacy_in_use");
    return c.body(null, 204);
  })

  // 'Merge into…': the medications of :id move to intoId and :id is deleted (one batch).
  .post("/pharmacies/:id{[0-9]+}/merge", signedIn(), pharmacyId, validate("json", mergePharmacySchema), async (c) => {
    const { id } = c.req.valid("param");
    const { intoId } = c.req.valid("json");
    if (id === intoId) throw new ApiError(400, "error_pharmacy_merge_itself");
    const result = await mergePharmacy(c.var.db, personIdOf(c.var.signedIn), id, intoId);
    if (result === "not-found") throw new ApiError(404, "error_pharmacy_not_found");
    return c.json(result satisfies MergePharmacyResult);
  });
