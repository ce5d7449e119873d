import * as z from "zod/mini";
import * as m from "../generated/i18n";
import { msg, password } from "./validation";

// The signed-in account's own changes: password, sessions, deletion. Shared by the API and the
// settings islands.

const currentPassword = z.string(msg(m.field_current_password_required)).check(
  z.minLength(1, msg(m.field_current_password_required)),
  z.maxLength(
    256,
    msg(() => m.field_password_too_long({ max: 256 })),
  ),
);

/** PUT /api/user/password. The new password follows the registration rules (`password`). */
export const changePasswordSchema = z
  .object({
    currentPassword,
    newPassword: password,
    confirmPassword: z.string(msg(m.field_confirm_password_required)).check(z.minLength(1, msg(m.field_confirm_password_required))),
  })
  .check(z.refine((form) => form.newPassword === form.confirmPassword, { ...msg(m.field_passwords_mismatch), path: ["confirmPassword"] }));

/** DELETE /api/user. */
export const deleteAccountSchema = z.object({ currentPassword });

/** One signed-in device as GET /api/user/sessions lists it: no session id or hash ever leaves. */
export interface DeviceSession {
  /** The device id (auth/device-id): names the session for DELETE /api/user/sessions/{id}, is not its id. */
  id: string;
  browser: string;
  createdAt: number;
  lastSeenAt: number;
  /** The session of the request that asked. */
  current: boolean;
}

export interface DeviceSessionsAnswer {
  sessions: DeviceSession[];
}

export type ChangePasswordPayload = z.infer<typeof changePasswordSchema>;

/** A signed-in device as the Security settings show it: the times already written for the reader. */
export interface DeviceRow {
  /** The device id, as in DeviceSession. */
  id: string;
  browser: string;
  signedIn: string;
  lastSeen: string;
  current: boolean;
}

/** A person the account owns besides its own, as the deletion dialog tells its fate: `passesTo` names the manager it passes to, null when it is deleted too. */
export interface PersonOnDeletion {
  name: string;
  passesTo: string | null;
}
