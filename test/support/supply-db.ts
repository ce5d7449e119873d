import { createClient, type Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "../../scripts/migrate-libsql.mjs";
import type { Db } from "../../src/db/client";
import * as schema from "../../src/db/schema";

// A throwaway libSQL database on the real migrations with one user, one pharmacy and medication 1:
// where the supply rule's SQL twin is held to the domain (test/node/supply-sql, dose-log-sql).

export interface SupplyDb {
  client: Client;
  db: Db;
  close(): void;
}

export async function openSupplyDb(name: string): Promise<SupplyDb> {
  const dir = mkdtempSync(join(tmpdir(), `refill-${name}-`));
  const client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  await migrate(client, "migrations");
  await client.execute(
    "INSERT INTO users (id, username, username_key, password_hash, email, next_notification_at, created_at) VALUES (1, 'ana', 'ana', 'x', 'ana@example.com', 0, 0)",
  );
  await client.execute("INSERT INTO pharmacies (id, user_id, name, phone_number) VALUES (1, 1, 'Corner', '')");
  await client.execute(
    "INSERT INTO medications (id, user_id, name, pharmacy_id, pills_per_day, pills_remaining, counted_on, pills_per_refill) VALUES (1, 1, 'M', 1, 1, 0, '2027-01-01', 30)",
  );
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    client,
    db,
    close() {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
