import { Hono } from "hono";
import { devEmailOf, recentDevEmails } from "../data/dev-emails";
import type { AppEnv } from "../env";
import { ApiError, jsonError } from "../http/errors";

/** The development outbox; 404 whenever Postmark is configured. */
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.POSTMARK_SERVER_TOKEN) return jsonError(c, new ApiError(404, "error_not_found"));
    await next();
  })
  .get("/emails", async (c) => {
    const rows = await recentDevEmails(c.var.db);
    return c.json(
      rows.map(({ id, to, subject, text, html, createdAt }) => ({
        id,
        to,
        subject,
        text,
        html,
        createdAt: new Date(createdAt).toISOString(),
      })),
    );
  })
  .get("/emails/:id{[0-9]+}", async (c) => {
    const row = await devEmailOf(c.var.db, Number(c.req.param("id")));
    if (!row) return jsonError(c, new ApiError(404, "mail_dev_email_not_found"));
    // The message is shown as the recipient would see it, sandboxed from the app's origin.
    return c.html(row.html, 200, { "Content-Security-Policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:" });
  });
