import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendarFeeds, memberships, users } from "../src/db/schema";
import { todayIn } from "../src/domain/countdown";
import { addDays } from "../src/domain/time";
import { type Account, ageCount, call, createMedication, db, medicationInput, setTimezone, signUp } from "./helpers";
import { addPerson } from "./invites.support";
import { join } from "./people-data.support";

// A calendar feed per person: any member of a person has their own feed of that person under
// /api/profiles/:id/calendar-feed (the routes without the prefix are the account's own person's).
// It lists that person's medications only, names the person in every title, counts "today" on the
// clock of the account that owns the person, and answers 404 once its account is no member.

const feedApi = (personId: number | null) => (personId === null ? "/api/calendar-feed" : `/api/profiles/${personId}/calendar-feed`);
async function subscribe(account: Account, personId: number | null) {
  const res = await call("POST", feedApi(personId), { cookie: account.cookie });
  expect(res.status, res.text).toBe(201);
  return new URL(res.body.url as string).pathname;
}
const fetchFeed = (path: string) => call("GET", path);
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
  return {
    name: calendar.getFirstPropertyValue("x-wr-calname"),
    titles: events.map((e) => e.summary).sort(),
    starts: Object.fromEntries(events.map((e) => [e.uid.split("@")[0], e.startDate.toString()])),
  };
}

/** Dad (owned by `owner`) with one medication, and a caregiver who is a member of Dad as `role`. */
async function dadWithCaregiver(role: "viewer" | "helper" | "manager" = "helper") {
  const owner = await signUp();
  const caregiver = await signUp();
  const dadId = await addPerson(owner, "Dad");
  await join(dadId, caregiver, role, Date.now());
  const pharmacy = await call("POST", `/api/profiles/${dadId}/pharmacies`, {
    cookie: owner.cookie,
    body: { name: "Dad's", phoneNumber: "" },
  });
  const medication = await call("POST", `/api/profiles/${dadId}/medications`, {
    cookie: owner.cookie,
    body: medicationInput(pharmacy.body.id, { name: "Metformin", pillsPerDay: 1, pillsRemaining: 20 }),
  });
  expect(medication.status, medication.text).toBe(201);
  return { owner, caregiver, dadId, medicationId: medication.body.id as number };
}

