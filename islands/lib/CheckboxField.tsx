import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { describedBy, FieldError } from "./Field";

type CheckboxFieldProps = { label: ReactNode; error?: string; hint?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">;

/**
 * A real checkbox with its label beside it, its error and hint under it, tied to it with
 * aria-describedby (aria-invalid while in error), like Field's controls.
 */
export function CheckboxField({ label, error, hint, id, ...control }: CheckboxFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <div>
      <div className="flex items-start gap-2 text-sm">
        <input
          {...control}
          id={controlId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(controlId, [error ? "error" : false, hint ? "hint" : false])}
          className="mt-0.5 h-4 w-4 shrink-0 accent-teal-700"
        />
        <label htmlFor={controlId}>{label}</label>
      </div>
      <FieldError id={controlId} error={error} />
      {hint && (
        <div id={`${controlId}-hint`} className="mt-1 ps-6 text-xs text-slate-600">
          {hint}
        </div>
      )}
    </div>
  );
}
