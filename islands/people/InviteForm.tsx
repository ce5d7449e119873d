import { useRef } from "react";
import * as m from "../../src/generated/i18n";
import { isolate } from "../../src/i18n/Rich";
import { inviteSchema, type Invite, type InviteRole } from "../../src/shared/invite-schemas";
import { apiRequest } from "../lib/api";
import { Field, FormAlert } from "../lib/Field";
import { check, readForm } from "../lib/form";
import { PendingButton, useSubmit } from "../lib/submit";
import { type PersonRef, personPath, reloadWith } from "./common";

/** Invite someone by e-mail with a role up to the inviter's own; the toast names the address and the person. */
export function InviteForm({ person, roles }: { person: PersonRef; roles: InviteRole[] }) {
  const form = useRef<HTMLFormElement>(null);
  const send = useSubmit({
    check: (element) => check(inviteSchema, readForm(element)),
    async send(data) {
      const invite = await apiRequest<Invite>("POST", personPath(person, "/invites"), data);
      return reloadWith({ title: m.people_invite_sent({ email: isolate(invite.email), person: isolate(person.name) }) });
    },
    failureTitle: m.people_invite_failed(),
    form,
  });
  return (
    <form ref={form} onSubmit={send.onSubmit} noValidate className="space-y-4">
      <h3 className="font-semibold">{m.people_invite_heading()}</h3>
      <p className="text-sm text-slate-700">{m.people_invite_hint({ person: person.name })}</p>
      <Field label={m.people_invite_email()} name="email" type="email" autoComplete="off" required error={send.errors.email} />
      <Field as="select" label={m.people_invite_role()} name="role" defaultValue="helper" error={send.errors.role}>
        {roles.map((role) => (
          <option key={role} value={role}>
            {m.people_role_name({ role })}
          </option>
        ))}
      </Field>
      <FormAlert message={send.failure} />
      <PendingButton
        className="btn-primary"
        pending={send.pending}
        label={m.people_invite_send()}
        pendingLabel={m.people_invite_sending()}
      />
    </form>
  );
}
