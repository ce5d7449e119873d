-- Dose check-ins: what the patient logged (taken, skipped, an extra use) and, per medication, how
-- the count follows them. Every stored medication keeps 'schedule' (today's count), so no count
-- moves on upgrade; the logged_* columns are what the logs dated on or after counted_on add up to
-- (src/data/dose-log-sql.ts keeps them, recomputed in every write that changes a log or the count's
-- date), so a read never sums the logs.
ALTER TABLE `medications` ADD `count_by` text DEFAULT 'schedule' NOT NULL CHECK (`count_by` IN ('schedule', 'log'));--> statement-breakpoint
ALTER TABLE `medications` ADD `logged_taken` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `medications` ADD `logged_planned` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `medications` ADD `logged_last_date` text;--> statement-breakpoint
ALTER TABLE `medications` ADD `logged_last_planned` real DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE `dose_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`medication_id` integer NOT NULL,
	`client_id` text NOT NULL,
	`kind` text NOT NULL CHECK (`kind` IN ('taken', 'skipped', 'extra')),
	`local_date` text NOT NULL,
	`at` text DEFAULT '' NOT NULL,
	`planned` real,
	`amount` real,
	`taken_at` integer,
	`counted` integer DEFAULT 1 NOT NULL,
	`recorded_at` integer NOT NULL,
	FOREIGN KEY (`medication_id`) REFERENCES `medications`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `dose_events_client_idx` ON `dose_events` (`medication_id`,`client_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `dose_events_occurrence_idx` ON `dose_events` (`medication_id`,`local_date`,`at`) WHERE `kind` <> 'extra';--> statement-breakpoint
CREATE INDEX `dose_events_date_idx` ON `dose_events` (`medication_id`,`local_date`);
