import { describe, expect, it } from "vitest";
import { uniqueName } from "../helpers";
import { INTERNALS } from "./surface";

// The probe every security test leans on: it must catch what the drivers really print, and must
// not fire on the test's own generated names (a CI run once failed on "…_1d1_reb1@example.com").
describe("INTERNALS", () => {
  it.each([
    "D1_ERROR: no such table: users",
    "Error: D1_TYPE_ERROR: Type 'undefined' not supported",
    'Failed query: select "id" from "users"',
    "SQLITE_CONSTRAINT: UNIQUE constraint failed",
    "LibsqlError: SERVER_ERROR",
    "    at handler (src/app.ts:10:5)",
    "TypeError: Cannot read properties of undefined",
  ])("catches %j", (text) => expect(text).toMatch(INTERNALS));

  it("does not fire on generated names, whatever their counter and clock", () => {
    for (const counter of ["1d1", "d1", "ad1"]) {
      for (const text of [`fz_mwtf7bw8_${counter}_reb1@example.com`, `user_${counter}_d1_x`, `"Test user_kd1_${counter}_d1ab"`]) {
        expect(text).not.toMatch(INTERNALS);
      }
    }
    for (let i = 0; i < 5000; i++) expect(uniqueName("fz")).not.toMatch(INTERNALS);
  });
});
