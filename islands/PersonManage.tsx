import { useState } from "react";
import * as m from "../src/generated/i18n";
import { isolate, Rich } from "../src/i18n/Rich";
import { profileSchema, type Profile } from "../src/shared/profile-schemas";
import { apiRequest } from "./lib/api";
import { Field, FormAlert } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { PendingButton, useSubmit } from "./lib/submit";
import { type PersonRef, personPath, reloadWith } from "./people/common";
import { ConfirmDialog } from "./people/ConfirmDialog";
import { PersonZone, type PersonZoneProps } from "./people/PersonZone";

/** What deleting a person deletes with them, counted with the page. */
interface Counts {
  medications: number;
  pharmacies: number;
  refills: number;
  doseLogs: number;
}

/**
 * Renaming a person (managers and the owner), their time zone (a person without an account: `zone`;
 * null for one with an account, whose zone is the account's) and deleting them (the owner, never one's own person).
 */
export default function PersonManage({
  person,
  mayDelete,
  counts,
  zone,
}: {
  person: PersonRef;
  mayDelete: boolean;
  counts: Counts;
  zone: PersonZoneProps | null;
}) {
  const [deleting, setDeleting] = useState(false);
  const rename = useSubmit({
    check: (form) => check(profileSchema, readForm(form)),
    async send(data) {
      const renamed = await apiRequest<Profile>("PATCH", personPath(person), data);
      return reloadWith({ title: m.people_renamed({ before: isolate(person.name), person: isolate(renamed.name) }) });
    },
    failureTitle: m.common_update_failed(),
  });
  return (
    <div className="space-y-6">
      <form onSubmit={rename.onSubmit} noValidate className="space-y-4">
        <Field
          label={m.people_name_label()}
          name="name"
          autoComplete="off"
          required
          defaultValue={person.name}
          error={rename.errors.name}
        />
        <FormAlert message={rename.failure} />
        <PendingButton className="btn-primary" pending={rename.pending} label={m.people_rename()} pendingLabel={m.common_saving()} />
      </form>
      {zone && <PersonZone person={person} zone={zone} />}
      {mayDelete && (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">{m.people_delete_hint()}</p>
          <button type="button" className="btn-danger" onClick={() => setDeleting(true)}>
            <Rich message={m.people_delete} values={{ person: <bdi>{person.name}</bdi> }} />
          </button>
          <ConfirmDialog
            open={deleting}
            onClose={() => setDeleting(false)}
            title={<Rich message={m.people_delete_title} values={{ person: <bdi>{person.name}</bdi> }} />}
            description={<Rich message={m.people_delete_text} values={{ person: <bdi>{person.name}</bdi>, ...counts }} />}
            confirmLabel={m.common_delete()}
            pendingLabel={m.common_deleting()}
            failureTitle={m.people_delete_failed()}
            confirm={async () => {
              await apiRequest("DELETE", personPath(person));
              return { toast: { title: m.people_deleted({ person: isolate(person.name) }) }, navigate: "/people" };
            }}
          />
        </div>
      )}
    </div>
  );
}
