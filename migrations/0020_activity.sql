-- The activity record of a person (who did what, when), kept one year; the actor's name is a copy.
CREATE TABLE `activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`person_id` integer NOT NULL,
	`actor_user_id` integer,
	`actor_name` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_person_at_idx` ON `activity` (`person_id`,`at`);
