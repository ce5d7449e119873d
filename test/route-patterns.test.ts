import { describe, expect, it } from "vitest";
import { accountWithMedication, call } from "./helpers";

// Routes that could clash say so in their pattern, not in the order they are mounted: an `:id` is
// digits (`:id{[0-9]+}`), so a word beside it ('export.csv', 'print', 'refill') is its own route
// whichever is mounted first (src/app.tsx mounts the word routes last on purpose), and a path that
// is no id at all is no route: 404, as an unknown id is.

const NOT_FOUND = { message: "Not found", code: "error_not_found" };

describe("route patterns, not route order", () => {
  it("the words beside an :id reach their own routes", async () => {
    const { account, medication } = await accountWithMedication();
    const csv = await call("GET", "/api/medications/export.csv", { cookie: account.cookie });
    expect([csv.status, csv.headers.get("Content-Type")]).toEqual([200, "text/csv; charset=utf-8; header=present"]);
    const print = await call("GET", "/medications/print", { cookie: account.cookie });
    expect(print.status).toBe(200);
    expect(print.text).toContain(medication.name);
    const refill = await call("POST", "/api/medications/refill", {
      cookie: account.cookie,
      body: { medicationId: medication.id, pillsToAdd: 1 },
    });
    expect(refill.status).toBe(200);
  });

  it("a path that is no id is 404 on every route with an :id, in the request's language", async () => {
    const { account } = await accountWithMedication();
    const answers = await Promise.all(
      [
        ["GET", "/api/medications/abc"],
        ["PATCH", "/api/medications/abc"],
        ["DELETE", "/api/medications/export.csv"],
        ["GET", "/api/medications/refill"],
        ["GET", "/api/medications/1.5/history"],
        ["POST", "/api/medications/-1/undo-refill"],
        ["PUT", "/api/medications/abc/pause"],
        ["DELETE", "/api/medications/abc/pause"],
        ["PATCH", "/api/pharmacies/abc"],
        ["DELETE", "/api/pharmacies/1e3"],
        ["POST", "/api/pharmacies/abc/merge"],
        ["DELETE", "/api/push/subscriptions/abc"],
      ].map(async ([method, path]) => {
        const res = await call(method!, path!, { cookie: account.cookie, body: method === "GET" || method === "DELETE" ? undefined : {} });
        return [method, path, res.status, res.body];
      }),
    );
    expect(answers).toEqual(answers.map(([method, path]) => [method, path, 404, NOT_FOUND]));
    const german = await call("GET", "/api/medications/abc", { cookie: `${account.cookie}; lang=de` });
    expect([german.status, german.body.code]).toEqual([404, "error_not_found"]);
    expect(german.body.message).not.toBe(NOT_FOUND.message);
    expect((await call("GET", "/medications/abc", { cookie: account.cookie })).status).toBe(404);
  });

  it("an id of digits that is no id (0, too long) is still the route's own 400", async () => {
    const { account } = await accountWithMedication();
    for (const id of ["0", "99999999999999999999"]) {
      const res = await call("GET", `/api/medications/${id}`, { cookie: account.cookie });
      expect([res.status, res.body]).toEqual([400, { message: "Invalid medication id", code: "field_medication_id_invalid" }]);
    }
  });
});
