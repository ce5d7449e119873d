import { Hono } from "hono";
import { generateToken, hashToken } from "../auth/session";
import { foldCase } from "../auth/username";
import {
  acceptInvite,
  createInvite,
  INVITE_TTL_MS,
  inviteSenderOf,
  MAX_PENDING_INVITES,
  pendingInvitesOf,
  toInvite,
  withdrawInvite,
} from "../data/invites";
import { toProfile } from "../data/profiles";
import type { AppEnv } from "../env";
import { LIMITS } from "../auth/throttle";
import { ApiError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { personIdOf } from "../http/person";
import { pathId, validate } from "../http/validate";
import { errorSummary } from "../log/error-summary";
import { inAccountLocale } from "../mail/locale";
import { appUrl, createMailer } from "../mail/mailer";
import { inviteEmail } from "../mail/templates/InviteEmail";
import { acceptInviteSchema, inviteSchema } from "../shared/invite-schemas";

// A person's invitations (mounted under /api/profiles/:profileId: the signedIn guard lets only the
// owner and managers through, src/auth/access.ts) and accepting one (POST /api/invites/accept).

const DAYS = INVITE_TTL_MS / 86_400_000;

export const inviteLink = (baseUrl: string, token: string) => `${baseUrl}/invites/${token}`;

export const personInvitesApi = new Hono<AppEnv>()
  .get(
    "/invites",
    signedIn(({ db, person, now }) => ({ invites: pendingInvitesOf(db, person, now) })),
    (c) => c.json(c.var.signedIn.data.invites.map(toInvite)),
  )
  .post(
    "/invites",
    signedIn(({ db, person, owner }) => ({ sender: inviteSenderOf(db, person, owner) })),
    validate("json", inviteSchema),
    async (c) => {
      const { user, data } = c.var.signedIn;
      const personId = personIdOf(c.var.signedIn);
      const { email, role } = c.req.valid("json");
      const token = generateToken();
      const now = Date.now();
      const outcome = await createInvite(
        c.var.db,
        { personId, senderId: user.id, email: foldCase(email), role, tokenHash: await hashToken(token) },
        now,
      );
      if (outcome === "pending_limit") throw new ApiError(429, "error_invites_pending_limit", { max: MAX_PENDING_INVITES });
      if (outcome === "daily_limit") throw new ApiError(429, "error_invites_daily_limit", { max: LIMITS.invitesPerUser });
      if (outcome === "role") throw new ApiError(403, "error_invite_role_above_yours");
      const sender = data.sender[0];
      const message = inAccountLocale(user.locale, () =>
        inviteEmail({
          to: outcome.email,
          link: inviteLink(appUrl(c.env, new URL(c.req.url).origin), token),
          personName: sender?.personName ?? "",
          senderName: sender?.senderName ?? null,
          senderConfirmed: sender?.senderConfirmedAt != null,
          role,
          days: DAYS,
        }),
      );
      // After the answer, and the same answer whoever the address belongs to.
      c.executionCtx.waitUntil(
        createMailer(c.env, c.var.db)
          .send([message])
          .then(([result]) => result && !result.ok && console.error(`[mail] invite ${outcome.id} not sent: ${result.error}`))
          .catch((err) => console.error(`[mail] invite ${outcome.id} failed: ${errorSummary(err)}`)),
      );
      return c.json(outcome, 201);
    },
  )
  .delete("/invites/:id{[0-9]+}", signedIn(), async (c) => {
    if (!(await withdrawInvite(c.var.db, personIdOf(c.var.signedIn), pathId(c), Date.now())))
      throw new ApiError(404, "error_invite_not_found");
    return c.body(null, 204);
  });

export const invitesApi = new Hono<AppEnv>().post("/invites/accept", signedIn(), validate("json", acceptInviteSchema), async (c) => {
  const { user } = c.var.signedIn;
  const outcome = await acceptInvite(c.var.db, await hashToken(c.req.valid("json").token), user.id, Date.now());
  if (outcome.state === "unusable") throw new ApiError(404, "error_invite_not_found");
  if (outcome.state === "wrong_address") throw new ApiError(403, "error_invite_wrong_address");
  return c.json(toProfile({ id: outcome.personId, name: outcome.name, self: false, role: outcome.role }));
});
