CREATE TABLE `supply_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`medication_id` integer NOT NULL,
	`kind` text NOT NULL,
	`local_date` text NOT NULL,
	`pills_before` real,
	`pills_after` real NOT NULL,
	`counted_on` text NOT NULL,
	`pills_added` real,
	`refills_used` integer DEFAULT 0 NOT NULL,
	`last_refill_before` text,
	`reverts_event_id` integer,
	`recorded_at` integer NOT NULL,
	FOREIGN KEY (`medication_id`) REFERENCES `medications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `supply_events_medication_idx` ON `supply_events` (`medication_id`,`id`);
--> statement-breakpoint
-- Medications added before the history existed: their stored count becomes the 'created' event, on
-- the date it was counted (the earliest date the history can vouch for).
INSERT INTO `supply_events` (`medication_id`, `kind`, `local_date`, `pills_after`, `counted_on`, `recorded_at`)
SELECT `id`, 'created', `counted_on`, `pills_remaining`, `counted_on`, CAST((julianday('now') - 2440587.5) * 86400000 AS integer) FROM `medications`;
