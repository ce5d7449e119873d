import { useRef, useState, type ButtonHTMLAttributes, type FormEvent, type RefObject } from "react";
import { errorMessage, fieldOf } from "./errors";
import { navigateWithToast, showError, showSuccess, type ToastAction } from "./toast";

// Submitting: the hook every form and confirming button goes through, and the spinner and button
// that show its pending state. One module, so the islands load them as one chunk with the API client.

export type Toast = { title: string; description?: string; action?: ToastAction };

/** A checked input: the data to send, or each invalid field's message. */
export type Checked<Data> = { data: Data; errors: null } | { data: null; errors: Record<string, string> };

/** What a successful request leads to; void: the controls come back and nothing is shown. */
// biome-ignore lint/suspicious/noConfusingVoidType: an action that returns nothing is an outcome (the controls come back).
export type Outcome = void | {
  /** The success toast. */
  toast: Toast;
  /** The page to go to, where the toast is shown. The controls stay pending until the page goes. */
  navigate?: string;
  /** Milliseconds to stay before going; the toast is then shown here at once as well. */
  delay?: number;
};

export interface SubmitOptions<Input, Data> {
  /**
   * Checks the input before anything is sent; invalid fields get their messages and nothing is sent.
   * It may return a promise (a schema loaded on first use): the controls are pending meanwhile, and
   * a check that cannot run fails like a request. Without it the input is sent as it is.
   */
  check?: (input: Input) => Checked<Data> | Promise<Checked<Data>>;
  /** Makes the request; what it returns says what follows. */
  send: (data: Data) => Promise<Outcome>;
  /** The failure toast's title. */
  failureTitle: string;
  /** The failure toast's sentence for an error: by default the server's message alone (or the generic one). */
  describe?: (err: unknown) => string;
  /** The form a refusal may be about, when the input is not the form itself. */
  form?: RefObject<HTMLFormElement | null>;
  /** After every request, whatever its outcome (a list reloads); a dialog closes in `send`, after a success only. */
  onSettled?: () => void;
}

/**
 * One submit for every form and confirming button: checks the input, keeps the controls pending
 * while the request runs (a second submit meanwhile is ignored), shows the toasts and goes where
 * a success leads. A failure brings the controls back and keeps what was typed: a 4xx about one of
 * the form's controls (told by its code, see fieldOf) is shown at that control alone; any other
 * failure is toasted and kept in `failure` for the form's own alert (cleared when the next request starts).
 */
export function useSubmit<Input = HTMLFormElement, Data = Input>(options: SubmitOptions<Input, Data>) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = useRef(false);
  const { check, send, failureTitle, describe = errorMessage, form, onSettled } = options;

  const setBusy = (value: boolean) => {
    busy.current = value;
    setPending(value);
  };
  const fail = (err: unknown, input?: Input) => {
    const message = describe(err);
    const field = fieldOf(err, form?.current ?? input);
    setBusy(false);
    if (field) return setErrors({ [field]: errorMessage(err) });
    setFailure(message);
    showError(failureTitle, message);
  };

  async function submit(input: Input): Promise<void> {
    if (busy.current) return;
    let checked = check ? check(input) : ({ data: input as unknown as Data, errors: null } as const);
    if (checked instanceof Promise) {
      setBusy(true);
      try {
        checked = await checked;
      } catch (err) {
        return fail(err);
      }
    }
    setErrors(checked.errors ?? {});
    if (checked.errors) return setBusy(false);
    setBusy(true);
    setFailure(null);
    try {
      follow(await send(checked.data));
    } catch (err) {
      fail(err, input);
    }
    onSettled?.();
  }

  function follow(outcome: Outcome) {
    if (!outcome) return setBusy(false);
    const { toast, navigate, delay } = outcome;
    if (navigate && !delay) return navigateWithToast(navigate, toast);
    showSuccess(toast.title, toast.description, toast.action);
    if (navigate) setTimeout(() => navigateWithToast(navigate, toast), delay);
    else setBusy(false);
  }

  /** For a <form onSubmit>: the form element is the input. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(event.currentTarget as Input);
  }

  /** Forgets the last failure and the fields' errors (a dialog that closed). */
  const reset = () => {
    setErrors({});
    setFailure(null);
  };

  return { pending, errors, setErrors, failure, reset, submit, onSubmit };
}

/** Decorative unless labelled; with a label it is announced as a status ('Loading'). */
export function Spinner({ label }: { label?: string }) {
  // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-label is set only with role="status".
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
