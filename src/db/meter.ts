// Counts a request's database round trips and the time spent in them, for its Server-Timing header:
// the number a patient far from the Turso primary feels most. It wraps what crosses the wire: each
// call on the D1 binding (a statement's run/all/raw/first, a batch), or each HTTP request the libSQL
// client sends.

export interface DbMeter {
  roundTrips: number;
  ms: number;
}

export const newMeter = (): DbMeter => ({ roundTrips: 0, ms: 0 });

async function measured<T>(meter: DbMeter, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  meter.roundTrips++;
  try {
    return await call();
  } finally {
    meter.ms += performance.now() - started;
  }
}

/** `Server-Timing: db;dur=…;desc="N queries"` (dur in ms, as the header wants it). */
export const serverTiming = (meter: DbMeter) =>
  `db;dur=${meter.ms.toFixed(1)};desc="${meter.roundTrips} ${meter.roundTrips === 1 ? "query" : "queries"}"`;

/** The libSQL client's fetch, counted: one HTTP request is one round trip to the primary. */
export const meteredFetch =
  (meter: DbMeter, inner: typeof fetch = fetch): typeof fetch =>
  (input, init) =>
    measured(meter, () => inner(input, init));

const PASSED = new WeakMap<object, D1PreparedStatement>();

function meteredStatement(meter: DbMeter, statement: D1PreparedStatement): D1PreparedStatement {
  const wrapped = {
    bind: (...values: unknown[]) => meteredStatement(meter, statement.bind(...values)),
    first: (column?: string) => measured(meter, () => (column === undefined ? statement.first() : statement.first(column))),
    run: () => measured(meter, () => statement.run()),
    all: () => measured(meter, () => statement.all()),
    raw: (options?: { columnNames?: boolean }) => measured(meter, () => statement.raw(options as { columnNames: true })),
  } as unknown as D1PreparedStatement;
  PASSED.set(wrapped, statement);
  return wrapped;
}

/** The D1 binding, counted. Statements handed to batch are unwrapped: the binding checks their type. */
export function meteredD1(meter: DbMeter, d1: D1Database): D1Database {
  return {
    prepare: (query: string) => meteredStatement(meter, d1.prepare(query)),
    batch: (statements: D1PreparedStatement[]) => measured(meter, () => d1.batch(statements.map((s) => PASSED.get(s) ?? s))),
    exec: (query: string) => measured(meter, () => d1.exec(query)),
    withSession: (constraint?: string) => d1.withSession(constraint),
    dump: () => measured(meter, () => d1.dump()),
  } as D1Database;
}
