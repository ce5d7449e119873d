-- A calendar feed per person: calendar_feeds is keyed by (account, person), each member's own
-- subscription of a person they care for. Every existing feed was its account's, covering the
-- account's own person: it moves to that person with its secret's hash unchanged, so every feed URL
-- already in a calendar app keeps working. A rebuild (the primary key changes): nothing references
-- this table, so dropping it cascades nowhere.
CREATE TABLE `__new_calendar_feeds` (
	`user_id` integer NOT NULL,
	`person_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `person_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `__new_calendar_feeds` (`user_id`, `person_id`, `token_hash`, `created_at`)
	SELECT `calendar_feeds`.`user_id`, `people`.`id`, `calendar_feeds`.`token_hash`, `calendar_feeds`.`created_at`
	FROM `calendar_feeds` INNER JOIN `people` ON `people`.`account_user_id` = `calendar_feeds`.`user_id`;--> statement-breakpoint
DROP TABLE `calendar_feeds`;--> statement-breakpoint
ALTER TABLE `__new_calendar_feeds` RENAME TO `calendar_feeds`;--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_hash_idx` ON `calendar_feeds` (`token_hash`);
