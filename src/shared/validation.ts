import * as z from "zod/mini";
import * as m from "../generated/i18n";

// zod/mini keeps the islands' bundle small (~6 KB instead of ~95 KB for full zod) and ships no
// default messages, so every rule below names its own, in the spec's words where it has them.

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, `Must be at most ${max} characters`));

export const emailAddress = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.maxLength(254, message), z.email({ error: message }));

export const password = z
  .string({ error: "Password is required" })
  .check(z.minLength(8, "Password must be at least 8 characters"), z.maxLength(256, "Password must be at most 256 characters"));

/** The first problem, phrased for a person: used by the API's 400 answers and the forms. */
export function firstIssueMessage(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return m.error_invalid_request();
  if (issue.path.length === 0 && issue.code === "invalid_type") return m.error_body_not_object();
  return issue.message;
}

/** Field → first message, for showing errors beside form fields. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return errors;
}
