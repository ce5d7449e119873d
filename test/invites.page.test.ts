import { describe, expect, it } from "vitest";
import { call, openConfirmationLink, signUp } from "./helpers";
import { addPerson, invite, inviteRows } from "./invites.support";

// /invites/{token}: signed out → sign in (or up) and back; signed in → the person, the sender and the
// role with one Accept button, a plain same-origin form; a used, expired or unknown link → one 404 page.

const form = (cookie: string | undefined, token: string, headers: Record<string, string> = {}) =>
  call("POST", `/invites/${token}`, { cookie, rawBody: "", contentType: "application/x-www-form-urlencoded", headers });

describe("the invitation page", () => {
  it("signed out: sends the visitor to sign in or sign up, and back to this page", async () => {
    const owner = await signUp();
    const token = await invite(owner, await addPerson(owner), "someone@example.com");
    const page = await call("GET", `/invites/${token}`);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/auth?next=${encodeURIComponent(`/invites/${token}`)}`);
  });

  it("names the person, the sender and the role, with one Accept button that joins", async () => {
    const owner = await signUp({ fullName: "Ana Lima" });
    const dadId = await addPerson(owner);
    const invitee = await signUp({ confirmed: true });
    const token = await invite(owner, dadId, invitee.email, "viewer");
    const page = await call("GET", `/invites/${token}`, { cookie: invitee.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Help with <bdi>Dad</bdi>");
    expect(page.text).toContain("<bdi>Ana Lima</bdi> invited you to help keep track of <bdi>Dad</bdi>");
    expect(page.text).toContain("as a viewer.");
    expect(page.text.match(/<form method="post"/g)).toHaveLength(1);
    expect(page.text).toContain(">Accept</button>");
    const joined = await form(invitee.cookie, token);
    expect(joined.status).toBe(200);
    expect(joined.text).toContain("You now help with <bdi>Dad</bdi>");
    expect((await call("GET", "/api/profiles", { cookie: invitee.cookie })).body).toContainEqual({
      id: dadId,
      name: "Dad",
      self: false,
      role: "viewer",
    });
    // Used: the same page as any link that cannot be used.
    const again = await call("GET", `/invites/${token}`, { cookie: invitee.cookie });
    const unknown = await call("GET", `/invites/${"b".repeat(52)}`, { cookie: invitee.cookie });
    expect([again.status, unknown.status]).toEqual([404, 404]);
    expect(again.text).toContain("This invitation can&#x27;t be used");
    expect(unknown.text).toContain("This invitation can&#x27;t be used");
    expect((await form(invitee.cookie, token)).status).toBe(404);
  });

  it("an account whose confirmed address is not the invited one is told so, gets no button, and uses nothing up", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    const invitee = await signUp();
    const token = await invite(owner, dadId, invitee.email, "helper");
    const page = await call("GET", `/invites/${token}`, { cookie: invitee.cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Only an account whose confirmed email address is the one this invitation was sent to can accept it.");
    expect(page.text).not.toContain(">Accept</button>");
    expect((await form(invitee.cookie, token)).status).toBe(403);
    expect((await inviteRows(dadId))[0]!.acceptedAt).toBeNull();
    await openConfirmationLink(invitee.email);
    expect((await form(invitee.cookie, token)).status).toBe(200);
  });

  it("a cross-site form post is refused (403) and the invitation stays usable by the same-origin form", async () => {
    const owner = await signUp();
    const dadId = await addPerson(owner);
    const invitee = await signUp({ confirmed: true });
    const token = await invite(owner, dadId, invitee.email);
    const forged = await form(invitee.cookie, token, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
    expect(forged.status).toBe(403);
    expect((await inviteRows(dadId))[0]!.acceptedAt).toBeNull();
    expect((await form(invitee.cookie, token)).status).toBe(200);
  });
});
