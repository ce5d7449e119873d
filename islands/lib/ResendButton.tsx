import type { ResendAnswer } from "../../src/shared/settings-schemas";
import { apiRequest } from "./api";
import { PendingButton, useSubmit } from "./submit";

/** 'Resend email': a new confirmation link for the address awaiting confirmation. */
export function ResendButton({ className = "btn-secondary" }: { className?: string }) {
  const resend = useSubmit<void>({
    async send() {
      const answer = await apiRequest<ResendAnswer>("POST", "/api/confirm-email/resend");
      return { toast: { title: "Email sent", description: `We sent a new confirmation link to ${answer.sentTo}. It works for 24 hours.` } };
    },
    failureTitle: "Email not sent",
  });
  return <PendingButton type="button" className={className} pending={resend.pending} label="Resend email" onClick={() => resend.submit()} />;
}
