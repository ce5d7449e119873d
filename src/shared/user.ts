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
  /** The owner of `email` opened a confirmation link: reminders and test e-mails may go to it. */
  emailConfirmed: boolean;
  /** A new address awaiting confirmation from the link sent to it; `email` stays in charge until then. */
  pendingEmail: string | null;
}

/** What a new account starts with until its owner changes it. */
export const USER_DEFAULTS = {
  timezone: "UTC",
  notificationHour: 9,
  notificationDays: 7,
  emailConsent: true,
} as const;
