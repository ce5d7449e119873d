import { useId } from "react";
import * as m from "../../src/generated/i18n";
import { DOSE_FOLLOW_UP_MINUTES } from "../../src/shared/settings-schemas";
import { FieldError } from "../lib/Field";

// Configure Notifications → the dose-time push: on or off, and whether (and when) one follow-up asks
// again while the doses are unlogged. Saved with the form; they reach only the push devices listed.

export interface DoseReminderChoice {
  doseReminders: boolean;
  doseFollowUpMinutes: number;
}

interface Props {
  value: DoseReminderChoice;
  onChange: (value: DoseReminderChoice) => void;
  errors: { doseReminders?: string; doseFollowUpMinutes?: string };
}

export function DoseReminderSettings({ value, onChange, errors }: Props) {
  const id = useId();
  const followUpId = `${id}-follow-up`;
  return (
    <div className="space-y-3">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="doseReminders"
          checked={value.doseReminders}
          onChange={(e) => onChange({ ...value, doseReminders: e.currentTarget.checked })}
          aria-describedby={`${id}-hint`}
          className="mt-0.5 h-4 w-4 accent-teal-700"
        />
        <span>
          {m.notifications_dose_reminders()}
          <span id={`${id}-hint`} className="block text-slate-700">
            {m.notifications_dose_reminders_hint()}
          </span>
        </span>
      </label>
      <FieldError id={`${id}-reminders`} error={errors.doseReminders} />
      <div>
        <label htmlFor={followUpId} className="field-label">
          {m.notifications_dose_follow_up()}
        </label>
        <select
          id={followUpId}
          name="doseFollowUpMinutes"
          value={value.doseFollowUpMinutes}
          disabled={!value.doseReminders}
          onChange={(e) => onChange({ ...value, doseFollowUpMinutes: Number(e.currentTarget.value) })}
          aria-describedby={errors.doseFollowUpMinutes ? `${followUpId}-error` : undefined}
          className="field-input mt-1"
        >
          {DOSE_FOLLOW_UP_MINUTES.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes === 0 ? m.notifications_dose_follow_up_off() : m.notifications_dose_follow_up_after({ count: minutes })}
            </option>
          ))}
        </select>
        <FieldError id={followUpId} error={errors.doseFollowUpMinutes} />
      </div>
    </div>
  );
}
