import * as m from "../src/generated/i18n";
import { isolate } from "../src/i18n/Rich";
import { profileSchema } from "../src/shared/profile-schemas";
import type { Profile } from "../src/shared/profile-schemas";
import { apiRequest } from "./lib/api";
import { Field, FormAlert } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { PendingButton, useSubmit } from "./lib/submit";
import { reloadWith } from "./people/common";

/** /people: add a person without an account (a name only); the API's refusal (too many people) is said here. */
export default function AddPerson() {
  const add = useSubmit({
    check: (form) => check(profileSchema, readForm(form)),
    async send(data) {
      const person = await apiRequest<Profile>("POST", "/api/profiles", data);
      return reloadWith({ title: m.people_added({ person: isolate(person.name) }) });
    },
    failureTitle: m.people_add_failed(),
  });
  return (
    <form onSubmit={add.onSubmit} noValidate className="space-y-4">
      <Field label={m.people_name_label()} name="name" autoComplete="off" required error={add.errors.name} hint={m.people_add_hint()} />
      <FormAlert message={add.failure} />
      <PendingButton className="btn-primary" pending={add.pending} label={m.people_add_button()} pendingLabel={m.common_saving()} />
    </form>
  );
}
