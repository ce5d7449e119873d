// Import boundaries of docs/architecture.md ("Where things live"), checked by `npm run lint` (and so
// by `npm test`). A rule's comment is the sentence of the doc it holds.
const SERVER = "^src/(api|auth|data|db|http|mail|maintenance|pages|push|reminders|webhooks)/";
const BROWSER_SAFE = "^(islands/|src/(shared|domain|i18n)/)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-value-cycle",
      severity: "error",
      comment: "No module imports itself through others (type-only imports aside).",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "browser-safe-imports-no-server-code",
      severity: "error",
      comment: "Islands, and the pure modules they import (src/shared, src/domain, src/i18n), never import server code.",
      from: { path: BROWSER_SAFE },
      to: { path: SERVER, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "only-data-and-auth-touch-the-schema",
      severity: "error",
      comment: "Only src/data (queries) and src/auth (sessions) read or write tables; src/db defines them.",
      from: { path: "^src/", pathNot: "^src/(data|auth|db)/" },
      to: { path: "^src/db/schema", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "handlers-write-no-sql",
      severity: "error",
      comment: "src/api and src/pages are thin: validate, call src/data or src/auth, map the answer.",
      from: { path: "^src/(api|pages)/" },
      to: { path: "(^|/)node_modules/drizzle-orm/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "jobs-do-not-import-http",
      severity: "error",
      comment: "The hourly job and the pruning run without a request: they never import src/http.",
      from: { path: "^src/(reminders|maintenance)/" },
      to: { path: "^src/http/", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(public|src/generated/i18n/[a-z-]+\\.ts$)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
