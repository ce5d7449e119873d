import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { invites } from "../src/db/schema";
import { type Account, call, db, emailsTo } from "./helpers";

// Invitations for the invite tests: sending one through the API, and the token its e-mail carries.

/** The token of the newest invitation e-mailed to `to` (the development outbox). */
export async function inviteTokenFor(to: string): Promise<string> {
  const [mail] = await emailsTo(to.toLowerCase()).limit(1);
  expect(mail, `no invitation e-mail to ${to}`).toBeDefined();
  const match = /\/invites\/([a-z0-9]+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return match![1]!;
}

/** A person "Dad" owned by `owner`: its id. */
export async function addPerson(owner: Account, name = "Dad"): Promise<number> {
  const res = await call("POST", "/api/profiles", { cookie: owner.cookie, body: { name } });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** Invites `email` to person `personId` as `role`, as `sender`; answers the token e-mailed. */
export async function invite(sender: Account, personId: number, email: string, role = "helper"): Promise<string> {
  const res = await call("POST", `/api/profiles/${personId}/invites`, { cookie: sender.cookie, body: { email, role } });
  expect(res.status, res.text).toBe(201);
  return inviteTokenFor(email);
}

export const accept = (account: Account, token: string) => call("POST", "/api/invites/accept", { cookie: account.cookie, body: { token } });

export const inviteRows = (personId: number) => db().select().from(invites).where(eq(invites.personId, personId));
