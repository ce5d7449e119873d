// Old import path of the password-reset e-mail, still used by src/api/account.ts; new code imports
// ./PasswordResetEmail. Delete this file once nothing imports it.
export { passwordResetEmail } from "./PasswordResetEmail";
