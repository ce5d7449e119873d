import type { Db } from "../db/client";
import { devEmails } from "../db/schema";
import type { Mailer, OutgoingEmail, SendResult } from "./mailer";

/** Development mail: stored in the database, listed at /dev/emails, preview URL in the server log. */
export class DevOutbox implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly baseUrl: string,
  ) {}

  async send(messages: OutgoingEmail[]): Promise<SendResult[]> {
    if (messages.length === 0) return [];
    const now = Date.now();
    const rows = await this.db
      .insert(devEmails)
      .values(messages.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers ?? {}, createdAt: now })))
      .returning({ id: devEmails.id, to: devEmails.to, subject: devEmails.subject });
    for (const row of rows) console.log(`[mail] "${row.subject}" to ${row.to} — preview: ${this.baseUrl}/dev/emails/${row.id}`);
    return messages.map(() => ({ ok: true }));
  }
}
