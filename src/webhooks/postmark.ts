import { Hono } from "hono";
import { deliveryChange } from "../domain/delivery";
import type { AppEnv } from "../env";
import { ApiError, jsonError } from "../http/errors";
import { issueError } from "../http/validate";
import { withCodes } from "../i18n/say";
import { applyDeliveryChange } from "../data/delivery";
import { otherEventSchema, postmarkEventSchemaFor } from "../shared/postmark-webhook";

// POST /webhooks/postmark — Postmark's Bounce, SpamComplaint and SubscriptionChange webhooks
// (README, Production). Postmark authenticates with HTTP Basic credentials in the webhook URL; the
// password is POSTMARK_WEBHOOK_SECRET. While that secret is unset the endpoint does not exist (404).

const encoder = new TextEncoder();

/** Compares in constant time (over SHA-256 digests, so lengths do not leak either). */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = (await Promise.all([given, expected].map((s) => crypto.subtle.digest("SHA-256", encoder.encode(s))))).map(
    (d) => new Uint8Array(d),
  );
  let difference = 0;
  for (let i = 0; i < a!.length; i++) difference |= a![i]! ^ b![i]!;
  return difference === 0;
}

/** The password of `Authorization: Basic …`, or null. The user name is not checked: Postmark's form needs one, any will do. */
function basicPassword(header: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? "");
  if (!match) return null;
  let decoded: string;
  try {
    decoded = new TextDecoder().decode(Uint8Array.from(atob(match[1]!), (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  return colon < 0 ? null : decoded.slice(colon + 1);
}

export const postmarkWebhook = new Hono<AppEnv>().post("/postmark", async (c) => {
  const secret = c.env.POSTMARK_WEBHOOK_SECRET;
  if (!secret) return jsonError(c, new ApiError(404, "error_not_found"));
  const password = basicPassword(c.req.header("Authorization"));
  if (password === null || !(await sameSecret(password, secret))) {
    c.header("WWW-Authenticate", 'Basic realm="Postmark webhook", charset="UTF-8"');
    return jsonError(c, new ApiError(401, "error_unauthorized"));
  }
  const body: unknown = await c.req.json().catch(() => {
    throw new ApiError(400, "error_webhook_body");
  });
  // Parsed with messages answering their codes, so a refusal is an ApiError with its code.
  const kind = withCodes(() => otherEventSchema.safeParse(body));
  if (!kind.success) throw issueError(kind.error);
  const parsed = withCodes(() => postmarkEventSchemaFor(kind.data.RecordType).safeParse(body));
  if (!parsed.success) throw issueError(parsed.error);
  const change = deliveryChange(parsed.data);
  // Events that change nothing are acknowledged too, or Postmark would retry them.
  if (!change) return c.json({ handled: false });
  const stopped = await applyDeliveryChange(c.var.db, change);
  // Counts only: no address in the log.
  console.log(
    JSON.stringify({ event: "postmark_webhook", recordType: parsed.data.RecordType, problem: change.problem, accountsStopped: stopped }),
  );
  return c.json({ handled: true });
});
