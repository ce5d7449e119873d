import { redact } from "./redact";

// Log lines for failures, shared by requests (src/http) and the jobs (src/reminders,
// src/maintenance), which never import the HTTP layer.

/** The error and its causes, outermost first (at most 5). */
export function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = err; e !== undefined && e !== null && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/**
 * One log line per failure, without the values bound to a query: Drizzle's message carries the
 * parameters (password hashes, e-mail addresses, session ids), which must not reach the logs.
 */
export function errorSummary(err: unknown): string {
  const parts: string[] = [];
  for (const e of causeChain(err)) {
    if (!(e instanceof Error)) {
      parts.push(typeof e);
      continue;
    }
    const query = (e as { query?: unknown }).query;
    if (typeof query === "string") {
      parts.push(`database query failed: ${query}`);
      continue;
    }
    parts.push(`${e.name}: ${e.message.split("\n")[0]}`);
  }
  const stack =
    err instanceof Error
      ? (err.stack ?? "")
          .split("\n")
          .filter((line) => /^\s+at /.test(line))
          .slice(0, 8)
      : [];
  // A driver's or provider's own message may still quote an address or a token.
  return redact([parts.join(" ← caused by "), ...stack].join("\n"));
}
