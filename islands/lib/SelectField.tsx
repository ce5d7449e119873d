import { useId, type ReactNode, type SelectHTMLAttributes } from "react";

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; error?: string; hint?: ReactNode };

/** A labelled native <select> with its error announced, styled like Field. */
export function SelectField({ label, error, hint, id, children, ...select }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const describedBy = [error ? `${selectId}-error` : "", hint ? `${selectId}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={selectId} className="field-label">
        {label}
      </label>
      <select id={selectId} className="field-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
      {error && (
        <p id={`${selectId}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      {hint && (
        <div id={`${selectId}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </div>
      )}
    </div>
  );
}
