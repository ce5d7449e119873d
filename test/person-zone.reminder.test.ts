import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { medications, memberships, people } from "../src/db/schema";
import { db } from "./helpers";
import { addMedication, at, deleteCreatedPeople, deleteCreatedUsers, makeUser, mockPostmark, tick } from "./reminders-fixtures";

// The daily reminder goes at the receiving account's hour in its zone, but each other person's
// items count days from that person's today. 21:00 UTC on 14 January 2025 is 13:00 on the 14th in
// Los Angeles (the daughter's reminder hour) and 10:00 on the 15th in Auckland (Dad's day).

let postmark: ReturnType<typeof mockPostmark>;
const made: number[] = [];
beforeEach(() => {
  postmark = mockPostmark();
});
afterEach(async () => {
  postmark.restore();
  await deleteCreatedUsers();
  await deleteCreatedPeople(made);
});

const TICK = "2025-01-14T21:00:00Z";

describe("the daily reminder about a person in another zone", () => {
  it("counts Dad's supply from his today in Auckland, not from his daughter's in Los Angeles", async () => {
    const daughter = await makeUser({ timezone: "America/Los_Angeles", hour: 13, savedAt: "2025-01-14T12:00:00Z", days: 7 });
    const [dad] = await db()
      .insert(people)
      .values({ name: "Dad", createdAt: at(TICK), timezone: "Pacific/Auckland" })
      .returning({ id: people.id });
    made.push(dad!.id);
    await db()
      .insert(memberships)
      .values({ personId: dad!.id, userId: daughter.id, role: "owner", createdAt: at(TICK) });
    // 8 tablets on the 14th at one a day: 8 days left on the 14th (beyond the week), 7 on the 15th.
    const medicationId = await addMedication(daughter.id, { name: "Warfarin", pillsRemaining: 8, countedOn: "2025-01-14" });
    await db().update(medications).set({ personId: dad!.id }).where(eq(medications.id, medicationId));
    await tick(TICK);
    expect(postmark.delivered(daughter.email)).toBe(1);
    const [message] = postmark.messagesTo(daughter.email);
    expect(message!.TextBody).toContain("Warfarin");
  });
});
