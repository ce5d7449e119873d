-- Missed-dose alerts to a person's members (src/reminders/missed-dose*.ts). When a member last turned
-- them on: no alert for a dose before it (alerts already on count from this migration).
ALTER TABLE `memberships` ADD `missed_dose_alerts_since` integer;--> statement-breakpoint
UPDATE `memberships` SET `missed_dose_alerts_since` = CAST(strftime('%s', 'now') AS integer) * 1000 WHERE `missed_dose_alerts` = 1;--> statement-breakpoint
-- One row per alert sent (person, member, local date, time of day): INSERT … ON CONFLICT DO NOTHING
-- decides who sends, so a redelivered check or a re-run hour alerts once. Pruned after 30 days.
CREATE TABLE `missed_dose_claims` (
	`person_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`local_date` text NOT NULL,
	`at` text NOT NULL,
	`claimed_at` integer NOT NULL,
	PRIMARY KEY(`person_id`, `user_id`, `local_date`, `at`),
	FOREIGN KEY (`person_id`,`user_id`) REFERENCES `memberships`(`person_id`,`user_id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `missed_dose_claims_claimed_idx` ON `missed_dose_claims` (`claimed_at`);
