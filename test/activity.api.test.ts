import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACTIVITY_LIMIT, ACTIVITY_RETENTION } from "../src/data/activity";
import { prune } from "../src/data/prune";
import { activity, memberships } from "../src/db/schema";
import { todayIn } from "../src/domain/time";
import { CSV_COLUMNS } from "../src/shared/import-schemas";
import { type Account, call, db, medicationInput, setTimezone, signUp } from "./helpers";
import { accept, addPerson, invite } from "./invites.support";

// A person's activity record: each change writes its entry in its own batch, with who did it and
// what it was about, and a refused or no-op change writes none. GET …/activity (owner and managers;
// the roles are in test/profiles.access.test.ts) answers the last year, newest first, worded in the
// reader's language, and never an address, a password or a token.

const DAY = 86_400_000;
const at = (personId: number, path: string) => `/api/profiles/${personId}${path}`;
const entriesOf = (personId: number) => db().select().from(activity).where(eq(activity.personId, personId)).orderBy(activity.id);
const as = (account: Account, method: string, path: string, body?: unknown) => call(method, path, { cookie: account.cookie, body });
const expectStatus = (res: { status: number; text: string }, status: number) => expect(res.status, res.text).toBe(status);

/** Dad, owned by `owner`, with a pharmacy and the medication "Metformin" (added by the owner). */
async function dadWithMedication(owner: Account) {
  const dadId = await addPerson(owner);
  const pharmacy = await as(owner, "POST", at(dadId, "/pharmacies"), { name: "Corner", phoneNumber: "" });
  expectStatus(pharmacy, 201);
  const medication = await as(owner, "POST", at(dadId, "/medications"), medicationInput(pharmacy.body.id, { name: "Metformin" }));
  expectStatus(medication, 201);
  return { dadId, pharmacyId: pharmacy.body.id as number, medicationId: medication.body.id as number };
}

