import * as z from "zod/mini";
import * as m from "../generated/i18n";
import { msg } from "./validation";

/** POST /api/pharmacies/:id/merge: the pharmacy (the owner's, another one) that takes its medications. */
export const mergePharmacySchema = z.object({
  intoId: z
    .number(msg(m.field_merge_into_required))
    .check(
      z.int(msg(m.field_merge_into_required)),
      z.positive(msg(m.field_merge_into_required)),
      z.maximum(Number.MAX_SAFE_INTEGER, msg(m.field_merge_into_required)),
    ),
});

export type MergePharmacyPayload = z.infer<typeof mergePharmacySchema>;
export type MergePharmacyResult = { moved: number };
