import * as z from "zod/mini";
import { PERSON_NAME_MAX } from "../domain/limits";
import * as m from "../generated/i18n";
import { timeZoneField } from "./settings-schemas";
import { nameText } from "./validation";

// POST /api/profiles: a new person's name (their time zone starts as the adding account's).
// PATCH /api/profiles/:id: a new name, a time zone (a person without an account only: one with an
// account lives in their account's), or both; each left out stays.

const personName = nameText(m.field_person_name_required, PERSON_NAME_MAX);
export const profileSchema = z.object({ name: personName });
export type ProfilePayload = z.infer<typeof profileSchema>;

export const profileChangeSchema = z.object({ name: z.optional(personName), timeZone: z.optional(timeZoneField) });
export type ProfileChange = z.infer<typeof profileChangeSchema>;

/** A person in GET /api/profiles: `self` is the account's own person; `role` the account's role for them. */
export interface Profile {
  id: number;
  name: string;
  self: boolean;
  role: "owner" | "manager" | "helper" | "viewer";
  /** The person's time zone (PATCH's answer only). */
  timeZone?: string;
}
