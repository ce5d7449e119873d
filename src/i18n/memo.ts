import { boundedCache } from "../shared/bounded-cache";
import { localeScope } from "./current";

// Worded values that repeat from request to request (a user's list is read again and again), kept
// per isolate, language and locale: a dose sentence or a pluralised count costs a few Intl calls,
// and a list of 100 medications asks for 200 of them.

/**
 * `make`, memoised per isolate (bounded): its answer is kept per language, locale and every input
 * it is given, so `make` must depend on nothing else.
 */
export function memoText<A extends unknown[]>(name: string, make: (...args: A) => string): (...args: A) => string {
  const kept = boundedCache(name, 4096, (_language: string, _locale: string, ...args: A) => make(...args));
  return (...args: A) => {
    const { language, locale } = localeScope();
    return kept(language, locale, ...args);
  };
}
