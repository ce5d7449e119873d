// Per-account ceilings: far above what a patient tracks, low enough that one account cannot make
// the hourly job's batch (or one reminder e-mail) large enough to slow or fail everyone else's.

export const MAX_MEDICATIONS = 200;
export const MAX_PHARMACIES = 50;
// Past a ceiling the API answers 409 error_too_many_medications / error_too_many_pharmacies.

// ---- What a regimen may hold ----
// One place for the floors and ceilings the API's schemas, the forms' min/max/step, the CSV import
// (the same schemas) and migration 0013_bounds_regimen_limits.sql all use. Below these the countdown
// could not make progress (1e-10 a week never ended), above them it would walk past year 9999.

/** A dose and as-needed use per week: multiples of a quarter, from a quarter to 1,000. */
export const DOSE_STEP = 0.25;
export const DOSE_MIN = 0.25;
export const DOSE_MAX = 1000;
export const PER_WEEK_MIN = 0.25;
export const PER_WEEK_MAX = 1000;
/** Times of day a dose schedule may name, each with its own dose (DOSE_MIN to DOSE_MAX). */
export const TIMES_MAX = 8;
/** 'HH:MM', 00:00 to 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

// ---- Dose logs ----
/** How far back a dose may be logged, and the most days GET /api/doses answers at once. */
export const DOSE_LOG_DAYS_BACK = 31;
export const DOSE_RANGE_MAX_DAYS = 31;
/** A log's id from the app (Today, a push's Taken, the confirm page): a replay with the same id is the same log. */
export const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Logs in one POST /api/doses. */
export const DOSES_PER_REQUEST_MAX = 50;
/** A logged amount: a dose's steps (DOSE_MIN to DOSE_MAX). The adherence period: 7 to 365 days. */
export const ADHERENCE_DAYS_MIN = 7;
export const ADHERENCE_DAYS_MAX = 365;

/** 'Every N days': 2 to 90. */
export const EVERY_DAYS_MIN = 2;
export const EVERY_DAYS_MAX = 90;

/** A number of units in steps of a quarter between `min` and `max`. */
export const isQuarterIn = (n: number, min: number, max: number) => Number.isFinite(n) && n >= min && n <= max && Number.isInteger(n * 4);

/**
 * Every date a patient enters (pauses, an interval's first day, a change's first day, refill and
 * count dates, prescription expiry) is a day from EARLIEST_DATE to MAX_YEARS_AHEAD years after
 * today. The schemas know no time zone: they allow one day more than the user's own today can reach.
 */
export const EARLIEST_DATE = "1900-01-01";
export const MAX_YEARS_AHEAD = 5;
/** The days MAX_YEARS_AHEAD years hold at most (with their leap days). */
export const MAX_DAYS_AHEAD = 365 * MAX_YEARS_AHEAD + 2;

/** How far ahead a change of schedule may be dated. */
export const EFFECTIVE_FROM_MAX_DAYS = 365;

/** At most this many schedule changes and this many pauses are kept per medication. */
export const MAX_SCHEDULE_CHANGES = 20;
export const MAX_PAUSES = 20;
/** A course (course.ts): 1 to 12 steps of 1 to 365 days each; its last day is bounded like any date. */
export const COURSE_STEPS_MAX = 12;
export const COURSE_STEP_DAYS_MAX = 365;

// ---- A medication's package ----
/**
 * A package is items × an amount each, in the medication's unit: 5 pens × 300 units, 2 strips × 14
 * tablets, a box of 28 loose tablets as 1 × 28. Items: 1 to 100, whole. Each: a dose's steps (a
 * quarter to 1,000), so one package is at most 100,000: no more than one refill may add.
 */
export const PACKAGE_ITEMS_MIN = 1;
export const PACKAGE_ITEMS_MAX = 100;
export const PACKAGE_AMOUNT_MIN = 0.25;
export const PACKAGE_AMOUNT_MAX = 1000;

/** An e-mail confirmation link works this many hours (the e-mail and the resend toast say so). */
export const CONFIRMATION_LINK_HOURS = 24;

// ---- People ----
/** People an account may own, its own person included (past it: 409 error_too_many_profiles). */
export const MAX_PEOPLE = 10;
/** A person's name, like a full name. */
export const PERSON_NAME_MAX = 120;

// ---- A membership's own settings ----
/** A missed-dose alert goes this many minutes after a timed dose's time while it is unlogged. */
export const MISSED_DOSE_AFTER_MIN = 30;
export const MISSED_DOSE_AFTER_MAX = 240;
