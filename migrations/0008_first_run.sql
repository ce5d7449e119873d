-- When the owner first saved the notification settings: the first-run checklist's 'Choose when to
-- get reminders' (timezone_chosen cannot tell, sign-up sets it from the browser). Accounts that
-- existed before have had reminders on the defaults all along and are not asked again: they count as
-- having chosen when they were created.
ALTER TABLE `users` ADD `reminders_chosen_at` integer;--> statement-breakpoint
UPDATE `users` SET `reminders_chosen_at` = `created_at`;
