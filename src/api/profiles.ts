import { Hono } from "hono";
import { changeProfile, createProfile, deleteProfile, profilesOf, toProfile } from "../data/profiles";
import { MAX_PEOPLE } from "../domain/limits";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { personIdOf, personZone } from "../http/person";
import { validate } from "../http/validate";
import { profileChangeSchema, profileSchema } from "../shared/profile-schemas";
import { resolveTimeZone } from "../domain/timezones";

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
  .patch("/profiles/:profileId", signedIn(), validate("json", profileChangeSchema), async (c) => {
    const { person } = c.var.signedIn;
    const { name, timeZone } = c.req.valid("json");
    if (name === undefined && timeZone === undefined) throw new ApiError(400, "field_person_name_required");
    // The same zones as the account's settings (an alias becomes its canonical name).
    const timezone = timeZone === undefined ? undefined : resolveTimeZone(timeZone);
    if (timezone === null) throw new ApiError(400, "error_unknown_timezone", { zone: timeZone! });
    const row = await changeProfile(c.var.db, personIdOf(c.var.signedIn), { name, timezone });
    if (!person) throw new ApiError(404, "error_profile_not_found");
    // No row: the person has an account (whose zone is theirs to set), or was deleted in between.
    if (!row)
      throw new ApiError(
        timezone === undefined ? 404 : 400,
        timezone === undefined ? "error_profile_not_found" : "error_profile_zone_of_account",
      );
    return c.json({ id: row.id, name: row.name, role: person.role, timeZone: row.timezone ?? personZone(c.var.signedIn) });
  })
  .delete("/profiles/:profileId", signedIn(), async (c) => {
    // The guard let only the owner through; the account's own person is the one it never deletes.
    if (!(await deleteProfile(c.var.db, personIdOf(c.var.signedIn)))) throw new ApiError(400, "error_profile_self_undeletable");
    return c.body(null, 204);
  });
