import type { Db } from "../db/client";
import { devEmails } from "../db/schema";
import type { Mailer, OutgoingEmail, SendResult } from "./mailer";

const ROWS_PER_INSERT = 14;

const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Development mail: stored in the database, listed at /dev/emails, preview URL in the server log. */
export class DevOutbox implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly baseUrl: string,
  ) {}

  async send(messages: OutgoingEmail[]): Promise<SendResult[]> {
    if (messages.length === 0) return [];
    const now = Date.now();
    // D1 binds at most 100 parameters per statement (7 per message): insert in chunks, one batch.
    const inserts = chunk(messages, ROWS_PER_INSERT).map((part) =>
      this.db
        .insert(devEmails)
        .values(part.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers ?? {}, createdAt: now })))
        .returning({ id: devEmails.id, to: devEmails.to, subject: devEmails.subject }),
    );
    const rows = (await this.db.batch(inserts as [(typeof inserts)[0], ...typeof inserts])).flat();
    for (const row of rows) console.log(`[mail] "${row.subject}" to ${row.to} — preview: ${this.baseUrl}/dev/emails/${row.id}`);
    return messages.map(() => ({ ok: true }));
  }
}
