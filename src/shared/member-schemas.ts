import * as z from "zod/mini";
import { MISSED_DOSE_AFTER_MAX, MISSED_DOSE_AFTER_MIN } from "../domain/limits";
import * as m from "../generated/i18n";
import type { Profile } from "./profile-schemas";
import { msg } from "./validation";

// PATCH /api/profiles/:id/members/:userId (a member's role) and PATCH /api/profiles/:id/membership
// (the account's own settings for that person), with what the member routes answer.

/** The roles an owner may give: never 'owner' (a person has one owner, who keeps that role). */
export const GIVEN_ROLES = ["viewer", "helper", "manager"] as const;

export const memberRoleSchema = z.object({ role: z.enum(GIVEN_ROLES, msg(m.field_member_role_invalid)) });
export type MemberRolePayload = z.infer<typeof memberRoleSchema>;

const afterRange = () => m.field_missed_dose_after_range({ min: MISSED_DOSE_AFTER_MIN, max: MISSED_DOSE_AFTER_MAX });

/** Each field left out stays as saved. */
export const membershipSettingsSchema = z.object({
  remindMe: z.optional(z.boolean(msg(m.field_remind_me_not_boolean))),
  missedDoseAlerts: z.optional(z.boolean(msg(m.field_missed_dose_alerts_not_boolean))),
  missedDoseAfterMinutes: z.optional(
    z
      .number(msg(afterRange))
      .check(z.int(msg(afterRange)), z.gte(MISSED_DOSE_AFTER_MIN, msg(afterRange)), z.lte(MISSED_DOSE_AFTER_MAX, msg(afterRange))),
  ),
});
export type MembershipSettingsPayload = z.infer<typeof membershipSettingsSchema>;

/** One member of a person in GET /api/profiles/:id/members: `self` is the asking account; `since` epoch ms. */
export interface Member {
  userId: number;
  name: string;
  role: Profile["role"];
  self: boolean;
  since: number;
}

/** The account's own membership of a person: its role and its own reminder and alert settings. */
export interface MembershipSettings {
  role: Profile["role"];
  remindMe: boolean;
  missedDoseAlerts: boolean;
  missedDoseAfterMinutes: number;
}
