import { applyD1Migrations, env } from "cloudflare:test";

// Idempotent: D1 records applied migrations, so every test file can call this.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
