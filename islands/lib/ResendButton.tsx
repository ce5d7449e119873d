import * as m from "../../src/generated/i18n";
import { isolate } from "../../src/i18n/Rich";
import { CONFIRMATION_LINK_HOURS } from "../../src/domain/limits";
import type { ResendAnswer } from "../../src/shared/settings-schemas";
import { apiRequest } from "./api";
import { PendingButton, useSubmit } from "./submit";

/** 'Resend email': a new confirmation link for the address awaiting confirmation. */
export function ResendButton({ className = "btn-secondary" }: { className?: string }) {
  const resend = useSubmit<void>({
    async send() {
      const answer = await apiRequest<ResendAnswer>("POST", "/api/confirm-email/resend");
      return {
        toast: {
          title: m.common_email_sent(),
          description: m.toast_confirmation_resent({ email: isolate(answer.sentTo), hours: CONFIRMATION_LINK_HOURS }),
        },
      };
    },
    failureTitle: m.toast_email_not_sent(),
  });
  return (
    <PendingButton
      type="button"
      className={className}
      pending={resend.pending}
      label={m.common_resend_email()}
      onClick={() => resend.submit()}
    />
  );
}
