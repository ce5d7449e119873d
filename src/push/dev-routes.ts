import { Hono } from "hono";
import { recentDevPushes } from "../data/dose-push";
import { isLocal, type AppEnv } from "../env";
import { ApiError, jsonError } from "../http/errors";

// GET /dev/pushes: the development push outbox (`npm run dev` and the tests), like /dev/emails for
// mail: each push sent, newest first, with the payload as the device decrypts it. 404 in production,
// where pushes go only to the push services.
export const devPushRoutes = new Hono<AppEnv>().get("/pushes", async (c) => {
  if (!isLocal(c.env)) return jsonError(c, new ApiError(404, "error_not_found"));
  const rows = await recentDevPushes(c.var.db);
  return c.json(
    rows.map(({ id, deviceId, userId, sentAt, topic, urgency, ttl, payload }) => ({
      id,
      deviceId,
      userId,
      sentAt: new Date(sentAt).toISOString(),
      topic,
      urgency,
      ttl,
      payload,
    })),
  );
});
