import type { Db } from "../db/client";
import { devEmails } from "../db/schema";
import type { Mailer, OutgoingEmail, SendResult } from "./mailer";

// D1 binds at most 100 parameters per statement, and a message binds 6 (Drizzle writes the id as a
// literal null): 16 messages to an insert.
const ROWS_PER_INSERT = Math.floor(100 / 6);

const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Development mail: stored in the database, listed at /dev/emails, preview URL in the server log.
 * The hourly job deletes it after a week (src/maintenance/prune.ts).
 */
export class DevOutbox implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly baseUrl: string,
  ) {}

  async send(messages: OutgoingEmail[]): Promise<SendResult[]> {
    if (messages.length === 0) return [];
    const now = Date.now();
    // Inserts in chunks, all in one batch.
    const inserts = chunk(messages, ROWS_PER_INSERT).map((part) =>
      this.db
        .insert(devEmails)
        .values(part.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers ?? {}, createdAt: now })))
        .returning({ id: devEmails.id, subject: devEmails.subject }),
    );
    const rows = (await this.db.batch(inserts as [(typeof inserts)[0], ...typeof inserts])).flat();
    // The preview URL, never the address: the recipient is on the preview.
    for (const row of rows) console.log(`[mail] "${row.subject}" — preview: ${this.baseUrl}/dev/emails/${row.id}`);
    return messages.map(() => ({ ok: true }));
  }
}
