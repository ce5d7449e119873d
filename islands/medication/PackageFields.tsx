import { useState } from "react";
import { isQuarterIn, PACKAGE_AMOUNT_MAX, PACKAGE_AMOUNT_MIN, PACKAGE_ITEMS_MAX, PACKAGE_ITEMS_MIN } from "../../src/domain/limits";
import { packageKind, packageSizeText } from "../../src/domain/package-text";
import type { Unit } from "../../src/domain/regimen";
import * as m from "../../src/generated/i18n";
import { currentLocale } from "../../src/i18n/current";
import { parseNumber } from "../../src/shared/number";
import { Field } from "../lib/Field";

// The medication form's package: how many items one box holds (pens, strips) and how much each
// holds, in the unit chosen above. Optional; both empty is no package. While both read as a package
// within its limits, the form says what a box holds ('1 box = 5 pens = 1,500 units').

type Props = {
  unit: Unit;
  values: { packageItems: number | null | string; packageAmount: number | null | string };
  errors: Record<string, string | undefined>;
};

const valid = (items: number, each: number) =>
  Number.isInteger(items) &&
  items >= PACKAGE_ITEMS_MIN &&
  items <= PACKAGE_ITEMS_MAX &&
  isQuarterIn(each, PACKAGE_AMOUNT_MIN, PACKAGE_AMOUNT_MAX);

/** A typed value as a number ('' and anything unreadable: NaN), in the page's digits. */
export const typed = (text: string) => parseNumber(text, currentLocale());

export function PackageFields({ unit, values, errors }: Props) {
  const start = (value: number | null | string) => (typeof value === "number" ? value : Number.NaN);
  const [items, setItems] = useState(start(values.packageItems));
  const [each, setEach] = useState(start(values.packageAmount));
  return (
    <fieldset className="rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">{m.medication_form_package_legend()}</legend>
      <p className="mb-3 text-xs text-slate-600">{m.medication_form_package_hint()}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={m.package_items_label({ kind: packageKind(unit) })}
          name="packageItems"
          type="number"
          inputMode="numeric"
          min={PACKAGE_ITEMS_MIN}
          max={PACKAGE_ITEMS_MAX}
          step={1}
          defaultValue={values.packageItems ?? ""}
          onInput={(event) => setItems(typed(event.currentTarget.value))}
          error={errors.packageItems}
        />
        <Field
          label={m.package_amount_label({ unit })}
          name="packageAmount"
          type="number"
          inputMode="decimal"
          min={PACKAGE_AMOUNT_MIN}
          max={PACKAGE_AMOUNT_MAX}
          step={PACKAGE_AMOUNT_MIN}
          defaultValue={values.packageAmount ?? ""}
          onInput={(event) => setEach(typed(event.currentTarget.value))}
          error={errors.packageAmount}
        />
      </div>
      {valid(items, each) && (
        <p className="mt-2 text-sm text-slate-700" data-testid="package-size">
          {packageSizeText(unit, items, each)}
        </p>
      )}
    </fieldset>
  );
}
