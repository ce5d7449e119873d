import { useState } from "react";
import { DOSE_MAX, DOSE_MIN, DOSE_STEP } from "../../src/domain/limits";
import * as m from "../../src/generated/i18n";
import { Field } from "../lib/Field";

// The medication form's dose-log controls: how the count follows doses (`countBy`) and, for an
// as-needed schedule, the patient's own most a day (`maxPerDay`: logging past it warns, never
// refuses). Named as the API names them, so a refusal shows at its control.

export type CountBy = "schedule" | "log";

type Props = {
  asNeeded: boolean;
  /** The stored choice on edit; a new medication has none. */
  countBy?: CountBy;
  maxPerDay?: number;
  errors: Record<string, string | undefined>;
};

export function CountFields({ asNeeded, countBy, maxPerDay, errors }: Props) {
  // Until the patient picks, a new medication follows its schedule: as needed counts what is logged.
  const [picked, setPicked] = useState<CountBy | null>(countBy ?? null);
  const mode = picked ?? (asNeeded ? "log" : "schedule");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        as="select"
        label={m.medication_form_count_by()}
        name="countBy"
        value={mode}
        onChange={(e) => setPicked(e.target.value as CountBy)}
        error={errors.countBy}
        hint={m.medication_form_count_by_hint({ mode })}
      >
        {(["schedule", "log"] as const).map((option) => (
          <option key={option} value={option}>
            {m.medication_form_count_by_option({ mode: option })}
          </option>
        ))}
      </Field>
      {asNeeded && (
        <Field
          label={m.medication_form_max_per_day()}
          name="maxPerDay"
          type="number"
          inputMode="decimal"
          min={DOSE_MIN}
          max={DOSE_MAX}
          step={DOSE_STEP}
          defaultValue={maxPerDay ?? ""}
          error={errors.maxPerDay}
          hint={m.medication_form_max_per_day_hint()}
        />
      )}
    </div>
  );
}
