import type { ReactNode } from "react";
import { Dialog, DialogButtons } from "../lib/Dialog";
import { FormAlert } from "../lib/Field";
import { useSubmit, type Outcome } from "../lib/submit";

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  failureTitle: string;
  /** Does it; what follows comes back (the page reloads with a toast). */
  confirm: () => Promise<Outcome>;
}

/** A destructive confirmation on the native <dialog>: Cancel, or the named action; a refusal is said inside it. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  pendingLabel,
  failureTitle,
  confirm,
}: ConfirmDialogProps) {
  const action = useSubmit<void>({ send: confirm, failureTitle });
  const close = () => {
    action.reset();
    onClose();
  };
  return (
    <Dialog open={open} busy={action.pending} onClose={close} title={title} description={description}>
      <FormAlert message={action.failure} />
      <DialogButtons
        pending={action.pending}
        onCancel={close}
        confirmLabel={confirmLabel}
        pendingLabel={pendingLabel}
        tone="danger"
        onConfirm={() => action.submit()}
      />
    </Dialog>
  );
}
