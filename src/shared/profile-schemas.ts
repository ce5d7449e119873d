import * as z from "zod/mini";
import { PERSON_NAME_MAX } from "../domain/limits";
import * as m from "../generated/i18n";
import { nameText } from "./validation";

// POST /api/profiles and PATCH /api/profiles/:id: a person's name, the one thing a person without
// an account has.

export const profileSchema = z.object({ name: nameText(m.field_person_name_required, PERSON_NAME_MAX) });
export type ProfilePayload = z.infer<typeof profileSchema>;

/** A person in GET /api/profiles: `self` is the account's own person; `role` the account's role for them. */
export interface Profile {
  id: number;
  name: string;
  self: boolean;
  role: "owner" | "manager" | "helper" | "viewer";
}
