import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { DOSE_LOG_DAYS_BACK } from "../domain/limits";
import { eventsBetween } from "./doses";
import type { Owner } from "./medication-row";

/**
 * The owner's logs of every day a dose can still be logged, read with the session: the page's day is
 * checked against the user's today only after it, so this reads the days around the server's date
 * (a user's today lies within a day of it) back to the oldest loggable one, and the page keeps its own.
 */
export const loggableEvents = (db: Db, owner: Owner, now: ReturnType<typeof sql<number>>) =>
  eventsBetween(
    db,
    owner,
    sql<string>`date(${now} / 1000, 'unixepoch', ${`-${DOSE_LOG_DAYS_BACK + 1} days`})`,
    sql<string>`date(${now} / 1000, 'unixepoch', '+1 day')`,
  );
