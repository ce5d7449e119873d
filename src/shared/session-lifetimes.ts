// How long a sign-in lasts, in days: without a visit (idle) and in all (max). Shared so the sign-in
// form's hint states the numbers src/auth/session.ts enforces.

/** A sign-in's lifetimes, as they were before "Keep me signed in" and still are without it. */
export const SIGNED_IN_DAYS = { idle: 7, max: 30 } as const;

// "Keep me signed in on this device": patients open the app when reminded, about monthly, so a week
// idle signed them out every time. Only when asked for (a shared device keeps the default above).
export const KEEP_SIGNED_IN_DAYS = { idle: 30, max: 90 } as const;
