-- People (issue: care for someone else): every account gets its own person, with the same id as the
-- account (only for the accounts that exist now: later ones need not match, and no code assumes it),
-- and an 'owner' membership of it. Medications and pharmacies gain person_id, backfilled to that
-- person. ALTER TABLE, never a rebuild: DROP TABLE on D1 runs ON DELETE CASCADE on the dose and
-- supply events, and D1 cannot turn foreign keys off.
CREATE TABLE `people` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`account_user_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `people_account_user_id_unique` ON `people` (`account_user_id`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`person_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`remind_me` integer DEFAULT false NOT NULL,
	`missed_dose_alerts` integer DEFAULT false NOT NULL,
	`missed_dose_after_minutes` integer DEFAULT 60 NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`person_id`, `user_id`),
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `memberships_user_idx` ON `memberships` (`user_id`);--> statement-breakpoint
INSERT INTO `people` (`id`, `name`, `account_user_id`, `created_at`)
	SELECT `id`, substr(coalesce(nullif(trim(`full_name`), ''), `username`), 1, 120), `id`, `created_at` FROM `users`;--> statement-breakpoint
INSERT INTO `memberships` (`person_id`, `user_id`, `role`, `created_at`)
	SELECT `id`, `id`, 'owner', `created_at` FROM `users`;--> statement-breakpoint
ALTER TABLE `medications` ADD `person_id` integer REFERENCES people(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `pharmacies` ADD `person_id` integer REFERENCES people(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `medications` SET `person_id` = `user_id`;--> statement-breakpoint
UPDATE `pharmacies` SET `person_id` = `user_id`;--> statement-breakpoint
CREATE INDEX `medications_person_idx` ON `medications` (`person_id`);--> statement-breakpoint
CREATE INDEX `pharmacies_person_idx` ON `pharmacies` (`person_id`);
--> statement-breakpoint
-- Every account has its own person and owns it, from the users insert itself: sign-up, and any
-- other way an account is made, cannot leave one without.
CREATE TRIGGER `users_own_person` AFTER INSERT ON `users` BEGIN
	INSERT INTO `people` (`name`, `account_user_id`, `created_at`)
		VALUES (substr(coalesce(nullif(trim(NEW.`full_name`), ''), NEW.`username`), 1, 120), NEW.`id`, NEW.`created_at`);
	INSERT INTO `memberships` (`person_id`, `user_id`, `role`, `created_at`)
		VALUES (last_insert_rowid(), NEW.`id`, 'owner', NEW.`created_at`);
END;--> statement-breakpoint
-- A row written without its person (a Worker still running the code from before this migration,
-- during a deploy) belongs to its account's own person, as every row before it.
CREATE TRIGGER `medications_default_person` AFTER INSERT ON `medications` WHEN NEW.`person_id` IS NULL BEGIN
	UPDATE `medications` SET `person_id` = (SELECT `id` FROM `people` WHERE `account_user_id` = NEW.`user_id`) WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `pharmacies_default_person` AFTER INSERT ON `pharmacies` WHEN NEW.`person_id` IS NULL BEGIN
	UPDATE `pharmacies` SET `person_id` = (SELECT `id` FROM `people` WHERE `account_user_id` = NEW.`user_id`) WHERE `id` = NEW.`id`;
END;
