// Every island, by name: the server renders them through <Island name=…>, and scripts/build.mjs
// bundles each islands/<Name>.tsx as its own entry.
import AccountMenu from "./AccountMenu";
import AuthForm from "./AuthForm";
import ForgotPasswordForm from "./ForgotPasswordForm";
import ResetPasswordForm from "./ResetPasswordForm";
import Toasts from "./Toasts";

export const islands = { AccountMenu, AuthForm, ForgotPasswordForm, ResetPasswordForm, Toasts };
export type IslandName = keyof typeof islands;
