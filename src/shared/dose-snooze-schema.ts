import * as z from "zod/mini";
import * as m from "../generated/i18n";
import { isCalendarDate } from "./date-range";
import { timeOfDay } from "./regimen-schemas";
import { msg } from "./validation";

// POST /api/doses/snooze, sent by the service worker's Snooze action on a dose push: the push's
// date and time of day. The server sends one more push for what is still unlogged then, 15 min later.

export const doseSnoozeSchema = z.object({
  date: z
    .string(msg(m.field_dose_date_invalid))
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, msg(m.field_dose_date_invalid)), z.refine(isCalendarDate, msg(m.field_dose_date_invalid))),
  at: timeOfDay,
});
export type DoseSnoozePayload = z.infer<typeof doseSnoozeSchema>;

/** How long Snooze waits, in minutes ("Snooze 15 min"). */
export const DOSE_SNOOZE_MINUTES = 15;
