-- Push reminders need no confirmed address: the hourly job's due set (this partial index, and the
-- same WHERE in src/reminders/store.ts) also holds every user who chose push, whatever the state
-- of their e-mail. Users reminded by e-mail alone are selected as before.
DROP INDEX `users_next_notification_idx`;--> statement-breakpoint
CREATE INDEX `users_next_notification_idx` ON `users` (`next_notification_at`) WHERE (email_consent = 1 AND email_confirmed_at IS NOT NULL) OR reminders_by <> 'email';--> statement-breakpoint
-- Those of them the job skipped until now (address unconfirmed, or no e-mail consent) were never
-- moved on: their next reminder is the next time their hour comes round, whole days after the one
-- last saved, not an immediate catch-up at whatever hour the first tick runs.
UPDATE `users`
SET `next_notification_at` = `next_notification_at`
  + 86400000 * ((CAST(strftime('%s', 'now') AS INTEGER) * 1000 - `next_notification_at`) / 86400000 + 1)
WHERE `reminders_by` <> 'email'
  AND NOT (`email_consent` = 1 AND `email_confirmed_at` IS NOT NULL)
  AND `next_notification_at` <= CAST(strftime('%s', 'now') AS INTEGER) * 1000;
