import { localeScope } from "./current";

// Worded values that repeat from request to request (a user's list is read again and again), kept
// per isolate, language and locale: a dose sentence or a pluralised count costs a few Intl calls,
// and a list of 100 medications asks for 200 of them.

const MAX_TEXTS = 4096;
const texts = new Map<string, string>();

/** `make()`'s text for `key` in the current language and locale, made once and kept. */
export function memoText(key: string, make: () => string): string {
  const { language, locale } = localeScope();
  const full = `${language}\u0000${locale}\u0000${key}`;
  let text = texts.get(full);
  if (text === undefined) {
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(full, (text = make()));
  }
  return text;
}
