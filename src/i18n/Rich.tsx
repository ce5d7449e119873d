import { Fragment, type ReactNode } from "react";

// A translated sentence with elements in its placeholders (a user's name in <bdi>, a link, bold
// text): the message is formatted with markers in those places, then the markers become the
// elements. Word order stays the translator's; the elements stay the component's.
const OPEN = "\uE000";
const CLOSE = "\uE001";

type Values<P> = { [K in keyof P]: P[K] | ReactNode };

export function Rich<P extends object>({ message, values }: { message: (p: P) => string; values: Values<P> }) {
  const nodes: ReactNode[] = [];
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === "string" || typeof value === "number") params[name] = value;
    else {
      params[name] = `${OPEN}${nodes.length}${CLOSE}`;
      nodes.push(value as ReactNode);
    }
  }
  const parts = message(params as P).split(new RegExp(`${OPEN}(\\d+)${CLOSE}`));
  return <>{parts.map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{nodes[Number(part)]}</Fragment> : part))}</>;
}

/** User-entered text inside a plain-text sentence (e-mail text, titles): Unicode first-strong isolates. */
export const isolate = (text: string) => `\u2068${text}\u2069`;
