import { useState } from "react";
import { PACKAGE_AMOUNT_MAX, PACKAGE_AMOUNT_MIN, PACKAGE_ITEMS_MAX, PACKAGE_ITEMS_MIN } from "../../src/domain/limits";
import type { Medication } from "../../src/domain/medications";
import { packageKind, packageSizeText, packageTotal } from "../../src/domain/package-text";
import * as m from "../../src/generated/i18n";
import { Field } from "../lib/Field";
import { typed } from "../medication/PackageFields";

// The refill dialog's package (in its lazy chunk): a medication with a package size is refilled in
// boxes ('1 box = 5 pens = 1,500 units', Boxes to add: 1); one without may count a package there
// (5 × 300 units). Either fills the dialog's amount, which stays the one that is sent and checked.

type Props = {
  medication: Pick<Medication, "unit" | "pillsPerRefill" | "packageItems" | "packageAmount">;
  disabled: boolean;
  /** The amount the package comes to, for the dialog's amount field. */
  onAmount: (amount: number) => void;
};

const positiveWhole = (n: number) => Number.isInteger(n) && n >= 1;

export function PackageRefill({ medication, disabled, onAmount }: Props) {
  const total = packageTotal(medication);
  return total === null ? (
    <CountPackage unit={medication.unit} disabled={disabled} onAmount={onAmount} />
  ) : (
    <Boxes medication={medication} total={total} disabled={disabled} onAmount={onAmount} />
  );
}

function Boxes({ medication, total, disabled, onAmount }: Props & { total: number }) {
  // The standard refill in whole boxes when it is some (2 boxes of 1,500 = 3,000), else empty.
  const perRefill = medication.pillsPerRefill / total;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-800">
        {packageSizeText(medication.unit, medication.packageItems!, medication.packageAmount!)}
      </p>
      <Field
        label={m.refill_boxes_label()}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        defaultValue={positiveWhole(perRefill) ? perRefill : ""}
        onInput={(event) => {
          const boxes = typed(event.currentTarget.value);
          if (positiveWhole(boxes)) onAmount(boxes * total);
        }}
        disabled={disabled}
      />
    </div>
  );
}

function CountPackage({ unit, disabled, onAmount }: { unit: Medication["unit"]; disabled: boolean; onAmount: (amount: number) => void }) {
  const [items, setItems] = useState(Number.NaN);
  const [each, setEach] = useState(Number.NaN);
  const counted = (nextItems: number, nextEach: number) => {
    setItems(nextItems);
    setEach(nextEach);
    if (positiveWhole(nextItems) && nextEach > 0) onAmount(nextItems * nextEach);
  };
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{m.refill_by_package_legend()}</legend>
      <div className="grid grid-cols-2 gap-3">
        <Field
          label={m.package_items_label({ kind: packageKind(unit) })}
          type="number"
          inputMode="numeric"
          min={PACKAGE_ITEMS_MIN}
          max={PACKAGE_ITEMS_MAX}
          step={1}
          defaultValue=""
          onInput={(event) => counted(typed(event.currentTarget.value), each)}
          disabled={disabled}
        />
        <Field
          label={m.package_amount_label({ unit })}
          type="number"
          inputMode="decimal"
          min={PACKAGE_AMOUNT_MIN}
          max={PACKAGE_AMOUNT_MAX}
          step={PACKAGE_AMOUNT_MIN}
          defaultValue=""
          onInput={(event) => counted(items, typed(event.currentTarget.value))}
          disabled={disabled}
        />
      </div>
    </fieldset>
  );
}
