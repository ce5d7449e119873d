import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import type { User } from "../shared/user";
import { checkSession, deleteSession, hashToken, sessionLookup, sessionOwner, touchSession, type SessionRecord } from "./session";

// A signed-in request reads in ONE database round trip: the session lookup and the request's own
// reads go in one batch (one HTTP request on Turso, one call on D1), the reads scoped by the
// session's hash instead of a user id that is not known yet. On Turso every round trip is a trip to
// one primary, 50–150 ms from a far edge: this is the latency a patient feels.

/** A request's reads, by name; each is scoped by `owner`, the signed-in user's id as SQL. */
export type Reads = Record<string, BatchItem<"sqlite">>;
export interface ReadScope {
  db: Db;
  owner: SQL<number>;
}
export type LoadReads<R extends Reads> = (scope: ReadScope) => R;

/** What a read answered: its rows. */
export type ReadResults<R extends Reads> = { [K in keyof R]: Awaited<R[K]> };

export interface SignedIn<D = Record<string, never>> {
  user: User;
  session: SessionRecord;
  data: D;
}

/**
 * The session of `token` with the request's reads, or null for an unknown or expired session (an
 * expired one is deleted; whatever was read with it is dropped). Last-seen is written at most hourly.
 */
export async function loadSignedIn<R extends Reads>(db: Db, token: string, now: number, load?: LoadReads<R>): Promise<SignedIn<ReadResults<R>> | null> {
  const sessionId = await hashToken(token);
  const reads = load ? load({ db, owner: sessionOwner(sessionId) }) : ({} as R);
  const names = Object.keys(reads);
  const [rows, ...results] = (await db.batch([sessionLookup(db, sessionId), ...names.map((name) => reads[name]!)])) as [Awaited<ReturnType<typeof sessionLookup>>, ...unknown[]];
  const check = checkSession(rows[0], now);
  if (check.state === "expired") await deleteSession(db, sessionId);
  if (check.state !== "valid" && check.state !== "touch") return null;
  if (check.state === "touch") await touchSession(db, sessionId, now);
  const data = Object.fromEntries(names.map((name, i) => [name, results[i]])) as ReadResults<R>;
  return { user: check.user, session: check.session, data };
}
