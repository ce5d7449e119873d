import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  builderDbs,
  engineOf,
  prepareRead,
  preparedOnce,
  runReads,
  type Engine,
  type PreparableRead,
  type PreparedRead,
} from "../db/prepared";
import type { User } from "../shared/user";
import { memberPerson, type Person } from "./access";
import {
  checkSession,
  deleteSession,
  hashToken,
  sessionLookup,
  sessionOwner,
  touchSession,
  type SessionLookupRow,
  type SessionRecord,
} from "./session";

// A signed-in request reads in ONE database round trip: the session lookup and the request's own
// reads go in one batch (one HTTP request on Turso, one call on D1), the reads scoped by the
// session's hash instead of a user id that is not known yet. On Turso every round trip is a trip to
// one primary, 50–150 ms from a far edge: this is the latency a patient feels.

/** A request's reads, by name; each is scoped by `owner` (account data) or `person` (medications, pharmacies). */
export type Reads = Record<string, PreparableRead>;
export interface ReadScope {
  /** Builds the reads; they are sent with the session lookup, never on their own. */
  db: Db;
  /** The session's user id: `(SELECT user_id FROM sessions WHERE id = <the cookie's hash>)`. */
  owner: SQL<number>;
  /**
   * The person the request acts for, as SQL, through the account's membership (src/auth/access.ts):
   * the path's /api/profiles/:profileId, else the account's own person; NULL for a non-member.
   */
  person: SQL<number>;
  /** The request's `:id` path parameter (0 when missing or malformed, which matches no row). */
  id: SQL<number>;
  /** The request's instant (epoch ms). Never `Date.now()` in a read: that would be frozen at the first request. */
  now: SQL<number>;
  /** The request's `?from=` and `?to=` as given ('' when missing or longer than a date): a read checks them itself. */
  from: SQL<string>;
  to: SQL<string>;
  /** The SHA-256 of the request's `:token` path parameter (an e-mailed link's secret; '' without one). */
  token: SQL<string>;
}
export type LoadReads<R extends Reads> = (scope: ReadScope) => R;

/** What a read answered: its rows. */
export type ReadResults<R extends Reads> = { [K in keyof R]: Awaited<R[K]> };

export interface SignedIn<D = Record<string, never>> {
  user: User;
  session: SessionRecord;
  /** The privacy page version the account consented to storing health data under; null: not yet. */
  consentVersion: string | null;
  /** The person the request acts for and the account's role for it; null: not a member. */
  person: Person | null;
  data: D;
}

// `owner` and `id` are placeholders, so a route's reads are the same SQL on every request: `load`
// runs once per engine, its reads are prepared then (see db/prepared), and each request only binds
// the session's hash, the id and the instant. So `load` builds from its scope alone: any other
// value it computed would be the first request's for every request.
const scope = {
  owner: sessionOwner(sql.placeholder("session")),
  person: memberPerson(sessionOwner(sql.placeholder("session")), sql.placeholder("profile")),
  id: sql<number>`${sql.placeholder("id")}`,
  now: sql<number>`${sql.placeholder("now")}`,
  from: sql<string>`${sql.placeholder("from")}`,
  to: sql<string>`${sql.placeholder("to")}`,
  token: sql<string>`${sql.placeholder("token")}`,
};
const lookup = preparedOnce<SessionLookupRow[]>((db) => sessionLookup(db, sql.placeholder("session"), sql.placeholder("profile")));

export interface PreparedReads {
  names: string[];
  reads: PreparedRead[];
  /** Whether the reads need the request's `:id` (it is parsed only then). */
  usesId: boolean;
  /** Whether the reads need the request's `?from=` and `?to=`. */
  usesRange: boolean;
  /** Whether the reads need the hash of the request's `:token`. */
  usesToken: boolean;
}

/**
 * Every route's `load`, as signedInReads received it: test/signed-in-reads.test.ts builds each one
 * twice, as two different users' requests would, and requires the same SQL.
 */
export const signedInLoaders = new Set<LoadReads<Reads>>();

/** Builds a route's reads for `engine` from the scope alone (prepared: SQL with placeholders). */
export function buildSignedInReads(load: LoadReads<Reads>, engine: Engine): PreparedReads {
  let usesId = false;
  let usesRange = false;
  let usesToken = false;
  const built = load({
    db: builderDbs[engine],
    owner: scope.owner,
    person: scope.person,
    now: scope.now,
    get id() {
      usesId = true;
      return scope.id;
    },
    get from() {
      usesRange = true;
      return scope.from;
    },
    get to() {
      usesRange = true;
      return scope.to;
    },
    get token() {
      usesToken = true;
      return scope.token;
    },
  });
  const names = Object.keys(built);
  return { names, reads: names.map((name) => prepareRead(built[name]!)), usesId, usesRange, usesToken };
}

/** A route's reads, prepared for the signed-in batch once per engine. */
export function signedInReads<R extends Reads>(load: LoadReads<R>): SignedInReads<R> {
  signedInLoaders.add(load);
  const byEngine: Partial<Record<Engine, PreparedReads>> = {};
  return (engine) => (byEngine[engine] ??= buildSignedInReads(load, engine));
}
/** A route's prepared reads, by engine (`R` types what they answer). */
export interface SignedInReads<R extends Reads> {
  (engine: Engine): PreparedReads;
  readonly reads?: R;
}

/**
 * The session of `token` with a route's reads, or null for an unknown or expired session (an
 * expired one is deleted; whatever was read with it is dropped). Last-seen is written at most hourly.
 * `id` gives the request's `:id` when the reads use it; `profile` the path's person (0: the account's own).
 */
export async function loadSignedIn<R extends Reads>(
  db: Db,
  token: string,
  now: number,
  reads?: SignedInReads<R>,
  id?: () => number,
  range?: () => { from: string; to: string },
  profile = 0,
  pathToken?: () => string,
): Promise<SignedIn<ReadResults<R>> | null> {
  const sessionId = await hashToken(token);
  const engine = engineOf(db);
  const route = reads?.(engine);
  const values = {
    session: sessionId,
    profile,
    id: route?.usesId && id ? id() : 0,
    now,
    ...(route?.usesRange && range ? range() : { from: "", to: "" }),
    token: route?.usesToken && pathToken ? await hashToken(pathToken()) : "",
  };
  const [rows, ...results] = (await runReads(db, engine, [lookup(engine), ...(route?.reads ?? [])], values)) as [
    SessionLookupRow[],
    ...unknown[],
  ];
  const check = checkSession(rows[0], now);
  if (check.state === "expired") await deleteSession(db, sessionId);
  if (check.state !== "valid" && check.state !== "touch") return null;
  if (check.state === "touch") await touchSession(db, sessionId, now);
  const data = Object.fromEntries((route?.names ?? []).map((name, i) => [name, results[i]])) as ReadResults<R>;
  return { user: check.user, session: check.session, consentVersion: check.consentVersion, person: check.person, data };
}
