import type * as z from "zod/mini";
import { currentLocale } from "../../src/i18n/current";
import { plainNumberText } from "../../src/shared/number";
import { fieldErrors } from "../../src/shared/validation";
import type { Checked } from "./submit";

/**
 * Reads a form's named fields as strings (checkboxes as booleans). A number field (Field's
 * `data-number`) is read in the page's locale, in any digits: '٢' and '1,5' come back as '2' and '1.5'.
 * A date or time the browser cannot read (half typed: "mm/09/1950") has the value "", which would
 * clear an optional field: it is read as UNREADABLE, which every date and time schema refuses.
 */
export const UNREADABLE = "?";

export function readForm(form: HTMLFormElement): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const element of Array.from(form.elements) as HTMLInputElement[]) {
    if (!element.name) continue;
    values[element.name] = element.validity?.badInput
      ? UNREADABLE
      : element.type === "checkbox"
        ? element.checked
        : element.dataset.number !== undefined
          ? plainNumberText(element.value, currentLocale())
          : element.value;
  }
  return values;
}

/** Validates with the payload's shared schema: data, or field → message. */
export function check<T extends z.ZodMiniType>(schema: T, values: unknown): Checked<z.infer<T>> {
  const result = schema.safeParse(values);
  return result.success ? { data: result.data as z.infer<T>, errors: null } : { data: null, errors: fieldErrors(result.error) };
}
