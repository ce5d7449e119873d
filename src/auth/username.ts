import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

// Usernames and e-mail addresses match whatever their letter case. The fold is SQLite's lower()
// (ASCII letters only), done the same way in JavaScript, so a throttle key, a stored username_key
// and a lower(email) comparison in SQL can never disagree about which account a name means.

export const foldCase = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/** What uniqueness and sign-in match a username on (users.username_key). */
export const foldUsername = (username: string) => foldCase(username);

/** `column` holds `address`, in any letter case (served by the lower(email) index). */
export const sameAddress = (column: SQLiteColumn, address: string): SQL => sql`lower(${column}) = ${foldCase(address)}`;
