import { Hono } from "hono";
import type { ReactNode } from "react";
import { atLeast } from "../auth/access";
import { AppShell } from "../components/AppShell";
import { Island } from "../components/Island";
import { activityQuery, toActivityEntries } from "../data/activity";
import { calendarFeedOf } from "../data/calendar";
import { pendingInvitesOf, toInvite } from "../data/invites";
import { membershipOf, membersOf, toMember } from "../data/members";
import { managedPerson, personSummaryOf } from "../data/person-page";
import { profilesOf, toProfile } from "../data/profiles";
import { zoneOrUtc } from "../domain/time";
import { timeZoneOptions } from "../domain/timezones";
import { personZone } from "../http/person";
import type { AppEnv } from "../env";
import * as m from "../generated/i18n";
import { ApiError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { Rich } from "../i18n/Rich";
import { ActivityList } from "./activity-list";

// /people (the account's people) and /p/:profileId/people (one person's sharing and settings).
// Each reads everything it shows with the session, in one round trip; the signedIn guard answers a
// non-member's /p/:profileId/… with the 404 page. What a role may not do is not shown at all: the
// members and invitations are rendered for managers and the owner only (the API refuses the rest).

const personReads = signedIn(({ db, owner, person, now }) => ({
  person: personSummaryOf(db, person, owner),
  membership: membershipOf(db, person, owner),
  // Read for the owner and managers only: a helper's or viewer's batch finds no member, no address.
  members: membersOf(db, managedPerson(person, owner), owner),
  invites: pendingInvitesOf(db, managedPerson(person, owner), now),
  // The activity record is the owner's and managers' too (GET …/activity answers 403 below).
  activity: activityQuery(db, managedPerson(person, owner), now),
  // The member's own calendar feed of the person (any role).
  calendar: calendarFeedOf(db, owner, person),
}));

function Section({ id, heading, children }: { id: string; heading: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="card p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="mb-3 text-lg font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

export const peoplePages = new Hono<AppEnv>()
  .get(
    "/people",
    signedIn(({ db, owner }) => ({ people: profilesOf(db, owner) })),
    (c) => {
      const { user, data } = c.var.signedIn;
      const people = data.people.map(toProfile);
      return c.render(
        <AppShell user={user}>
          <div className="mx-auto max-w-2xl space-y-6">
            <div>
              <h1 className="text-2xl font-bold">{m.page_people_title()}</h1>
              <p className="mt-1 text-sm text-slate-700">{m.page_people_subtitle()}</p>
            </div>
            <Section id="people-list" heading={m.people_list_heading()}>
              <ul className="divide-y divide-slate-200">
                {people.map((person) => (
                  <li key={person.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <a href={`/p/${person.id}/people`} className="font-medium text-teal-800 underline">
                      <bdi>{person.name}</bdi>
                    </a>
                    <span className="text-sm text-slate-700">
                      {person.self ? m.people_role_self({ role: person.role }) : m.people_role_name({ role: person.role })}
                    </span>
                  </li>
                ))}
              </ul>
            </Section>
            <Section id="people-add" heading={m.people_add_heading()}>
              <Island name="AddPerson" props={{}} />
            </Section>
          </div>
        </AppShell>,
        { title: m.page_people_title() },
      );
    },
  )
  .get("/p/:profileId/people", personReads, (c) => {
    const { user, data } = c.var.signedIn;
    const person = data.person[0];
    const membership = data.membership[0];
    // The guard found the membership in the same batch; a person deleted in between is not found.
    if (!person || !membership) throw new ApiError(404, "error_profile_not_found");
    const role = membership.role;
    const manager = atLeast(role, "manager");
    const subject = { id: person.id, name: person.name };
    // The person's zone (read with the session: personZoneOf); chosen here only for a person without an account.
    const zone = personZone(c.var.signedIn);
    const renderedAt = Date.now();
    return c.render(
      <AppShell user={user}>
        <div className="mx-auto max-w-3xl space-y-6">
          <div>
            <h1 className="text-2xl font-bold">
              <Rich message={m.page_person_title} values={{ person: <bdi>{person.name}</bdi> }} />
            </h1>
            <p className="mt-1 text-sm text-slate-700">
              {m.people_your_role({ role })} {m.invite_role_text({ role })}
            </p>
            <p className="mt-2 text-sm">
              <a href="/people" className="text-teal-800 underline">
                {m.people_back_to_list()}
              </a>
            </p>
          </div>
          {manager && (
            <Section id="members" heading={m.people_members_heading()}>
              <Island
                name="PersonMembers"
                props={{
                  person: subject,
                  role,
                  members: data.members.map(toMember),
                  invites: data.invites.map(toInvite),
                }}
              />
            </Section>
          )}
          <Section id="membership" heading={m.people_membership_heading()}>
            <Island name="PersonMembership" props={{ person: subject, settings: membership, userId: user.id }} />
            <div className="mt-6 border-t border-slate-200 pt-6">
              <Island
                name="CalendarFeed"
                props={{ enabled: data.calendar.length > 0, person: { ...subject, self: Boolean(person.self) } }}
              />
            </div>
          </Section>
          {manager && (
            <Section id="manage" heading={m.people_manage_heading()}>
              <Island
                name="PersonManage"
                props={{
                  person: subject,
                  mayDelete: role === "owner" && !person.self,
                  counts: {
                    medications: person.medications,
                    pharmacies: person.pharmacies,
                    refills: person.refills,
                    doseLogs: person.doseLogs,
                  },
                  zone: person.withAccount ? null : { value: zone, zones: timeZoneOptions(renderedAt, zone), renderedAt },
                }}
              />
              {Boolean(person.withAccount) && !person.self && (
                <p className="mt-4 text-sm text-slate-700">
                  <Rich message={m.people_zone_of_account} values={{ person: <bdi>{person.name}</bdi>, zone }} />
                </p>
              )}
            </Section>
          )}
          {manager && (
            <div id="activity" className="card p-4 sm:p-6">
              <ActivityList entries={toActivityEntries(data.activity, user.id)} timeZone={zoneOrUtc(user.timezone)} />
            </div>
          )}
        </div>
      </AppShell>,
      { title: m.page_person_title({ person: person.name }) },
    );
  });
