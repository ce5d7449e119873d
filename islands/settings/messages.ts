import * as m from "../../src/generated/i18n";
import { isolate } from "../../src/i18n/Rich";
import type { TestEmailAnswer } from "../../src/shared/settings-schemas";

/** The 'Test Email Sent' description: where it went, and what the e-mail found. */
export function testEmailDescription({ immediateCount, upcomingCount }: TestEmailAnswer, email: string): string {
  return m.profile_test_email_sent_description({ email: isolate(email), immediate: immediateCount, upcoming: upcomingCount });
}
