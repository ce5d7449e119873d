import type { TestEmailAnswer } from "../../src/shared/settings-schemas";

const medications = (n: number) => `${n} ${n === 1 ? "medication" : "medications"}`;

/** The 'Test Email Sent' description: where to look, and what the e-mail found. */
export function testEmailDescription({ immediateCount, upcomingCount }: TestEmailAnswer): string {
  return `Check the server logs for the e-mail preview URL. Found ${medications(immediateCount)} needing a refill now and ${medications(upcomingCount)} upcoming.`;
}
