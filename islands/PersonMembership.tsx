import { useState } from "react";
import { MISSED_DOSE_AFTER_MAX, MISSED_DOSE_AFTER_MIN } from "../src/domain/limits";
import * as m from "../src/generated/i18n";
import { isolate, Rich } from "../src/i18n/Rich";
import { membershipSettingsSchema, type MembershipSettings } from "../src/shared/member-schemas";
import { apiRequest } from "./lib/api";
import { CheckboxField } from "./lib/CheckboxField";
import { Field, FormAlert } from "./lib/Field";
import { check, readForm } from "./lib/form";
import { PendingButton, useSubmit } from "./lib/submit";
import { type PersonRef, personPath, reloadWith } from "./people/common";
import { ConfirmDialog } from "./people/ConfirmDialog";

/** The account's own settings for a person (any role), and leaving the person (anyone but the owner). */
export default function PersonMembership({
  person,
  settings,
  userId,
}: {
  person: PersonRef;
  settings: MembershipSettings;
  userId: number;
}) {
  const [leaving, setLeaving] = useState(false);
  const save = useSubmit({
    check: (form) => {
      const values = readForm(form);
      // The minutes field is text (any digits); the schema wants a number, and says its range.
      const minutes = values.missedDoseAfterMinutes;
      const after = typeof minutes === "string" && minutes.trim() !== "" ? Number(minutes) : minutes;
      return check(membershipSettingsSchema, { ...values, missedDoseAfterMinutes: after });
    },
    async send(data) {
      await apiRequest<MembershipSettings>("PATCH", personPath(person, "/membership"), data);
      return reloadWith({ title: m.people_settings_saved({ person: isolate(person.name) }) });
    },
    failureTitle: m.common_update_failed(),
  });
  return (
    <div className="space-y-6">
      <form onSubmit={save.onSubmit} noValidate className="space-y-4">
        <CheckboxField
          name="remindMe"
          defaultChecked={settings.remindMe}
          label={<Rich message={m.people_remind_me} values={{ person: <bdi>{person.name}</bdi> }} />}
          hint={m.people_remind_me_hint()}
          error={save.errors.remindMe}
        />
        <CheckboxField
          name="missedDoseAlerts"
          defaultChecked={settings.missedDoseAlerts}
          label={<Rich message={m.people_missed_dose_alerts} values={{ person: <bdi>{person.name}</bdi> }} />}
          error={save.errors.missedDoseAlerts}
        />
        <Field
          label={m.people_missed_dose_after()}
          name="missedDoseAfterMinutes"
          type="number"
          inputMode="numeric"
          min={MISSED_DOSE_AFTER_MIN}
          max={MISSED_DOSE_AFTER_MAX}
          defaultValue={settings.missedDoseAfterMinutes}
          hint={m.people_missed_dose_after_hint({ min: MISSED_DOSE_AFTER_MIN, max: MISSED_DOSE_AFTER_MAX })}
          error={save.errors.missedDoseAfterMinutes}
        />
        <FormAlert message={save.failure} />
        <PendingButton className="btn-primary" pending={save.pending} label={m.people_settings_save()} pendingLabel={m.common_saving()} />
      </form>
      {settings.role !== "owner" && (
        <div>
          <button type="button" className="btn-secondary" onClick={() => setLeaving(true)}>
            {m.people_leave()}
          </button>
          <ConfirmDialog
            open={leaving}
            onClose={() => setLeaving(false)}
            title={<Rich message={m.people_leave_title} values={{ person: <bdi>{person.name}</bdi> }} />}
            description={<Rich message={m.people_leave_text} values={{ person: <bdi>{person.name}</bdi> }} />}
            confirmLabel={m.people_leave()}
            pendingLabel={m.people_leaving()}
            failureTitle={m.people_leave_failed()}
            confirm={async () => {
              await apiRequest("DELETE", personPath(person, `/members/${userId}`));
              return { toast: { title: m.people_left({ person: isolate(person.name) }) }, navigate: "/people" };
            }}
          />
        </div>
      )}
    </div>
  );
}
