import { useState } from "react";
import * as m from "../src/generated/i18n";
import { isolate, Rich } from "../src/i18n/Rich";
import { INVITE_ROLES, type Invite } from "../src/shared/invite-schemas";
import { GIVEN_ROLES, memberRoleSchema, type Member } from "../src/shared/member-schemas";
import type { Profile } from "../src/shared/profile-schemas";
import { apiRequest } from "./lib/api";
import { Field } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { PendingButton, useSubmit } from "./lib/submit";
import { type PersonRef, personPath, reloadWith } from "./people/common";
import { ConfirmDialog } from "./people/ConfirmDialog";
import { InviteForm } from "./people/InviteForm";

type Role = Profile["role"];

interface PersonMembersProps {
  person: PersonRef;
  /** The account's role for the person: manager or owner (the page shows this island to no one else). */
  role: Role;
  members: Member[];
  invites: Invite[];
}

const RANK: Record<Role, number> = { viewer: 0, helper: 1, manager: 2, owner: 3 };

/** The owner's control of a member's role: a native <select> with its Save. */
function RoleCell({ person, member }: { person: PersonRef; member: Member }) {
  const save = useSubmit({
    check: (form) => check(memberRoleSchema, readForm(form)),
    async send(data) {
      const changed = await apiRequest<Member>("PATCH", personPath(person, `/members/${member.userId}`), data);
      return reloadWith({
        title: m.people_role_changed({ member: isolate(changed.name), person: isolate(person.name), role: changed.role }),
      });
    },
    failureTitle: m.people_role_change_failed(),
  });
  return (
    <form onSubmit={save.onSubmit} className="flex items-end gap-2">
      <Field as="select" name="role" label={m.people_role_label({ member: member.name })} defaultValue={member.role}>
        {GIVEN_ROLES.map((role) => (
          <option key={role} value={role}>
            {m.people_role_name({ role })}
          </option>
        ))}
      </Field>
      <PendingButton className="btn-secondary" pending={save.pending} label={m.people_role_save()} pendingLabel={m.common_saving()} />
    </form>
  );
}

/** A person's members and pending invitations, with what the account's role allows on each, and the invite form. */
export default function PersonMembers({ person, role, members, invites }: PersonMembersProps) {
  const [removing, setRemoving] = useState<Member | null>(null);
  const withdraw = useSubmit<Invite>({
    async send(invite) {
      await apiRequest("DELETE", personPath(person, `/invites/${invite.id}`));
      return reloadWith({ title: m.people_invite_withdrawn({ email: isolate(invite.email), person: isolate(person.name) }) });
    },
    failureTitle: m.people_invite_withdraw_failed(),
  });
  // The owner changes every role but its own; a manager removes helpers and viewers, the owner anyone
  // but itself. One's own membership is left from the section below.
  const mayRemove = (member: Member) => !member.self && member.role !== "owner" && RANK[member.role] < RANK[role];
  return (
    <div className="space-y-6">
      <ul className="divide-y divide-slate-200">
        {members.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-end justify-between gap-3 py-3">
            <div>
              <p className="font-medium">
                {member.self ? (
                  <Rich message={m.people_member_you} values={{ member: <bdi>{member.name}</bdi> }} />
                ) : (
                  <bdi>{member.name}</bdi>
                )}
              </p>
              {(member.self || member.role === "owner" || role !== "owner") && (
                <p className="text-sm text-slate-700">{m.people_role_name({ role: member.role })}</p>
              )}
            </div>
            <div className="flex flex-wrap items-end gap-2">
              {role === "owner" && !member.self && member.role !== "owner" && <RoleCell person={person} member={member} />}
              {mayRemove(member) && (
                <button type="button" className="btn-secondary" onClick={() => setRemoving(member)}>
                  {m.people_remove_member()}
                  <span className="sr-only">
                    {" "}
                    <bdi>{member.name}</bdi>
                  </span>
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <div>
        <h3 className="mb-2 font-semibold">{m.people_invites_heading()}</h3>
        {invites.length === 0 ? (
          <p className="text-sm text-slate-700">{m.people_invites_none()}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {invites.map((invite) => (
              <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="break-all text-sm">
                  <bdi>{invite.email}</bdi> · {m.people_role_name({ role: invite.role })}
                </span>
                <PendingButton
                  type="button"
                  className="btn-secondary"
                  pending={withdraw.pending}
                  onClick={() => withdraw.submit(invite)}
                  label={m.people_invite_withdraw()}
                  aria-label={m.people_invite_withdraw_named({ email: invite.email })}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <InviteForm person={person} roles={INVITE_ROLES.filter((given) => RANK[given] <= RANK[role])} />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={
          removing && (
            <Rich message={m.people_remove_title} values={{ member: <bdi>{removing.name}</bdi>, person: <bdi>{person.name}</bdi> }} />
          )
        }
        description={
          removing && (
            <Rich message={m.people_remove_text} values={{ member: <bdi>{removing.name}</bdi>, person: <bdi>{person.name}</bdi> }} />
          )
        }
        confirmLabel={m.people_remove_member()}
        pendingLabel={m.people_removing()}
        failureTitle={m.people_remove_failed()}
        confirm={async () => {
          if (!removing) return;
          await apiRequest("DELETE", personPath(person, `/members/${removing.userId}`));
          return reloadWith({ title: m.people_removed({ member: isolate(removing.name), person: isolate(person.name) }) });
        }}
      />
    </div>
  );
}
