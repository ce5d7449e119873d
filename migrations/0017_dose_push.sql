-- Dose-time push (src/reminders/dose-push*.ts): the settings "Dose reminders" (on by default; it
-- needs push devices) and "Remind me again if I haven't answered" (minutes, 0: off; 30 by default).
ALTER TABLE `users` ADD `dose_reminders` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `dose_follow_up_minutes` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
-- One row per dose push sent (device, local date, time, kind): INSERT … ON CONFLICT DO NOTHING
-- decides who sends, so a doubled tick, a redelivered message or two isolates send once.
CREATE TABLE `dose_push_claims` (
	`device_id` integer NOT NULL,
	`local_date` text NOT NULL,
	`at` text NOT NULL,
	`kind` text NOT NULL,
	`claimed_at` integer NOT NULL,
	PRIMARY KEY(`device_id`, `local_date`, `at`, `kind`),
	FOREIGN KEY (`device_id`) REFERENCES `push_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
-- The development push outbox (GET /dev/pushes): written only in `npm run dev` and the tests.
CREATE TABLE `dev_pushes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`sent_at` integer NOT NULL,
	`topic` text NOT NULL,
	`urgency` text NOT NULL,
	`ttl` integer NOT NULL,
	`payload` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
