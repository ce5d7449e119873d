import { Hono } from "hono";
import { doseMedicationsOf } from "../data/doses";
import { personAccountOf, supersedeFollowUp } from "../data/dose-push";
import { dueAt } from "../domain/dose-push-times";
import { parseRegimen } from "../domain/regimen";
import { addDays } from "../domain/time";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { signedIn } from "../http/middleware";
import { personIdOf, personToday } from "../http/person";
import { validate } from "../http/validate";
import { vapidKeys } from "../push/keys";
import { claimKindOf, delayUntil, doseQueue, type DosePushMessage } from "../reminders/dose-push-queue";
import { DOSE_SNOOZE_MINUTES, doseSnoozeSchema } from "../shared/dose-snooze-schema";

// POST /doses/snooze { date, at }: the Snooze action of a dose push. 202: one more push of that
// date and time, DOSE_SNOOZE_MINUTES later, through the queue's delay (sent only if some dose of it
// is still unlogged then, claimed per device like every dose push). It replaces the push's pending
// follow-up (a second reminder a minute before the snoozed one would double it). Two round trips:
// the session with the medications, then the follow-up's claims; the queue is no database.
// Also mounted under /api/profiles/:profileId (a helper's, like logging doses): the snoozed push is
// then about that person, to the asker's devices, claimed apart from the asker's own pushes.

export const doseSnoozeApi = new Hono<AppEnv>().post(
  "/doses/snooze",
  signedIn(({ db, person }) => ({ medications: doseMedicationsOf(db, person), account: personAccountOf(db, person) })),
  validate("json", doseSnoozeSchema),
  async (c) => {
    const queue = doseQueue(c.env);
    if (!vapidKeys(c.env) || !queue) throw new ApiError(404, "error_push_unavailable");
    const { user, data } = c.var.signedIn;
    const { date, at } = c.req.valid("json");
    const owner = data.account[0]?.accountUserId ?? null;
    // A person with an account of their own gets their pushes on their own devices, never a member's:
    // there is no push of theirs here to snooze (nothing is due for this account).
    if (owner !== null && owner !== user.id) throw new ApiError(400, "error_dose_push_nothing_due", { date, time: at });
    const person = owner === null ? personIdOf(c.var.signedIn) : undefined;
    const today = personToday(c.var.signedIn);
    // Today's doses, or last night's answered after midnight.
    const due =
      date <= today && date >= addDays(today, -1)
        ? dueAt(
            data.medications.map((x) => ({ ...x, regimen: parseRegimen(x.regimen, x.pillsPerDay) })),
            date,
            at,
          )
        : [];
    if (due.length === 0) throw new ApiError(400, "error_dose_push_nothing_due", { date, time: at });
    const now = Date.now();
    const message: DosePushMessage = {
      kind: "dose-push",
      userId: user.id,
      date,
      at,
      dueAt: now + DOSE_SNOOZE_MINUTES * 60_000,
      push: "snooze",
      // One snooze a minute: a double tap on Snooze is one push.
      claim: `snooze-${Math.floor(now / 60_000)}`,
      ...(person !== undefined && { person }),
    };
    await queue.send(message, { delaySeconds: delayUntil(message.dueAt, now) });
    // Queued first: should this write fail, the patient gets both pushes rather than neither.
    await supersedeFollowUp(c.var.db, user.id, date, at, claimKindOf({ claim: "follow-up", person }), now);
    return c.json({ date, at, sendsAt: new Date(message.dueAt).toISOString() }, 202);
  },
);
