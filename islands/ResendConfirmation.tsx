import { ResendButton } from "./lib/ResendButton";

/** The banner's and the confirmation page's 'Resend email' button. */
export default function ResendConfirmation({ className }: { className?: string }) {
  return <ResendButton className={className} />;
}
