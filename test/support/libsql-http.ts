import { env } from "cloudflare:test";
import { inject } from "vitest";

/** URL of the workers project's Hrana test server (test/setup/libsql-http.ts), one database for all files. */
export const libsqlHttpUrl = () => inject("libsqlHttpUrl");

/**
 * The test env with TURSO_DATABASE_URL set: a Worker handler given it reaches the database over
 * HTTP through @libsql/client/web, as in production, instead of the D1 binding.
 *   await worker.fetch(request, libsqlEnv(), ctx)
 */
export function libsqlEnv(): Cloudflare.Env {
  return { ...env, TURSO_DATABASE_URL: libsqlHttpUrl() };
}

/** The HTTP database behind the stalling proxy: after `stall(n)`, n more round trips answer, then none do. */
export const stallingDbEnv = (): Cloudflare.Env => ({ ...env, TURSO_DATABASE_URL: inject("stallingDbUrl") });

/** Lets `after` more database round trips through the proxy, then it stops answering; `resume()` undoes it. */
export async function stall(after: number) {
  const res = await fetch(`${inject("stallingDbUrl")}/__stall?after=${after}`, { method: "POST" });
  if (!res.ok) throw new Error(`stalling proxy answered ${res.status}`);
}
export const resume = () => stall(-1);
