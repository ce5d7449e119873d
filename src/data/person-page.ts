import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { doseEvents, medications, memberships, people, pharmacies, supplyEvents } from "../db/schema";

// What a person's page (/p/:profileId/people) reads about the person itself, with the session in
// its one round trip: the name, whether it is the account's own, the account's role, and what
// deleting the person would delete (counted by the person's indexes, so cheap for any one person).

const ofPersonsMedications = (person: SQL<number>) =>
  sql`(select ${medications.id} from ${medications} where ${medications.personId} = ${person})`;

/** The person `person` as the account `owner` sees it: no row when the account is no member. */
export const personSummaryOf = (db: Db, person: SQL<number>, owner: SQL<number>) =>
  db
    .select({
      id: people.id,
      name: people.name,
      self: sql<number>`${people.accountUserId} is not null and ${people.accountUserId} = ${owner}`.as("person_self"),
      // A person with an account lives in the account's zone (theirs to change); one without, in people.timezone.
      withAccount: sql<number>`${people.accountUserId} is not null`.as("person_with_account"),
      role: memberships.role,
      medications: sql<number>`(select count(*) from ${medications} where ${medications.personId} = ${person})`.as("n_medications"),
      pharmacies: sql<number>`(select count(*) from ${pharmacies} where ${pharmacies.personId} = ${person})`.as("n_pharmacies"),
      refills:
        sql<number>`(select count(*) from ${supplyEvents} where ${supplyEvents.kind} = 'refill' and ${supplyEvents.medicationId} in ${ofPersonsMedications(person)})`.as(
          "n_refills",
        ),
      doseLogs: sql<number>`(select count(*) from ${doseEvents} where ${doseEvents.medicationId} in ${ofPersonsMedications(person)})`.as(
        "n_dose_logs",
      ),
    })
    .from(people)
    .innerJoin(memberships, eq(memberships.personId, people.id))
    .where(sql`${people.id} = ${person} and ${memberships.userId} = ${owner}`);

export type PersonSummaryRow = Awaited<ReturnType<typeof personSummaryOf>>[number];

/**
 * The person as SQL only while `owner` is its owner or a manager, else NULL (which matches no row):
 * the page's members and invitations are then not even read for a helper or viewer.
 */
export const managedPerson = (person: SQL<number>, owner: SQL<number>) =>
  sql<number>`(select ${memberships.personId} from ${memberships} where ${memberships.personId} = ${person} and ${memberships.userId} = ${owner} and ${memberships.role} in ('owner', 'manager'))`;
