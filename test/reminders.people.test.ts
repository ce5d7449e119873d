import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { medications, memberships, notifications, people, type Role } from "../src/db/schema";
import { reminderPush } from "../src/push/message";
import { db } from "./helpers";
import {
  addMedication,
  at,
  deleteCreatedPeople,
  deleteCreatedUsers,
  makeUser,
  mockPostmark,
  tick,
  type ReminderUser,
} from "./reminders-fixtures";

// The daily reminder covers every person the account owns, manages or helps, and a person it only
// views when that membership's remind_me is on: one e-mail a day, the own medications first as
// always, each other person's under their name. Each member is claimed and recorded on its own.

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

const NINE_NY = "2025-01-14T14:00:00Z"; // 09:00 in New York
const settings = { timezone: "America/New_York", hour: 9, savedAt: "2025-01-14T12:00:00Z" };

/** "Dad": a person without an account, owned by `owner`, with one medication `daysLeft` from running out. */
async function dadOf(owner: ReminderUser, daysLeft = 3, name = "Dad") {
  const [dad] = await db()
    .insert(people)
    .values({ name, createdAt: at(settings.savedAt) })
    .returning({ id: people.id });
  made.push(dad.id);
  await join(dad.id, owner, "owner");
  const medicationId = await addMedication(owner.id, { name: "Warfarin", pillsRemaining: daysLeft, countedOn: "2025-01-14" });
  await db().update(medications).set({ personId: dad.id }).where(eq(medications.id, medicationId));
  return { id: dad.id, medicationId };
}

const join = (personId: number, user: ReminderUser, role: Role, remindMe = false) =>
  db()
    .insert(memberships)
    .values({ personId, userId: user.id, role, remindMe, createdAt: at(settings.savedAt) });

const textTo = (user: ReminderUser) => postmark.messagesTo(user.email).map((m) => m.TextBody);

describe("the daily reminder, grouped by person", () => {
  it("groups two people in one e-mail: the account's own medications first, then Dad's under his name", async () => {
    const me = await makeUser(settings);
    await addMedication(me.id, { name: "Metformin", pillsRemaining: 2, countedOn: "2025-01-14" });
    await dadOf(me, 3);
    await tick(NINE_NY);
    const [message] = postmark.messagesTo(me.email);
    expect(postmark.attempted(me.email)).toBe(1);
    const text = message!.TextBody;
    expect(text.indexOf("Metformin")).toBeGreaterThan(-1);
    expect(text.indexOf("\u2068Dad\u2069\n===")).toBeGreaterThan(text.indexOf("Metformin"));
    expect(text.indexOf("Warfarin")).toBeGreaterThan(text.indexOf("Dad"));
    expect(message!.HtmlBody).toMatch(/<h2[^>]*><bdi>Dad<\/bdi><\/h2>/);
    // Both need a refill within the week: the subject counts both people's.
    expect(message!.Subject).toContain("2 medications");
  });

  it("an e-mail goes for Dad's medication alone when the account's own need nothing", async () => {
    const me = await makeUser(settings);
    await addMedication(me.id, { name: "Metformin", pillsRemaining: 90, countedOn: "2025-01-14" });
    await dadOf(me, 2);
    await tick(NINE_NY);
    expect(postmark.delivered(me.email)).toBe(1);
    expect(textTo(me)[0]).toContain("Warfarin");
  });

  it("a viewer without remind_me gets none of the person's items; with it, gets them", async () => {
    const owner = await makeUser(settings);
    const dad = await dadOf(owner, 2);
    const quiet = await makeUser(settings);
    const opted = await makeUser(settings);
    await join(dad.id, quiet, "viewer", false);
    await join(dad.id, opted, "viewer", true);
    await tick(NINE_NY);
    expect(postmark.attempted(quiet.email)).toBe(0);
    expect(postmark.delivered(opted.email)).toBe(1);
    expect(textTo(opted)[0]).toContain("Warfarin");
  });

  it("a helper and a manager each get the person's items, claimed and recorded once per account", async () => {
    const owner = await makeUser(settings);
    const dad = await dadOf(owner, 2);
    const helper = await makeUser(settings);
    const manager = await makeUser(settings);
    await join(dad.id, helper, "helper");
    await join(dad.id, manager, "manager");
    await tick(NINE_NY);
    await tick("2025-01-14T15:00:00Z"); // a later tick of the same day sends nothing more
    for (const user of [owner, helper, manager]) {
      expect(postmark.delivered(user.email)).toBe(1);
      expect(textTo(user)[0]).toContain("Warfarin");
      const records = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.medicationId, dad.medicationId)));
      expect(records).toHaveLength(1);
    }
  });

  it("a removed member stops getting the person's items from the next reminder on", async () => {
    const owner = await makeUser(settings);
    const dad = await dadOf(owner, 5);
    const helper = await makeUser(settings);
    await join(dad.id, helper, "helper");
    await tick(NINE_NY);
    expect(postmark.delivered(helper.email)).toBe(1);
    await db()
      .delete(memberships)
      .where(and(eq(memberships.personId, dad.id), eq(memberships.userId, helper.id)));
    await tick("2025-01-15T14:00:00Z");
    expect(postmark.attempted(helper.email)).toBe(1);
    expect(postmark.delivered(owner.email)).toBe(2);
  });
});

describe("the daily reminder push names the people", () => {
  const dad = { person: "Dad", items: [{ name: "Metformin", daysLeft: 3 }] };
  it("one item of Dad's: 'Dad: Metformin runs out in 3 days' with names shown; the person and a count without", () => {
    expect(reminderPush({ locale: null, pushShowNames: true }, [], [dad]).body).toBe(
      "\u2068Dad\u2069: \u2068Metformin\u2069 runs out in 3 days",
    );
    expect(reminderPush({ locale: null, pushShowNames: false }, [], [dad]).body).toBe("\u2068Dad\u2069: 1 medication needs a refill soon");
  });

  it("the own medications first as always, then one line per other person", () => {
    const mom = {
      person: "Mom",
      items: [
        { name: "Aspirin", daysLeft: 1 },
        { name: "Statin", daysLeft: 5 },
      ],
    };
    expect(reminderPush({ locale: null, pushShowNames: false }, [{ name: "Ramipril" }], [dad, mom]).body).toBe(
      "1 medication needs a refill soon\n\u2068Dad\u2069: 1 medication needs a refill soon\n\u2068Mom\u2069: 2 medications need a refill soon",
    );
  });
});
