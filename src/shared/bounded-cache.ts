// The one per-isolate cache: a least-recently-used map with a maximum size (Map keeps insertion
// order, so the first key is the oldest). Every memo of the server and the islands goes through
// it, so no input an account chooses (a locale, a time zone, a stored row) can grow an isolate's
// memory without bound. Keys are derived from the inputs, never listed by hand (a forgotten input
// would hand one user's answer to another); values are frozen, because every caller shares them.
// Browser-safe: no imports.

export interface BoundedCache<A extends readonly unknown[], V> {
  /** The value for these inputs: made by the cache's function on a miss, kept, and frozen. */
  (...args: A): V;
  readonly size: number;
  readonly max: number;
  clear(): void;
}

const all: Array<{ name: string; cache: { readonly size: number; readonly max: number } }> = [];

/** Every bounded cache made in this isolate, by name, with its size and bound (tests, diagnostics). */
export const boundedCaches = () => all.map(({ name, cache }) => ({ name, size: cache.size, max: cache.max }));

/** The inputs as one string: JSON, so `["a", "b"]` and `["a\u0000b"]` never meet. */
const keyOf = (args: readonly unknown[]) => JSON.stringify(args);

/** Freezes plain objects and arrays all the way down, and any other object itself (an Intl formatter). */
function freeze<V>(value: V): V {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value) || proto === Object.prototype || proto === null) for (const inner of Object.values(value)) freeze(inner);
  return value;
}

/** `make`, memoised per isolate: at most `max` answers kept, the least recently used dropped first. */
export function boundedCache<A extends readonly unknown[], V>(name: string, max: number, make: (...args: A) => V): BoundedCache<A, V> {
  const kept = new Map<string, V>();
  const cache = ((...args: A): V => {
    const key = keyOf(args);
    if (kept.has(key)) {
      const value = kept.get(key)!;
      // Most recently used goes last.
      kept.delete(key);
      kept.set(key, value);
      return value;
    }
    const value = freeze(make(...args));
    if (kept.size >= max) kept.delete(kept.keys().next().value!);
    kept.set(key, value);
    return value;
  }) as BoundedCache<A, V>;
  Object.defineProperties(cache, {
    size: { get: () => kept.size },
    max: { value: max },
    clear: { value: () => kept.clear() },
  });
  all.push({ name, cache });
  return cache;
}
