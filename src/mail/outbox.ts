import { devEmailHasHeader, storeDevEmails } from "../data/dev-emails";
import type { Db } from "../db/client";
import type { Mailer, OutgoingEmail, SendResult } from "./mailer";

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
    const stored = messages.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, headers: withMetadata(m) }));
    const rows = await lockedRetry(() => storeDevEmails(this.db, stored, now));
    // The preview URL, never the address: the recipient is on the preview.
    for (const row of rows) console.log(`[mail] "${row.subject}" — preview: ${this.baseUrl}/dev/emails/${row.id}`);
    return messages.map(() => ({ ok: true }));
  }

  wasAccepted(key: string, value: string): Promise<boolean> {
    return devEmailHasHeader(this.db, metadataHeader(key), value);
  }
}

/**
 * The local SQLite file is briefly locked while another process reads it (`wrangler d1 execute`,
 * the bench's polling) or parallel queue consumers write: a failed batch is rolled back, so trying
 * it again a moment later cannot store a message twice.
 */
async function lockedRetry<T>(run: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !/SQLITE_BUSY|database is locked/.test(String(err))) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

// Metadata kept as the headers Postmark's SMTP interface reads it from, so the dev outbox shows it.
const metadataHeader = (key: string) => `X-PM-Metadata-${key}`;

function withMetadata(m: OutgoingEmail): Record<string, string> {
  const headers = { ...m.headers };
  for (const [key, value] of Object.entries(m.metadata ?? {})) headers[metadataHeader(key)] = value;
  return headers;
}
