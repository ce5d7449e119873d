import * as m from "../../src/generated/i18n";
import { ApiRequestError } from "./api";

/**
 * The sentence a failure toast shows: the server's own (in the page's language, without its status),
 * or, for anything else (a script that failed to load, a bug), the calm generic one, never a raw error.
 */
export const errorMessage = (err: unknown) => (err instanceof ApiRequestError ? err.serverMessage : m.common_something_went_wrong());

/** The same sentence (kept for the callers that name it so). */
export const serverMessage = errorMessage;

// The controls whose codes do not spell their names (`error_picked_up_in_future` is about refilledOn).
const STEMS: Record<string, string> = {
  refilledOn: "picked_up",
  phoneNumber: "phone",
  name: "(pharmacy|medication)_name",
  lastRefillDate: "last_refill",
  pharmacyId: "(unknown_)?pharmacy",
  timezone: "(unknown_)?timezone",
};

/**
 * The control of `form` a 4xx is about, read from the API's stable code: `field_current_password_incorrect`
 * names currentPassword, `error_picked_up_too_early` refilledOn. Undefined for any other failure, or
 * when the form has no such control: its sentence is then the form's own alert.
 */
export function fieldOf(err: unknown, form: unknown): string | undefined {
  if (!(err instanceof ApiRequestError) || err.status < 400 || err.status > 499 || !(form instanceof HTMLFormElement)) return;
  for (const { name } of Array.from(form.elements) as HTMLInputElement[]) {
    const stem = STEMS[name] ?? name.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase());
    if (name && new RegExp(`^(field|error)_${stem}(_|$)`).test(err.code ?? "")) return name;
  }
}
