import type { Client } from "@libsql/client";
export function migrate(client: Client, dir?: string): Promise<string[]>;