describe("the activity record", () => {
  it("records each kind of change with its actor and subject, newest first, in the reader's language", async () => {
    const owner = await signUp({ fullName: "Olga Owner" });
    const helper = await signUp({ fullName: "Hugo Helper", confirmed: true });
    const leaver = await signUp({ fullName: "Lea Leaver" });
    const removed = await signUp({ fullName: "Rémi Removed" });
    for (const account of [owner, helper]) await setTimezone(account, "UTC");
    const today = todayIn("UTC");
    const { dadId, pharmacyId, medicationId } = await dadWithMedication(owner);
    const edited = await as(
      owner,
      "PATCH",
      at(dadId, `/medications/${medicationId}`),
      medicationInput(pharmacyId, { name: "Metformin XR" }),
    );
    expectStatus(edited, 200);
    expectStatus(await as(owner, "PUT", at(dadId, `/medications/${medicationId}/pause`), { pausedFrom: today, pausedUntil: null }), 200);
    expectStatus(await as(owner, "DELETE", at(dadId, `/medications/${medicationId}/pause`)), 200);
    // The helper joins by invitation, then refills, undoes it, logs doses and undoes one.
    expectStatus(await accept(helper, await invite(owner, dadId, helper.email, "helper")), 200);
    const refill = await as(helper, "POST", at(dadId, "/medications/refill"), { medicationId, pillsToAdd: 10 });
    expectStatus(refill, 200);
    expectStatus(await as(helper, "POST", at(dadId, `/medications/${medicationId}/undo-refill`), { refillId: refill.body.refillId }), 200);
    const doses = await as(helper, "POST", at(dadId, "/doses"), {
      doses: [
        { clientId: "a-taken", medicationId, date: today, at: null, status: "taken" },
        { clientId: "a-extra", medicationId, kind: "extra", amount: 1 },
      ],
    });
    expectStatus(doses, 200);
    expectStatus(await as(helper, "DELETE", at(dadId, `/doses/${doses.body.events[0].eventId}`)), 200);
    const skipped = await as(helper, "POST", at(dadId, "/doses"), {
      doses: [{ clientId: "a-skip", medicationId, date: today, at: null, status: "skipped" }],
    });
    expectStatus(skipped, 200);
    const csv = [CSV_COLUMNS.join(","), "Aspirin,1,30,30,,Corner,,,", "Lisinopril,1,30,30,,Corner,,,"].join("\r\n");
    const imported = await call("POST", at(dadId, "/medications/import"), { cookie: owner.cookie, rawBody: csv, contentType: "text/csv" });
    expectStatus(imported, 201);
    // Members: a role changed, one removed, one leaving.
    const now = Date.now();
    for (const account of [leaver, removed])
      await db().insert(memberships).values({ personId: dadId, userId: account.id, role: "viewer", createdAt: now });
    expectStatus(await as(owner, "PATCH", at(dadId, `/members/${helper.id}`), { role: "manager" }), 200);
    expectStatus(await as(owner, "DELETE", at(dadId, `/members/${removed.id}`)), 204);
    expectStatus(await as(leaver, "DELETE", at(dadId, `/members/${leaver.id}`)), 204);
    expectStatus(await as(owner, "DELETE", at(dadId, `/medications/${medicationId}`)), 204);
    // Signing out everywhere (another session of the owner's ends) is recorded on each of its people.
    expectStatus(await call("POST", "/api/login", { body: { username: owner.username, password: owner.password } }), 200);
    const signedOut = await as(owner, "DELETE", "/api/user/sessions");
    expect(signedOut.body).toEqual({ ended: 1 });

    const res = await as(owner, "GET", at(dadId, "/activity"));
    expectStatus(res, 200);
    const seen = res.body.map((e: { kind: string; actor: { name: string; self: boolean }; subject: string | null }) => [
      e.kind,
      e.actor.name,
      e.actor.self,
      e.subject,
    ]);
    expect(seen).toEqual(
      [
        ["medication_added", "Olga Owner", true, "Metformin"],
        ["medication_changed", "Olga Owner", true, "Metformin XR"],
        ["medication_paused", "Olga Owner", true, "Metformin XR"],
        ["medication_resumed", "Olga Owner", true, "Metformin XR"],
        ["member_invited", "Olga Owner", true, "helper"],
        ["member_joined", "Hugo Helper", false, "helper"],
        ["refill_recorded", "Hugo Helper", false, "Metformin XR"],
        ["refill_undone", "Hugo Helper", false, "Metformin XR"],
        ["dose_taken", "Hugo Helper", false, "Metformin XR"],
        ["dose_extra", "Hugo Helper", false, "Metformin XR"],
        ["dose_undone", "Hugo Helper", false, "Metformin XR"],
        ["dose_skipped", "Hugo Helper", false, "Metformin XR"],
        ["medications_imported", "Olga Owner", true, "2"],
        ["member_role_changed", "Olga Owner", true, "Hugo Helper"],
        ["member_removed", "Olga Owner", true, "Rémi Removed"],
        ["member_left", "Lea Leaver", false, "Lea Leaver"],
        ["medication_deleted", "Olga Owner", true, "Metformin XR"],
        ["signed_out_everywhere", "Olga Owner", true, null],
      ].reverse(),
    );
    expect(res.body[0]).toEqual({
      at: expect.any(Number),
      actor: { name: "Olga Owner", self: true },
      kind: "signed_out_everywhere",
      subject: null,
      text: "\u2068Olga Owner\u2069 signed out on every other device",
    });
    const texts = res.body.map((e: { text: string }) => e.text);
    expect(texts).toContain("\u2068Hugo Helper\u2069 recorded a refill of \u2068Metformin XR\u2069");
    expect(texts).toContain("\u2068Olga Owner\u2069 imported 2 medications");
    expect(texts).toContain("\u2068Olga Owner\u2069 invited someone as a helper");
    // The owner's own person got the sign-out too; the manager (the former helper) reads Dad's in German.
    expect((await as(owner, "GET", "/api/activity")).body.map((e: { kind: string }) => e.kind)).toEqual(["signed_out_everywhere"]);
    const german = await call("GET", at(dadId, "/activity"), { cookie: helper.cookie, headers: { "Accept-Language": "de" } });
    expectStatus(german, 200);
    expect(german.body[0].text).toBe("\u2068Olga Owner\u2069 hat sich auf allen anderen Geräten abgemeldet");
    expect(german.body.find((e: { kind: string }) => e.kind === "member_joined").actor).toEqual({ name: "Hugo Helper", self: true });

    // Never an address, a password or a token, in the answer or in the table.
    const stored = JSON.stringify(await entriesOf(dadId));
    const token = await invite(owner, dadId, "someone.else@example.com", "viewer");
    for (const text of [res.text, german.text, stored, JSON.stringify(await entriesOf(dadId))]) {
      for (const secret of [owner.email, helper.email, "someone.else@example.com", "@", owner.password, token])
        expect(text).not.toContain(secret);
    }
  });

  it("records nothing for a refused or no-op change", async () => {
    const owner = await signUp();
    const viewer = await signUp({ confirmed: true });
    const stranger = await signUp({ confirmed: true });
    await setTimezone(owner, "UTC");
    const today = todayIn("UTC");
    const { dadId, pharmacyId, medicationId } = await dadWithMedication(owner);
    await db().insert(memberships).values({ personId: dadId, userId: viewer.id, role: "viewer", createdAt: Date.now() });
    const logged = await as(owner, "POST", at(dadId, "/doses"), {
      doses: [{ clientId: "n-1", medicationId, date: today, at: null, status: "taken" }],
    });
    expectStatus(logged, 200);
    const token = await invite(owner, dadId, "invitee.elsewhere@example.com", "viewer");
    const before = await entriesOf(dadId);
    expect(before.map((e) => e.kind)).toEqual(["medication_added", "dose_taken", "member_invited"]);

    const attempts: Array<[Account, string, string, unknown, number]> = [
      // Below the role (403) and strangers (404).
      [viewer, "PATCH", `/medications/${medicationId}`, medicationInput(pharmacyId), 403],
      [viewer, "POST", "/medications/refill", { medicationId, pillsToAdd: 1 }, 403],
      [stranger, "DELETE", `/medications/${medicationId}`, undefined, 404],
      [viewer, "DELETE", `/members/${owner.id}`, undefined, 403],
      // Matching no row: an unknown medication, nothing to undo, an unknown dose log, a bad pharmacy.
      [owner, "PATCH", "/medications/999999999", medicationInput(pharmacyId), 404],
      [owner, "PATCH", `/medications/${medicationId}`, medicationInput(999999999), 400],
      [owner, "DELETE", "/medications/999999999", undefined, 404],
      [owner, "PUT", "/medications/999999999/pause", { pausedFrom: today, pausedUntil: null }, 404],
      [owner, "DELETE", "/medications/999999999/pause", undefined, 404],
      [owner, "POST", "/medications/refill", { medicationId: 999999999, pillsToAdd: 1 }, 404],
      [owner, "POST", "/medications/refill", { medicationId, pillsToAdd: 1, refilledOn: "2000-01-01" }, 400],
      [owner, "POST", `/medications/${medicationId}/undo-refill`, {}, 409],
      [owner, "DELETE", "/doses/999999999", undefined, 404],
      // A replay of a log already written is the same log.
      [owner, "POST", "/doses", { doses: [{ clientId: "n-1", medicationId, date: today, at: null, status: "taken" }] }, 200],
      [owner, "PATCH", `/members/${owner.id}`, { role: "viewer" }, 403],
      [owner, "DELETE", "/members/999999999", undefined, 404],
      [owner, "POST", "/invites", { email: "x@example.com", role: "owner" }, 400],
    ];
    for (const [who, method, path, body, status] of attempts)
      expect([method, path, (await as(who, method, at(dadId, path), body)).status]).toEqual([method, path, status]);
    // Accepting with the wrong address, or an unknown token; signing out everywhere with no other session.
    expectStatus(await accept(stranger, token), 403);
    expectStatus(await accept(stranger, "a".repeat(52)), 404);
    expect((await as(owner, "DELETE", "/api/user/sessions")).body).toEqual({ ended: 0 });
    expect(await entriesOf(dadId)).toEqual(before);
  });

  it("answers the last year only, at most 200 entries, and the hourly prune deletes what is older", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    const now = Date.now();
    const row = (at: number, subject: string) => ({
      personId: dadId,
      actorUserId: owner.id,
      actorName: "Olga",
      kind: "medication_added",
      subject,
      at,
    });
    await db()
      .insert(activity)
      .values([row(now - ACTIVITY_RETENTION - DAY, "too old"), row(now - ACTIVITY_RETENTION + DAY, "within the year")]);
    const res = await as(owner, "GET", at(dadId, "/activity"));
    expect(res.body.map((e: { subject: string }) => e.subject)).toEqual(["within the year"]);
    await prune(db(), now);
    expect((await entriesOf(dadId)).map((e) => e.subject)).toEqual(["within the year"]);

    // Ten rows a statement: D1 binds at most 100 parameters.
    const rows = Array.from({ length: ACTIVITY_LIMIT + 5 }, (_, i) => row(now - i * 1000, `n${i}`));
    for (let i = 0; i < rows.length; i += 10)
      await db()
        .insert(activity)
        .values(rows.slice(i, i + 10));
    const many = await as(owner, "GET", at(dadId, "/activity"));
    expect(many.body).toHaveLength(ACTIVITY_LIMIT);
    expect(many.body[0].subject).toBe("n0");
  });

  it("keeps an entry, with its actor's name, after the actor's account is deleted", async () => {
    const owner = await signUp();
    const manager = await signUp({ fullName: "Mia Manager" });
    const { dadId } = await dadWithMedication(owner);
    await db().insert(memberships).values({ personId: dadId, userId: manager.id, role: "manager", createdAt: Date.now() });
    expectStatus(await as(manager, "POST", at(dadId, "/pharmacies"), { name: "Other", phoneNumber: "" }), 201);
    const pharmacies = await as(manager, "GET", at(dadId, "/pharmacies"));
    const med = await as(manager, "POST", at(dadId, "/medications"), medicationInput(pharmacies.body[0].id, { name: "Statin" }));
    expectStatus(med, 201);
    expectStatus(await call("DELETE", "/api/user", { cookie: manager.cookie, body: { currentPassword: manager.password } }), 200);
    const [entry] = await db()
      .select()
      .from(activity)
      .where(and(eq(activity.personId, dadId), eq(activity.subject, "Statin")));
    expect(entry).toMatchObject({ actorUserId: null, actorName: "Mia Manager", kind: "medication_added" });
    const res = await as(owner, "GET", at(dadId, "/activity"));
    expect(res.body[0]).toMatchObject({ actor: { name: "Mia Manager", self: false }, subject: "Statin" });
  });
});
