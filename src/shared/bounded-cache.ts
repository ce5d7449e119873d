// The one per-isolate cache: a map with a maximum size. Every memo of the server and the islands
// goes through it, so no input an account chooses (a locale, a time zone, a stored row) can grow an
// isolate's memory without bound. Keys are derived from the inputs, never listed by hand (a
// forgotten input would hand one user's answer to another); values are frozen, because every
// caller shares them. Browser-safe: no imports.
//
// Old answers leave by generations, not one by one: answers are kept in a young map until it holds
// half the bound, then that map becomes the old one and the previous old one is dropped whole; an
// answer found in the old map moves back to the young one. So an answer used again within max/2 - 1
// new answers is never made again, and one unused for max new answers is gone. A strict
// least-recently-used order (a Map delete and set on every hit) cost twice as much per lookup, and
// a dashboard of 100 medications makes ~500 lookups.

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

/** `make`, memoised per isolate: at most `max` answers kept (at least 2), the unused ones dropped first. */
export function boundedCache<A extends readonly unknown[], V>(name: string, max: number, make: (...args: A) => V): BoundedCache<A, V> {
  const generation = Math.max(1, Math.floor(max / 2));
  let young = new Map<string, V>();
  let old = new Map<string, V>();
  const cache = ((...args: A): V => {
    const key = keyOf(args);
    if (young.has(key)) return young.get(key)!;
    const value = old.has(key) ? old.get(key)! : freeze(make(...args));
    young.set(key, value);
    if (young.size >= generation) {
      old = young;
      young = new Map();
    }
    return value;
  }) as BoundedCache<A, V>;
  Object.defineProperties(cache, {
    // An answer moved back from the old map is counted once.
    size: { get: () => young.size + [...old.keys()].filter((key) => !young.has(key)).length },
    max: { value: max },
    clear: {
      value: () => {
        young.clear();
        old.clear();
      },
    },
  });
  all.push({ name, cache });
  return cache;
}
