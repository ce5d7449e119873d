import { Hono } from "hono";
import { changeRole, membersOf, membershipOf, removeMember, saveMembershipSettings, toMember } from "../data/members";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { personIdOf } from "../http/person";
import { validate } from "../http/validate";
import { memberRoleSchema, membershipSettingsSchema } from "../shared/member-schemas";

// A person's members and each member's own settings for that person. The signedIn guard decides the
// least role (src/auth/access.ts: the list and removing someone else a manager's, roles the owner's,
// one's own membership anyone's); the rules about the member acted on are the data layer's.

/** The path's member (`:userId`) as a number; a malformed one is no member (404). */
function memberIdOf(raw: string): number {
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw new ApiError(404, "error_member_not_found");
  return Number(raw);
}

const membershipGone = () => new ApiError(404, "error_profile_not_found");

export const membersApi = new Hono<AppEnv>()
  .get(
    "/profiles/:profileId/members",
    signedIn(({ db, owner, person }) => ({ members: membersOf(db, person, owner) })),
    (c) => c.json(c.var.signedIn.data.members.map(toMember)),
  )
  // The owner gives a member another role; the owner's own role never changes here.
  .patch("/profiles/:profileId/members/:userId", signedIn(), validate("json", memberRoleSchema), async (c) => {
    const { user } = c.var.signedIn;
    const change = await changeRole(
      c.var.db,
      personIdOf(c.var.signedIn),
      memberIdOf(c.req.param("userId")),
      user.id,
      c.req.valid("json").role,
    );
    if (change === "not a member") throw new ApiError(404, "error_member_not_found");
    if (change === "owner") throw new ApiError(403, "error_member_owner_role_fixed");
    if (change === "not the owner") throw new ApiError(403, "error_member_role_owner_only");
    return c.json(change.member);
  })
  // Leaving (anyone), or removing a member below one's role (owner; a manager removes helpers and viewers).
  .delete("/profiles/:profileId/members/:userId", signedIn(), async (c) => {
    const removal = await removeMember(c.var.db, personIdOf(c.var.signedIn), memberIdOf(c.req.param("userId")), c.var.signedIn.user.id);
    if (removal === "not a member") throw new ApiError(404, "error_member_not_found");
    if (removal === "owner") throw new ApiError(403, "error_member_owner_not_removable");
    if (removal === "above the actor") throw new ApiError(403, "error_member_manager_not_removable");
    return c.body(null, 204);
  })
  .get(
    "/profiles/:profileId/membership",
    signedIn(({ db, owner, person }) => ({ membership: membershipOf(db, person, owner) })),
    (c) => {
      const [membership] = c.var.signedIn.data.membership;
      if (!membership) throw membershipGone();
      return c.json(membership);
    },
  )
  .patch("/profiles/:profileId/membership", signedIn(), validate("json", membershipSettingsSchema), async (c) => {
    const { user } = c.var.signedIn;
    const settings = await saveMembershipSettings(c.var.db, personIdOf(c.var.signedIn), user.id, c.req.valid("json"));
    if (!settings) throw membershipGone();
    return c.json(settings);
  });
