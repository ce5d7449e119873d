import * as z from "zod/mini";
import * as m from "../generated/i18n";
import { emailAddress, msg } from "./validation";

// POST /api/profiles/:id/invites and POST /api/invites/accept. An invitation never makes an owner:
// the person's owner is the account that added them (or the person's own account).

export const INVITE_ROLES = ["manager", "helper", "viewer"] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

export const inviteSchema = z.object({
  email: emailAddress(m.field_email_enter_valid),
  role: z.enum(INVITE_ROLES, msg(m.field_invite_role_invalid)),
});
export type InvitePayload = z.infer<typeof inviteSchema>;

/** The e-mailed link's secret: generateToken's 52 base32 letters (anything else is no invite). */
export const acceptInviteSchema = z.object({
  token: z.string(msg(m.error_invite_not_found)).check(z.maxLength(128, msg(m.error_invite_not_found))),
});

/** A pending invitation as the API answers it: never its token, never whether the address has an account. */
export interface Invite {
  id: number;
  email: string;
  role: InviteRole;
  createdAt: string;
  expiresAt: string;
}
