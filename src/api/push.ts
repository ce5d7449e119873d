import { Hono } from "hono";
import { blockedFor, countTestPushAttempt, LIMITS } from "../auth/throttle";
import { deleteGoneSubscriptions, deletePushSubscription, pushTargetsOf, savePushSubscription } from "../data/push";
import { browserLabel } from "../domain/browser";
import type { AppEnv } from "../env";
import { ApiError, tooManyAttempts } from "../http/errors";
import { signedIn } from "../http/middleware";
import { validate } from "../http/validate";
import { pushDeviceRows } from "../push/devices";
import { vapidKeys } from "../push/keys";
import { testPush } from "../push/message";
import { importsAsDeviceKey, REMINDER_PUSH_TTL, sendPush } from "../push/send";
import { idParamSchema } from "../shared/medication-schemas";
import { MAX_PUSH_DEVICES, pushSubscriptionSchema, type SavedPushDevice, type TestPushAnswer } from "../shared/push";
import * as m from "../generated/i18n";

// POST /push/subscriptions (a device turns push on), DELETE /push/subscriptions/:id (the list's
// Remove), POST /test-push-notification. Endpoints and keys are the user's secrets: never logged,
// never answered back.

const subscriptionId = validate("param", idParamSchema(m.field_id_invalid));

export const pushApi = new Hono<AppEnv>()
  .post("/push/subscriptions", signedIn(), validate("json", pushSubscriptionSchema), async (c) => {
    if (!vapidKeys(c.env)) throw new ApiError(404, "error_push_unavailable");
    const { user, session } = c.var.signedIn;
    const subscription = c.req.valid("json");
    // The schema checks the key's shape; only WebCrypto knows whether the point is on the curve.
    if (!(await importsAsDeviceKey(subscription.keys.p256dh))) throw new ApiError(400, "field_push_p256dh_invalid");
    const row = await savePushSubscription(
      c.var.db,
      user.id,
      session.id,
      subscription,
      browserLabel(c.req.header("User-Agent")),
      Date.now(),
    );
    if (!row) throw new ApiError(409, "error_push_device_limit", { max: MAX_PUSH_DEVICES });
    const [device] = pushDeviceRows([{ id: Number(row.id), label: row.label, createdAt: Number(row.createdAt) }], user.timezone);
    return c.json<SavedPushDevice>(device!, 201);
  })

  .delete("/push/subscriptions/:id{[0-9]+}", signedIn(), subscriptionId, async (c) => {
    const removed = await deletePushSubscription(c.var.db, c.var.signedIn.user.id, c.req.valid("param").id);
    if (!removed) throw new ApiError(404, "error_push_device_not_found");
    return c.body(null, 204);
  })

  // Every device of the account, now, with the reminder's own delivery settings; sent whether or
  // not push is chosen for the daily reminder, so the user can check a device before choosing it.
  // The try is counted in the batch that reads the devices, so that a device found gone can be
  // dropped in the second round trip.
  .post(
    "/test-push-notification",
    signedIn(({ db, owner, now }) => ({ targets: pushTargetsOf(db, owner), attempt: countTestPushAttempt(db, owner, now) })),
    async (c) => {
      const vapid = vapidKeys(c.env);
      if (!vapid) throw new ApiError(404, "error_push_unavailable");
      const { user, data } = c.var.signedIn;
      if (data.targets.length === 0) throw new ApiError(409, "error_push_no_devices");
      const blocked = data.attempt.length ? blockedFor([["", LIMITS.testPushPerUser]], [data.attempt], Date.now()) : 0;
      if (blocked) throw tooManyAttempts(blocked);
      const payload = testPush(user);
      const results = await Promise.all(
        data.targets.map((target) =>
          sendPush(target, payload, { ttl: REMINDER_PUSH_TTL, topic: `test-${user.id}`, urgency: "normal" }, vapid),
        ),
      );
      const gone = data.targets
        .filter((_, i) => {
          const r = results[i]!;
          return !r.ok && r.kind === "gone";
        })
        .map((t) => t.id);
      // A device the push service calls gone costs this second round trip, only then.
      if (gone.length > 0) await deleteGoneSubscriptions(c.var.db, gone);
      for (const r of results) if (!r.ok && r.kind !== "gone") console.error(`[push] test push for user ${user.id} not sent: ${r.error}`);
      const sent = results.filter((r) => r.ok).length;
      if (sent === 0) throw new ApiError(502, "error_test_push_failed");
      return c.json<TestPushAnswer>({ sent });
    },
  );
