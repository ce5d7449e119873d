import type { Unit } from "../../src/domain/regimen";
import * as m from "../../src/generated/i18n";
import { Field } from "../lib/Field";

// The medication form's supply: what is on hand and what a refill brings (named in the unit chosen
// above: 'Puffs Remaining'), the last refill, on add the day the count was true, and the prescription.

type Props = {
  mode: "add" | "edit";
  unit: Unit;
  values: {
    pillsRemaining: number | string;
    pillsPerRefill: number | string;
    lastRefillDate: string;
    refillsLeft: number | string;
    prescriptionExpiresOn: string;
  };
  errors: Record<string, string | undefined>;
};

export function SupplyFields({ mode, unit, values, errors }: Props) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={m.medication_form_pills_remaining({ unit })}
          name="pillsRemaining"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          required
          defaultValue={values.pillsRemaining}
          error={errors.pillsRemaining}
        />
        <Field
          label={m.medication_form_pills_per_refill({ unit })}
          name="pillsPerRefill"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          defaultValue={values.pillsPerRefill}
          error={errors.pillsPerRefill}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={m.medication_form_last_refill_date()}
          name="lastRefillDate"
          type="date"
          defaultValue={values.lastRefillDate}
          error={errors.lastRefillDate}
        />
        {mode === "add" && (
          <Field
            label={m.medication_form_counted_on()}
            name="countedOn"
            type="date"
            defaultValue=""
            error={errors.countedOn}
            hint={m.medication_form_counted_on_hint()}
          />
        )}
      </div>
      <fieldset className="rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-800">{m.medication_form_prescription_legend()}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={m.medication_form_refills_left()}
            name="refillsLeft"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            defaultValue={values.refillsLeft}
            error={errors.refillsLeft}
            hint={m.medication_form_refills_left_hint()}
          />
          <Field
            label={m.medication_form_prescription_expires()}
            name="prescriptionExpiresOn"
            type="date"
            defaultValue={values.prescriptionExpiresOn}
            error={errors.prescriptionExpiresOn}
          />
        </div>
      </fieldset>
    </>
  );
}
