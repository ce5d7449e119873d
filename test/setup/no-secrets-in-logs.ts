import { afterEach, expect } from "vitest";
import { ADDRESS, PUSH_ENDPOINT, PUSH_KEY, TOKEN } from "../../src/log/redact";

// Every line the Worker (or a test) logs during the workers suite is kept, and each test fails if a
// line of its own carried an e-mail address, a token or a password. Logs go to Cloudflare's
// dashboard and to whoever reads them: none of these belong there.

const METHODS = ["log", "info", "warn", "error", "debug"] as const;
// The passwords test/helpers.ts and the tests type; a hash is a password's stand-in.
const PASSWORDS = /correct horse battery|scrypt\$/;

let lines: string[] = [];
const text = (value: unknown) =>
  value instanceof Error ? `${value.message}\n${value.stack ?? ""}` : typeof value === "string" ? value : safeJson(value);
function safeJson(value: unknown) {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

for (const method of METHODS) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    lines.push(args.map(text).join(" "));
    original(...args);
  };
}

afterEach(() => {
  const logged = lines;
  lines = [];
  const leaks = logged.filter(
    (line) => [ADDRESS, TOKEN, PUSH_ENDPOINT, PUSH_KEY].some((pattern) => new RegExp(pattern.source).test(line)) || PASSWORDS.test(line),
  );
  expect(leaks, "log lines with an e-mail address, a token, a password or a push subscription's endpoint or key").toEqual([]);
});
