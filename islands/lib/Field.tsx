import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { currentLocale } from "../../src/i18n/current";
import { fieldNumberText } from "../../src/shared/number";

type Labelled = { label: ReactNode; error?: string; hint?: ReactNode };
type InputFieldProps = Labelled & InputHTMLAttributes<HTMLInputElement> & { as?: "input" };
type SelectFieldProps = Labelled & SelectHTMLAttributes<HTMLSelectElement> & { as: "select" };

/**
 * aria-describedby of the control `id`: the ids of its hint and error (`<id>-hint`, `<id>-error`),
 * in the order they stand on the page; undefined when it has neither.
 */
export const describedBy = (id: string, parts: Array<"hint" | "error" | false | undefined>) =>
  parts
    .filter(Boolean)
    .map((part) => `${id}-${part}`)
    .join(" ") || undefined;

/** The error under a control, announced when it appears; nothing without an error. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}

/**
 * A number field's input: text, because the browser's number input drops digits it does not know
 * (٢, ६) and reads '1,5' as nothing. Marked `data-number`, so readForm reads it with the one parser
 * (src/shared/number.ts); its starting value in the locale's digits and decimal mark. min, max and
 * step stay as the field's stated limits; the schema checks them and its messages say them.
 */
function numberControl({ type: _number, defaultValue, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  const shown = typeof defaultValue === "number" ? fieldNumberText(defaultValue, currentLocale()) : defaultValue;
  return { ...rest, type: "text", "data-number": "", autoComplete: "off", defaultValue: shown };
}

/**
 * A labelled input, or a native <select> with `as="select"` (its options as children): the error
 * under it, then the hint, both tied to it with aria-describedby, and aria-invalid while in error.
 */
export function Field({ label, error, hint, id, as, ...control }: InputFieldProps | SelectFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const wiring = {
    id: controlId,
    className: "field-input",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(controlId, [error ? "error" : false, hint ? "hint" : false]),
  };
  return (
    <div>
      <label htmlFor={controlId} className="field-label">
        {label}
      </label>
      {as === "select" ? (
        <select {...wiring} {...(control as SelectHTMLAttributes<HTMLSelectElement>)} />
      ) : (
        <input
          {...wiring}
          {...((control as InputHTMLAttributes<HTMLInputElement>).type === "number"
            ? numberControl(control as InputHTMLAttributes<HTMLInputElement>)
            : (control as InputHTMLAttributes<HTMLInputElement>))}
        />
      )}
      <FieldError id={controlId} error={error} />
      {hint && (
        <div id={`${controlId}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </div>
      )}
    </div>
  );
}

/** A failure the form repeats in its own body (a toast may be hidden behind a modal's backdrop). */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p className="rounded-md bg-red-50 p-3 text-sm text-red-800" role="alert">
      {message}
    </p>
  ) : null;
}
