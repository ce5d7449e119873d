import { prune } from "../data/prune";
import { createDb } from "../db/client";
import type { Env } from "../env";
import { errorSummary } from "../log/error-summary";

/**
 * The hourly job's pruning: never throws, so it cannot fail the invocation or anything after it. A
 * failure is logged without the values bound to the queries; the next tick tries again.
 */
export async function pruneTables(env: Env, now: number): Promise<void> {
  const label = `[prune] ${new Date(now).toISOString()}`;
  try {
    const pruned = await prune(createDb(env), now);
    if (Object.values(pruned).some((n) => n > 0)) console.log(`${label}: deleted ${JSON.stringify(pruned)}`);
  } catch (err) {
    console.error(`${label} failed: ${errorSummary(err)}`);
  }
}
