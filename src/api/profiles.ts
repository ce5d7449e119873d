import { Hono } from "hono";
import { createProfile, deleteProfile, profilesOf, renameProfile, toProfile } from "../data/profiles";
import { MAX_PEOPLE } from "../domain/limits";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { personIdOf } from "../http/person";
import { validate } from "../http/validate";
import { profileSchema } from "../shared/profile-schemas";

// GET/POST /profiles (the account's people; a new person without an account, owned by the account),
// PATCH/DELETE /profiles/:profileId (a manager renames, the owner deletes: the signedIn guard decides
// from the membership it read with the session, see src/auth/access.ts).
export const profilesApi = new Hono<AppEnv>()
  .get(
    "/profiles",
    signedIn(({ db, owner }) => ({ profiles: profilesOf(db, owner) })),
    (c) => c.json(c.var.signedIn.data.profiles.map(toProfile)),
  )
  .post("/profiles", signedIn(), validate("json", profileSchema), async (c) => {
    const profile = await createProfile(c.var.db, c.var.signedIn.user.id, c.req.valid("json").name, Date.now());
    if (profile === "limit") throw new ApiError(409, "error_too_many_profiles", { max: MAX_PEOPLE });
    return c.json(profile, 201);
  })
  .patch("/profiles/:profileId", signedIn(), validate("json", profileSchema), async (c) => {
    const { person } = c.var.signedIn;
    const row = await renameProfile(c.var.db, personIdOf(c.var.signedIn), c.req.valid("json").name);
    if (!row || !person) throw new ApiError(404, "error_profile_not_found");
    return c.json({ ...row, role: person.role });
  })
  .delete("/profiles/:profileId", signedIn(), async (c) => {
    // The guard let only the owner through; the account's own person is the one it never deletes.
    if (!(await deleteProfile(c.var.db, personIdOf(c.var.signedIn)))) throw new ApiError(400, "error_profile_self_undeletable");
    return c.body(null, 204);
  });
