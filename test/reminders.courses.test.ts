import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { medications } from "../src/db/schema";
import { addDays } from "../src/domain/time";
import { db } from "./helpers";
import { addMedication, deleteCreatedUsers, makeUser, mockPostmark, tick } from "./reminders-fixtures";

// A medication past its last day (a course's end, or a plain endsOn) is not taken any more: the
// hourly job does not remind about it, however little is left; a course still running says its next
// step in the e-mail.

let postmark: ReturnType<typeof mockPostmark>;
beforeEach(() => {
  postmark = mockPostmark();
});
afterEach(async () => {
  postmark.restore();
  await deleteCreatedUsers();
});

const daily = (dose: number) => ({ type: "daily", dose });
const setRegimen = (id: number, regimen: object) =>
  db()
    .update(medications)
    .set({ regimen: JSON.stringify(regimen) })
    .where(eq(medications.id, id));

describe("reminders and a course's end", () => {
  it("no reminder after the end: 2 tablets left of a course that ended yesterday send nothing", async () => {
    const user = await makeUser({ timezone: "UTC", hour: 9, savedAt: "2025-03-01T00:00:00Z" });
    const id = await addMedication(user.id, { pillsRemaining: 2, countedOn: "2025-03-10" });
    await setRegimen(id, { changes: [{ effectiveFrom: "2025-03-01", schedule: daily(1) }], pauses: [], endsOn: "2025-03-09" });
    await tick("2025-03-10T09:00:00Z");
    expect(postmark.attempted(user.email)).toBe(0);
  });

  it("a course still running is reminded, and the e-mail names its next step and its last day", async () => {
    const user = await makeUser({ timezone: "UTC", hour: 9, savedAt: "2025-03-01T00:00:00Z" });
    const id = await addMedication(user.id, { pillsRemaining: 5, countedOn: "2025-03-10" });
    await setRegimen(id, {
      changes: [
        { effectiveFrom: "2025-03-08", schedule: daily(3) },
        { effectiveFrom: "2025-03-15", schedule: daily(2) },
      ],
      pauses: [],
      endsOn: addDays("2025-03-15", 6),
      courseFrom: "2025-03-08",
    });
    await tick("2025-03-10T09:00:00Z");
    expect(postmark.delivered(user.email)).toBe(1);
    const [message] = postmark.messagesTo(user.email);
    expect(message!.TextBody).toContain("Course: Then 2 tablets daily from Mar 15; ends Mar 21");
    expect(message!.HtmlBody).toContain("Course: Then 2 tablets daily from Mar 15; ends Mar 21");
  });
});
