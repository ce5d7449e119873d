-- Usernames are unique on their case-folded form (SQLite's lower(): ASCII letters), kept as typed.
-- Accounts that already differ only in letter case all stay, untouched, with their passwords: the
-- oldest keeps the folded key, each later one gets '<folded>#<id>' and still signs in with the
-- username exactly as it was registered.
ALTER TABLE `users` ADD `username_key` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `users` SET `username_key` = lower(`username`) || CASE
  WHEN EXISTS (SELECT 1 FROM `users` AS `older` WHERE lower(`older`.`username`) = lower(`users`.`username`) AND `older`.`id` < `users`.`id`)
  THEN '#' || `id` ELSE '' END;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_key_unique` ON `users` (`username_key`);--> statement-breakpoint
-- E-mail addresses are matched case-insensitively (forgot-password): index the folded form.
DROP INDEX `users_email_idx`;--> statement-breakpoint
CREATE INDEX `users_email_lower_idx` ON `users` (lower(`email`));--> statement-breakpoint
-- Confirmation: null until the owner of `email` opened a link sent to it (existing accounts too).
ALTER TABLE `users` ADD `email_confirmed_at` integer;--> statement-breakpoint
-- A new address awaiting confirmation; `email` stays in charge until then.
ALTER TABLE `users` ADD `pending_email` text;--> statement-breakpoint
-- The one live confirmation link: SHA-256 of its token, the address it was sent to, its expiry.
ALTER TABLE `users` ADD `email_token_hash` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_token_address` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_token_expiry` integer;--> statement-breakpoint
CREATE INDEX `users_email_token_idx` ON `users` (`email_token_hash`);--> statement-breakpoint
-- The hourly job reads only users it may write to: consenting and confirmed.
DROP INDEX `users_next_notification_idx`;--> statement-breakpoint
CREATE INDEX `users_next_notification_idx` ON `users` (`next_notification_at`) WHERE email_consent = 1 AND email_confirmed_at IS NOT NULL;
