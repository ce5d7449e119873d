import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { devEmails } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError, jsonError } from "../http/errors";

/** The development outbox; 404 whenever Postmark is configured. */
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.POSTMARK_SERVER_TOKEN) return jsonError(c, new ApiError(404, "error_not_found"));
    await next();
  })
  .get("/emails", async (c) => {
    const rows = await c.var.db.select().from(devEmails).orderBy(desc(devEmails.id)).limit(200);
    return c.json(rows.map(({ id, to, subject, text, html, createdAt }) => ({ id, to, subject, text, html, createdAt: new Date(createdAt).toISOString() })));
  })
  .get("/emails/:id{[0-9]+}", async (c) => {
    const [row] = await c.var.db.select().from(devEmails).where(eq(devEmails.id, Number(c.req.param("id"))));
    if (!row) return jsonError(c, new ApiError(404, "mail_dev_email_not_found"));
    // The message is shown as the recipient would see it, sandboxed from the app's origin.
    return c.html(row.html, 200, { "Content-Security-Policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:" });
  });
