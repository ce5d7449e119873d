import * as messages from "../generated/i18n";
import { inLocale, localeScope } from "./current";

// Server-only: a message looked up by its key at run time (API errors, validation codes). Islands
// never import this: a lookup by a computed key would put every message in the browser bundle.

type Messages = typeof messages;
export type MessageKey = { [K in keyof Messages]: Messages[K] extends (...args: never[]) => string ? K : never }[keyof Messages];
export type ParamsOf<K extends MessageKey> = Parameters<Messages[K]> extends [infer P] ? P : undefined;
/** A key and its values, when it has any: `[key]` or `[key, values]`. */
export type Said<K extends MessageKey = MessageKey> = ParamsOf<K> extends undefined ? readonly [K] : readonly [K, ParamsOf<K>];

export const isMessageKey = (key: string): key is MessageKey => typeof (messages as Record<string, unknown>)[key] === "function";

/** The message of `key` in the current language. */
export function say(key: MessageKey, values?: object): string {
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: server code (errors, validation) names a message by its key; islands never import this.
  return (messages[key] as (p?: object) => string)(values);
}

/** A message produced in the "$code" catalog ("key" or "key\0{json}") read back as key and values. */
export function parseCode(text: string): { code: MessageKey; values?: object } | null {
  const [key, json] = text.split("\0", 2) as [string, string | undefined];
  if (!isMessageKey(key)) return null;
  return { code: key, values: json === undefined ? undefined : (JSON.parse(json) as object) };
}

/** Runs `fn` with every message answering its code instead of its words (server-side validation). */
export const withCodes = <T>(fn: () => T): T => inLocale({ ...localeScope(), language: "$code" }, fn);
