import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { devEmails } from "../db/schema";

// The development outbox's table (src/mail/outbox.ts writes it; /dev/emails lists it).

export interface StoredDevEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

// D1 binds at most 100 parameters per statement, and a message binds 6 (Drizzle writes the id as a
// literal null): 16 messages to an insert.
const ROWS_PER_INSERT = Math.floor(100 / 6);

const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Stores the messages in one batch (inserts in chunks); answers each one's id and subject. */
export async function storeDevEmails(db: Db, messages: StoredDevEmail[], now: number) {
  const inserts = chunk(messages, ROWS_PER_INSERT).map((part) =>
    db
      .insert(devEmails)
      .values(part.map((m) => ({ ...m, createdAt: now })))
      .returning({ id: devEmails.id, subject: devEmails.subject }),
  );
  return (await db.batch(inserts as [(typeof inserts)[0], ...typeof inserts])).flat();
}

/** Whether a stored message has header `name` with `value` (the Postmark metadata a test looks for). */
export async function devEmailHasHeader(db: Db, name: string, value: string): Promise<boolean> {
  const rows = await db
    .select({ id: devEmails.id })
    .from(devEmails)
    .where(sql`json_extract(${devEmails.headers}, ${`$."${name}"`}) = ${value}`)
    .limit(1);
  return rows.length > 0;
}

/** The newest 200 messages. */
export const recentDevEmails = (db: Db) => db.select().from(devEmails).orderBy(desc(devEmails.id)).limit(200);

export async function devEmailOf(db: Db, id: number) {
  const [row] = await db.select().from(devEmails).where(eq(devEmails.id, id));
  return row;
}