describe("a calendar feed per person", () => {
  it("a feed for Dad lists Dad's medications, each titled with his name, and not the subscriber's own", async () => {
    const { caregiver, dadId } = await dadWithCaregiver("viewer");
    await createMedication(caregiver, { name: "My own pills" });
    expect((await call("GET", feedApi(dadId), { cookie: caregiver.cookie })).body).toEqual({ enabled: false });
    const dadFeed = await subscribe(caregiver, dadId);
    expect((await call("GET", feedApi(dadId), { cookie: caregiver.cookie })).body).toEqual({ enabled: true });
    // The account's own feed is another subscription, still off.
    expect((await call("GET", feedApi(null), { cookie: caregiver.cookie })).body).toEqual({ enabled: false });

    const dad = await fetchFeed(dadFeed);
    expect(dad.status, dad.text).toBe(200);
    expect(parsed(dad.text)).toMatchObject({
      name: "Medication refills: Dad",
      titles: ["Dad: Metformin runs out", "Dad: Refill Metformin"],
    });
    expect(dad.text).not.toContain("My own pills");

    // The subscriber's own feed: only their own medication, without a name in front.
    const own = parsed((await fetchFeed(await subscribe(caregiver, null))).text);
    expect(own).toMatchObject({ name: "Medication refills", titles: ["My own pills runs out", "Refill My own pills"] });
    // Both feeds live side by side: making one did not replace the other.
    expect((await fetchFeed(dadFeed)).status).toBe(200);
    const rows = await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, caregiver.id));
    expect(rows).toHaveLength(2);
  });

  it("is written in the subscriber's language and counts today on the person's clock", async () => {
    const { owner, caregiver, dadId, medicationId } = await dadWithCaregiver();
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are never on the same date. Dad lives in the
    // first (his own zone, set by his owner), his owner and caregiver in the second.
    const zoned = await call("PATCH", `/api/profiles/${dadId}`, { cookie: owner.cookie, body: { timeZone: "Pacific/Kiritimati" } });
    expect(zoned.status).toBe(200);
    await setTimezone(owner, "Pacific/Pago_Pago");
    await setTimezone(caregiver, "Pacific/Pago_Pago");
    await db().update(users).set({ locale: "de-DE", notificationDays: 5 }).where(eq(users.id, caregiver.id));
    // Counted 30 days ago, 20 tablets at one a day: none left, it runs out "today", whose today decides.
    await ageCount(medicationId, 30);
    const feed = parsed((await fetchFeed(await subscribe(caregiver, dadId))).text);
    expect(feed.titles).toEqual(["Dad: Metformin geht aus", "Dad: Metformin nachbestellen"]);
    const dadsToday = todayIn("Pacific/Kiritimati");
    expect(dadsToday).not.toBe(todayIn("Pacific/Pago_Pago"));
    expect(feed.starts).toEqual({ [`runs-out-${medicationId}`]: dadsToday, [`refill-${medicationId}`]: addDays(dadsToday, -5) });
  });

  it("a removed member's feed answers 404 on its next fetch, and so does one that left; a new member starts without one", async () => {
    const { owner, caregiver, dadId } = await dadWithCaregiver();
    const leaver = await signUp();
    await join(dadId, leaver, "viewer", Date.now());
    const removedFeed = await subscribe(caregiver, dadId);
    const leaverFeed = await subscribe(leaver, dadId);
    expect((await fetchFeed(removedFeed)).status).toBe(200);

    expect((await call("DELETE", `/api/profiles/${dadId}/members/${caregiver.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await call("DELETE", `/api/profiles/${dadId}/members/${leaver.id}`, { cookie: leaver.cookie })).status).toBe(204);
    for (const path of [removedFeed, leaverFeed]) {
      const gone = await fetchFeed(path);
      expect(gone.status).toBe(404);
      expect(gone.text).not.toContain("Metformin");
    }
    // The removal's batch took the rows too.
    expect(await db().select().from(calendarFeeds).where(eq(calendarFeeds.personId, dadId))).toEqual([]);
    // Invited again, the caregiver's old URL stays dead: a feed is made anew.
    await join(dadId, caregiver, "helper", Date.now());
    expect((await fetchFeed(removedFeed)).status).toBe(404);
    expect((await call("GET", feedApi(dadId), { cookie: caregiver.cookie })).body).toEqual({ enabled: false });
  });

  it("the feed's own read checks the membership: a feed row left behind by a membership ended elsewhere answers 404", async () => {
    const { caregiver, dadId } = await dadWithCaregiver();
    const path = await subscribe(caregiver, dadId);
    // Not through the members API: the membership ends and the feed row stays.
    await db()
      .delete(memberships)
      .where(and(eq(memberships.personId, dadId), eq(memberships.userId, caregiver.id)));
    expect(await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, caregiver.id))).toHaveLength(1);
    expect((await fetchFeed(path)).status).toBe(404);
  });

  it("a deleted person's feeds answer 404 and are gone", async () => {
    const { owner, caregiver, dadId } = await dadWithCaregiver();
    const caregiverFeed = await subscribe(caregiver, dadId);
    const ownerFeed = await subscribe(owner, dadId);
    expect((await call("DELETE", `/api/profiles/${dadId}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await fetchFeed(caregiverFeed)).status).toBe(404);
    expect((await fetchFeed(ownerFeed)).status).toBe(404);
    expect(await db().select().from(calendarFeeds).where(eq(calendarFeeds.personId, dadId))).toEqual([]);
  });

  it("a stranger's POST /api/profiles/:id/calendar-feed answers 404 and writes nothing; GET and DELETE too", async () => {
    const { dadId } = await dadWithCaregiver();
    const stranger = await signUp();
    for (const method of ["POST", "GET", "DELETE"]) {
      const res = await call(method, feedApi(dadId), { cookie: stranger.cookie });
      expect([res.status, res.body]).toEqual([404, { message: "That person was not found.", code: "error_profile_not_found" }]);
    }
    expect(await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, stranger.id))).toEqual([]);
  });

  it("changing the password removes every feed of the account, another person's included", async () => {
    const { caregiver, dadId } = await dadWithCaregiver();
    const dadFeed = await subscribe(caregiver, dadId);
    const ownFeed = await subscribe(caregiver, null);
    const res = await call("PUT", "/api/user/password", {
      cookie: caregiver.cookie,
      body: { currentPassword: caregiver.password, newPassword: "taken back for good", confirmPassword: "taken back for good" },
    });
    expect(res.status, res.text).toBe(200);
    expect([(await fetchFeed(dadFeed)).status, (await fetchFeed(ownFeed)).status]).toEqual([404, 404]);
    expect(await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, caregiver.id))).toEqual([]);
  });

  it("the person's settings page offers the member's own feed, naming the person", async () => {
    const { caregiver, dadId } = await dadWithCaregiver("viewer");
    const page = await call("GET", `/p/${dadId}/people`, { cookie: caregiver.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Calendar for <bdi>Dad</bdi>");
    expect(page.text).toContain(`"person":{"id":${dadId},"name":"Dad","self":false}`);
  });

  it("the data export lists each feed with its person; deleting the account removes them", async () => {
    const { caregiver, dadId } = await dadWithCaregiver();
    await subscribe(caregiver, dadId);
    const exported = await call("GET", "/api/user/export", { cookie: caregiver.cookie });
    expect(exported.status).toBe(200);
    const text = exported.text;
    const data = JSON.parse(text);
    expect(data.calendarFeed).toEqual([{ userId: caregiver.id, personId: dadId, createdAt: expect.any(Number) }]);
    const deleted = await call("DELETE", "/api/user", { cookie: caregiver.cookie, body: { currentPassword: caregiver.password } });
    expect(deleted.status).toBe(200);
    expect(await db().select().from(calendarFeeds).where(eq(calendarFeeds.personId, dadId))).toEqual([]);
  });
});
