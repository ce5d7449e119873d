import { afterEach, describe, expect, it } from "vitest";
import { DB_DEADLINE_MS } from "../src/db/client";
import { UNAVAILABLE_MESSAGE } from "../src/http/errors";
import { call, medicationInput, uniqueIp, uniqueName } from "./helpers";
import { resume, stall, stallingDbEnv } from "./support/libsql-http";

// Turso accepting connections and never answering (the test proxy goes silent): every request
// gives up after DB_DEADLINE_MS and answers 503 with the readable message, instead of hanging
// until the platform kills it.

afterEach(resume);

async function registerOverHttp() {
  const username = uniqueName("deadline");
  const res = await call("POST", "/api/register", {
    env: stallingDbEnv(),
    ip: uniqueIp(),
    body: { username, password: "correct horse battery", email: `${username}@example.com`, fullName: "Deadline", emailConsent: true },
  });
  expect(res.status).toBe(201);
  return /((?:__Host-)?session=[^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")![1]!;
}

const timed = async <T>(run: () => Promise<T>) => {
  const started = Date.now();
  const value = await run();
  return { value, ms: Date.now() - started };
};

describe("a database that stops answering", () => {
  it("API reads and writes answer 503 'Service temporarily unavailable. Please try again.' after the deadline", { timeout: 30_000 }, async () => {
    const cookie = await registerOverHttp();
    await stall(0);
    for (const [method, path, body] of [
      ["GET", "/api/medications", undefined],
      ["POST", "/api/pharmacies", { name: "Corner", phoneNumber: "5551234567" }],
      ["POST", "/api/medications", medicationInput(1)],
    ] as const) {
      const { value: res, ms } = await timed(() => call(method, path, { env: stallingDbEnv(), cookie, body }));
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.body).toEqual({ message: UNAVAILABLE_MESSAGE });
      expect(ms).toBeGreaterThanOrEqual(DB_DEADLINE_MS - 50);
      expect(ms).toBeLessThan(DB_DEADLINE_MS + 2_000);
    }
    expect(UNAVAILABLE_MESSAGE).toBe("Service temporarily unavailable. Please try again.");
  });

  it("a page answers the friendly 503 page after the deadline; once the database answers again, so does the page", { timeout: 30_000 }, async () => {
    const cookie = await registerOverHttp();
    await stall(0);
    const { value: page, ms } = await timed(() => call("GET", "/", { env: stallingDbEnv(), cookie }));
    expect(page.status).toBe(503);
    expect(page.text).toContain("We&#x27;ll be right back");
    expect(ms).toBeLessThan(DB_DEADLINE_MS + 2_000);
    await resume();
    expect((await call("GET", "/", { env: stallingDbEnv(), cookie })).status).toBe(200);
  });
});
