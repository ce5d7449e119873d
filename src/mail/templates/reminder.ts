// Old import path of the reminder e-mail, still used by src/api/settings.ts; new code imports
// reminderMessage from ./ReminderEmail. Delete this file once nothing imports it.
export { reminderEmail } from "./ReminderEmail";
