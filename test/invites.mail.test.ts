import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashToken } from "../src/auth/session";
import { invites, users } from "../src/db/schema";
import { call, db, signUp, uniqueName } from "./helpers";
import { addPerson } from "./invites.support";
import { mockPostmark, postmarkEnv } from "./reminders-fixtures";

// The invitation e-mail, through the Postmark stand-in: to the invited address, in the SENDER's
// language, naming the person and the sender (only plain names: the address is someone else's, so a
// name a mail client could turn into a link is left out), with the one-time link to /invites/{token}.

afterEach(() => vi.restoreAllMocks());

const sendInvite = (cookie: string, personId: number, email: string, role = "helper") =>
  call("POST", `/api/profiles/${personId}/invites`, { cookie, body: { email, role }, env: postmarkEnv });

describe("the invitation e-mail", () => {
  it("goes to the invited address in the sender's language, names the person and the sender, and links the token", async () => {
    const sender = await signUp({ confirmed: true, fullName: "Anna Schmidt" });
    await db().update(users).set({ locale: "de" }).where(eq(users.id, sender.id));
    const papaId = await addPerson(sender, "Papa");
    const postmark = mockPostmark();
    const to = `${uniqueName("Kim")}@Example.com`;
    const res = await sendInvite(sender.cookie, papaId, to, "helper");
    expect(res.status, res.text).toBe(201);
    expect(postmark.calls).toHaveLength(1);
    const [mail] = postmark.calls[0]!.messages;
    expect(mail!.To).toBe(to.toLowerCase());
    expect(mail!.Subject).toBe("Einladung: Hilfe bei den Medikamenten einer Person");
    expect(mail!.TextBody).toContain(
      "\u2068Anna Schmidt\u2069 hat Sie eingeladen, in Refill Tracker bei den Medikamenten von \u2068Papa\u2069 mitzuhelfen.",
    );
    expect(mail!.TextBody).toContain("Als Helfer können Sie");
    expect(mail!.HtmlBody).toContain("<bdi>Anna Schmidt</bdi>");
    expect(mail!.HtmlBody).toContain("<bdi>Papa</bdi>");
    const token = /http:\/\/localhost\/invites\/([a-z2-7]{52})/.exec(mail!.TextBody)?.[1];
    expect(token).toBeDefined();
    expect(mail!.HtmlBody).toContain(`href="http://localhost/invites/${token}"`);
    const [row] = await db().select().from(invites).where(eq(invites.personId, papaId));
    expect(row!.tokenHash).toBe(await hashToken(token!));
  });

  it("leaves out a name a mail client could read as a link, and an unconfirmed sender's name", async () => {
    const sender = await signUp({ fullName: "Anna Schmidt" });
    const personId = await addPerson(sender, "www.evil.example");
    const postmark = mockPostmark();
    const res = await sendInvite(sender.cookie, personId, `${uniqueName("kim")}@example.com`, "viewer");
    expect(res.status, res.text).toBe(201);
    const [mail] = postmark.calls[0]!.messages;
    expect(mail!.TextBody).toContain("Someone invited you to help keep track of someone's medications on Refill Tracker.");
    for (const body of [mail!.TextBody, mail!.HtmlBody, mail!.Subject]) {
      expect(body).not.toContain("evil");
      expect(body).not.toContain("Anna");
    }
  });
});
