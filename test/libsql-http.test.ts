import { createClient } from "@libsql/client/web";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../src/index";
import { libsqlEnv, libsqlHttpUrl } from "./support/libsql-http";

// The Worker on its production database path: TURSO_DATABASE_URL set, so every query goes through
// @libsql/client/web, over HTTP from workerd, to the Hrana test server (test/setup/libsql-http.ts).

/** One request to the real Worker with the HTTP-database env, as workerd would dispatch it. */
async function call(method: string, path: string, options: { body?: unknown; cookie?: string } = {}) {
  const headers = new Headers();
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  if (options.cookie) headers.set("Cookie", options.cookie);
  const request = new Request(`http://localhost${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: "manual",
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, libsqlEnv(), ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

describe("the Worker over libSQL's HTTP protocol", () => {
  it("reaches the test server from workerd", async () => {
    const res = await fetch(`${libsqlHttpUrl()}/v2`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Hrana");
  });

  it("registers, adds a pharmacy and a medication, lists it and renders the dashboard", async () => {
    const username = unique("http");
    const registered = await call("POST", "/api/register", {
      body: {
        username,
        password: "correct horse battery",
        email: `${username}@example.com`,
        fullName: "Over HTTP",
        emailConsent: true,
        healthDataConsent: true,
      },
    });
    expect(registered.status).toBe(201);
    const cookie = /(?:^|,\s*)((?:__Host-)?session=[^;]+)/.exec(registered.headers.get("Set-Cookie") ?? "")?.[1];
    expect(cookie).toBeDefined();

    const pharmacy = await call("POST", "/api/pharmacies", { cookie, body: { name: "Corner Pharmacy", phoneNumber: "2125551234" } });
    expect(pharmacy.status).toBe(201);
    const { id: pharmacyId } = (await pharmacy.json()) as { id: number };

    const medication = await call("POST", "/api/medications", {
      cookie,
      body: { name: "Metformin", pharmacyId, pillsPerDay: 1, pillsRemaining: 30, pillsPerRefill: 30, lastRefillDate: "" },
    });
    expect(medication.status).toBe(201);

    const list = await call("GET", "/api/medications", { cookie });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([expect.objectContaining({ name: "Metformin", pharmacyId, pillsRemaining: 30 })]);

    const dashboard = await call("GET", "/", { cookie });
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get("Content-Type")).toContain("text/html");
    expect(await dashboard.text()).toContain("Metformin");

    // The rows are in the HTTP server's database, not in D1: the requests really took the libSQL path.
    const client = createClient({ url: libsqlHttpUrl() });
    try {
      const { rows } = await client.execute({
        sql: "SELECT m.name FROM medications m JOIN users u ON u.id = m.user_id WHERE u.username = ?",
        args: [username],
      });
      expect(rows.map((row) => row.name)).toEqual(["Metformin"]);
    } finally {
      client.close();
    }
    expect(await env.DB.prepare("SELECT id FROM users WHERE username = ?").bind(username).first()).toBeNull();
  });
});
