import type { ButtonHTMLAttributes } from "react";

/** Decorative unless labelled; with a label it is announced as a status ('Loading'). */
export function Spinner({ label }: { label?: string }) {
  return <span className="spinner" role={label ? "status" : undefined} aria-label={label} aria-hidden={label ? undefined : true} />;
}

type PendingButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Shows the spinner; also disables the button unless `disabled` is given. */
  pending: boolean;
  label: string;
  /** The text while pending ('Signing in...'); without one the label stays beside the spinner. */
  pendingLabel?: string;
};

/** A submit button (or any `type`) that shows a spinner while its request runs. */
export function PendingButton({ pending, label, pendingLabel, type = "submit", disabled = pending, ...button }: PendingButtonProps) {
  return (
    <button type={type} {...button} disabled={disabled}>
      {pendingLabel ? (
        pending ? (
          <>
            <Spinner /> {pendingLabel}
          </>
        ) : (
          label
        )
      ) : (
        <>
          {pending && <Spinner />} {label}
        </>
      )}
    </button>
  );
}
