import { useSyncExternalStore } from "react";
import type { User } from "../../src/shared/user";

// The signed-in user, shared by the header and any island that edits it (profile, settings). It is
// one value, so a few lines of store rather than a state library (jotai cost the dashboard ~4 KB
// gzip). On the server each island renders from its own props (the server snapshot): the module's
// value is only ever set in the browser, so one request can never see another's user.
let current: User | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Shows a changed user in every island that reads it (the header's name, the dashboard's lead time). */
export function setCurrentUser(user: User) {
  current = user;
  for (const listener of listeners) listener();
}

/**
 * The current user. An island that has it in its props passes it: the first one seeds the store
 * (a later island's older props never overwrite a fresher value). Without props: null until seeded.
 */
export function useCurrentUser(initial: User | null = null): User | null {
  if (current === null && initial !== null && typeof document !== "undefined") current = initial;
  return useSyncExternalStore(
    subscribe,
    () => current ?? initial,
    () => initial,
  );
}
