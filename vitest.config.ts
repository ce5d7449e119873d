import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Three projects, all run by `npm test`:
// - workers: unit, API and cron tests inside workerd with a real D1 (SQLite);
// - node:    the same schema and queries on the libSQL engine (@libsql/client on a local file);
// - e2e:     a real Chromium (Debian's) driven by playwright-core against `npm run dev`.
export default defineConfig({
  test: {
    reporters: ["default", "./test/summary-reporter.ts"],
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: { TEST_MIGRATIONS: await readD1Migrations("./migrations"), APP_URL: "http://localhost", APP_ENV: "test" },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["test/**/*.test.{ts,tsx}"],
          exclude: ["test/node/**", "test/e2e/**"],
          // A test that hashes two or three passwords (scrypt) takes 2 s alone and over 5 s on a loaded
          // 2-core machine: vitest's 5 s default then fails it with nothing broken. Timing is the bench's job.
          testTimeout: 20_000,
          setupFiles: ["./test/setup/apply-migrations.ts", "./test/setup/no-secrets-in-logs.ts"],
          // A Hrana (libSQL over HTTP) server on a migrated temp file; tests inject("libsqlHttpUrl").
          globalSetup: ["./test/setup/libsql-http.ts"],
        },
      },
      {
        test: { name: "node", environment: "node", include: ["test/node/**/*.test.ts"] },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["./test/e2e/dev-server.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // What a page does after a request to wrangler dev (and, offline, to the service worker)
          // takes well under a second here, but several seconds on a loaded 2-core CI machine; a
          // poll that gives up after vitest's default 1 s fails with nothing broken. Set once, here.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
