// The account as the API answers it and every island sees it (never a hash or a token), and the
// settings a new account starts with. Shared by the server, the islands and the database schema.

export interface User {
  id: number;
  username: string;
  email: string;
  fullName: string | null;
  phoneNumber: string | null;
  birthdate: string | null;
  notificationDays: number;
  emailConsent: boolean;
  timezone: string;
  notificationHour: number;
  /** False until the owner picks a zone (or the browser's is taken once): the zone may still be the default. */
  timezoneChosen: boolean;
  /** The account's BCP 47 locale ('pt-BR'), or null: the request's language is used. */
  locale: string | null;
  /** The owner of `email` opened a confirmation link: reminders and test e-mails may go to it. */
  emailConfirmed: boolean;
  /** A new address awaiting confirmation from the link sent to it; `email` stays in charge until then. */
  pendingEmail: string | null;
  /** Set when Postmark reported the address undeliverable or a spam complaint; reminders are off until the user acts. */
  deliveryProblem: "bounced" | "complained" | null;
  /** The address the problem concerned. */
  deliveryProblemAddress: string | null;
  /** How the daily reminder travels: e-mail, push to the devices listed under Configure Notifications, or both. */
  remindersBy: "email" | "push" | "both";
  /** A push may name the medications on the lock screen; false: '2 medications need a refill soon'. */
  pushShowNames: boolean;
  /** A push at each timed dose's minute to the push devices. */
  doseReminders: boolean;
  /** Minutes after a dose push when one follow-up asks again while the doses are unlogged; 0: none. */
  doseFollowUpMinutes: number;
}

/** What a new account starts with until its owner changes it. */
export const USER_DEFAULTS = {
  timezone: "UTC",
  notificationHour: 9,
  notificationDays: 7,
  emailConsent: true,
} as const;
