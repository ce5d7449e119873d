import { formatPhone, phoneLink } from "../domain/phone";

/**
 * A stored phone number as every server-rendered page shows it: formatted ('+44 20 7183 8750'),
 * linked as E.164 when there is something to dial, and left to right even in Arabic.
 */
export function PhoneNumber({ stored, className }: { stored: string; className?: string }) {
  const text = formatPhone(stored);
  const href = phoneLink(stored);
  return href ? (
    <a href={href} dir="ltr" className={className}>
      {text}
    </a>
  ) : (
    <bdi dir="ltr">{text}</bdi>
  );
}
