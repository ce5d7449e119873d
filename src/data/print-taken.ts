import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { eventsBetween } from "./doses";
import type { Owner } from "./medication-row";

// The dose logs behind the printed list's 'Taken (30 days)' column (src/pages/print-taken.ts).

/** The period the column covers. */
export const PRINT_TAKEN_DAYS = 30;

/** The owner's dose logs of the days the column may cover (a user's today is within a day of the server's). */
export const printedLogsOf = (db: Db, owner: Owner, now: SQL<number>) =>
  eventsBetween(
    db,
    owner,
    sql`date(${now} / 1000, 'unixepoch', ${`-${PRINT_TAKEN_DAYS + 1} days`})`,
    sql`date(${now} / 1000, 'unixepoch', '+1 day')`,
  );
