import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { medications, users } from "../src/db/schema";
import { todayIn } from "../src/domain/countdown";
import { addDays } from "../src/domain/time";
import { formatDate } from "../src/shared/format";
import { ageCount, call, createMedication, createPharmacy, db, setTimezone, signUp } from "./helpers";

// /medications/print as the server renders it (no JavaScript needed); the real browser's print
// rendering is test/e2e/print.test.ts.

/** The table's rows as text cells. */
function tableRows(html: string): string[][] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'")),
  );
}

describe("printable list", () => {
  it("shows the patient, the day it was printed and every medication with its countdown and pharmacy", async () => {
    const account = await signUp({ fullName: "Ana Núñez" });
    await setTimezone(account, "Pacific/Kiritimati");
    await db().update(users).set({ birthdate: "1950-03-09" }).where(eq(users.id, account.id));
    const pharmacy = await createPharmacy(account, { name: "Corner Drugs", phoneNumber: "2125550100" });
    const metformin = await createMedication(account, {
      pharmacyId: pharmacy.id,
      name: "Metformin",
      pillsPerDay: 2,
      pillsRemaining: 61,
      pillsPerRefill: 60,
      lastRefillDate: "2026-01-05",
    });
    await ageCount(metformin.id, 2);
    await createMedication(account, { pharmacyId: pharmacy.id, name: "aspirin", pillsPerDay: 0.5, pillsRemaining: 10, pillsPerRefill: 30 });

    const page = await call("GET", "/medications/print", { cookie: account.cookie });
    expect(page.status).toBe(200);
    const today = todayIn("Pacific/Kiritimati");
    expect(page.text).toContain("Ana Núñez");
    expect(page.text).toContain("Mar 9, 1950");
    expect(page.text).toContain(`Printed on ${formatDate(today)}`);
    expect(page.text).toContain("@media print");
    expect(page.text).not.toContain("Refills left");
    // The number as every page shows it, dialled as E.164, left to right in any language.
    expect(page.text).toContain('<a href="tel:+12125550100" dir="ltr" class="text-inherit no-underline">+1 212 555 0100</a>');
    // 61 - 2 × 2 = 57 pills at 2 a day: 28 days; 10 pills at 0.5 a day: 20 days. Both added today:
    // no dose was due before today and none was logged, so 'Taken (30 days)' has nothing to count.
    expect(tableRows(page.text)).toEqual([
      [
        "aspirin",
        "0.5 tablets daily",
        "10 tablets",
        formatDate(addDays(today, 20)),
        "Not available",
        "Corner Drugs",
        "+1 212 555 0100",
        "—",
      ],
      ["Metformin", "2 tablets daily", "57 tablets", formatDate(addDays(today, 28)), "Jan 5, 2026", "Corner Drugs", "+1 212 555 0100", "—"],
    ]);
  });

  it("adds refills left and prescription expiry where tracked", async () => {
    const account = await signUp();
    const tracked = await createMedication(account, { name: "A tracked" });
    await createMedication(account, { name: "B untracked" });
    await db().update(medications).set({ refillsLeft: 2, prescriptionExpiresOn: "2027-06-30" }).where(eq(medications.id, tracked.id));
    const page = await call("GET", "/medications/print", { cookie: account.cookie });
    expect(page.text).toContain("Refills left");
    expect(page.text).toContain("Prescription expires");
    const [a, b] = tableRows(page.text);
    expect(a!.slice(5, 7)).toEqual(["2", "Jun 30, 2027"]);
    expect(b!.slice(5, 7)).toEqual(["—", "—"]);
  });

  it("shows only the signed-in user's medications and sends others to sign in", async () => {
    const owner = await signUp();
    await createMedication(owner, { name: "Owner's secret med" });
    const other = await signUp();
    const page = await call("GET", "/medications/print", { cookie: other.cookie });
    expect(page.text).not.toContain("secret med");
    expect(page.text).toContain("No medications yet.");
    const anonymous = await call("GET", "/medications/print");
    expect([anonymous.status, anonymous.headers.get("Location")]).toEqual([302, "/auth?next=%2Fmedications%2Fprint"]);
  });
});
