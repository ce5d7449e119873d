ALTER TABLE `medications` ADD `refills_left` integer;--> statement-breakpoint
ALTER TABLE `medications` ADD `prescription_expires_on` text;