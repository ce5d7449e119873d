import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import * as m from "../../src/generated/i18n";
import { FormAlert } from "./Field";
import { PendingButton, useSubmit, type Outcome } from "./submit";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first and Shift+Tab from the first to the last. */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

type DialogProps = {
  open: boolean;
  /** Asked to close: Escape, a click on the backdrop, or the caller's own Cancel button. */
  onClose: () => void;
  title: ReactNode;
  /** The sentence that explains the dialog; announced with the title. */
  description?: ReactNode;
  /** While a request runs the dialog stays put (Escape and the backdrop are ignored). */
  busy?: boolean;
  children?: ReactNode;
};

/**
 * A modal on the native <dialog>: showModal() gives the top layer, inert background, focus moved
 * into the dialog and Escape for free. Tab cycles inside it (the browser would otherwise let focus
 * leave for its own toolbar), and focus goes back to whatever opened it when it closes.
 */
export function Dialog({ open, onClose, title, description, busy = false, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // undefined while closed; null when nothing had focus at the opening.
  const opener = useRef<HTMLElement | null | undefined>(undefined);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && opener.current !== undefined) {
      // Also when the browser closed it itself (a repeated Escape): focus still goes back.
      if (dialog.open) dialog.close();
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = undefined;
    }
  }, [open]);

  function onBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    // The dialog element itself has no padding, so a click on it is a click on the backdrop.
    if (event.target === event.currentTarget && !busy) onClose();
  }

  return (
    <dialog
      ref={ref}
      // Set only while open, i.e. rendered in the browser together with the elements they name:
      // an island's server-rendered useId values need not match the ones it gets when hydrated.
      aria-labelledby={open ? titleId : undefined}
      aria-describedby={open && description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      // The browser may still close it (a repeated Escape cannot be refused): keep the state in step.
      onClose={() => open && onClose()}
      onClick={onBackdropClick}
      onKeyDown={keepFocusInside}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-0 text-slate-900 shadow-xl"
    >
      {open && (
        <div className="space-y-4 p-6">
          <h2 id={titleId} className="break-words text-lg font-semibold">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="text-sm text-slate-700">
              {description}
            </p>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}

interface DialogButtonsProps {
  pending: boolean;
  onCancel: () => void;
  confirmLabel: string;
  pendingLabel: string;
  /** "danger" for destructive confirmations; the confirm button then acts on click, not submit. */
  tone?: "primary" | "danger";
  onConfirm?: () => void;
}

/**
 * Cancel and the confirming button, at the end of the line (stacked on narrow screens). Both are disabled
 * while the request is pending, and the confirm button shows a spinner with its pending label.
 * Without onConfirm the confirm button submits the dialog's form.
 */
export function DialogButtons({ pending, onCancel, confirmLabel, pendingLabel, tone = "primary", onConfirm }: DialogButtonsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <button type="button" className="btn-secondary" onClick={onCancel} disabled={pending}>
        {m.common_cancel()}
      </button>
      <PendingButton
        type={onConfirm ? "button" : "submit"}
        className={tone === "danger" ? "btn-danger" : "btn-primary"}
        onClick={onConfirm}
        pending={pending}
        label={confirmLabel}
        pendingLabel={pendingLabel}
      />
    </div>
  );
}

/** What a delete confirmation says and does for one kind of item. */
export interface DeleteSpec<Item> {
  /** The dialog's title; it may name the item (in <bdi>, through <Rich>). */
  title: (item: Item) => ReactNode;
  /** The sentence that names the item (a user's name in <bdi>, through <Rich>). */
  description: (item: Item) => ReactNode;
  /** Deletes it; the success toast comes back. */
  remove: (item: Item) => Promise<Outcome>;
  /** The failure's sentence for an error (in the dialog, and in a toast). */
  describe: (err: unknown) => string;
}

interface ConfirmDeleteProps<Item> {
  /** What would be deleted; null keeps the dialog closed. */
  item: Item | null;
  spec: DeleteSpec<Item>;
  onClose: () => void;
  /** After the request, whatever its outcome: the list may have changed. */
  onSettled: () => void;
}

/**
 * A destructive confirmation: Cancel, or Delete, which closes it with a toast that says it was done.
 * A refusal (a pharmacy still in use) is said in the dialog, which stays open until the patient cancels.
 */
export function ConfirmDeleteDialog<Item>({ item, spec, onClose, onSettled }: ConfirmDeleteProps<Item>) {
  const { pending, failure, reset, submit } = useSubmit<Item>({
    async send(item) {
      const outcome = await spec.remove(item);
      onClose();
      return outcome;
    },
    failureTitle: m.common_error(),
    describe: spec.describe,
    onSettled,
  });
  // A refusal is about the item it was for: another opening starts without it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the item changes, which is the point.
  useEffect(reset, [item]);
  return (
    <Dialog
      open={item !== null}
      busy={pending}
      onClose={onClose}
      title={item !== null ? spec.title(item) : null}
      description={item !== null ? spec.description(item) : undefined}
    >
      <FormAlert message={failure} />
      <DialogButtons
        pending={pending}
        onCancel={onClose}
        confirmLabel={m.common_delete()}
        pendingLabel={m.common_deleting()}
        tone="danger"
        onConfirm={() => item !== null && submit(item)}
      />
    </Dialog>
  );
}
