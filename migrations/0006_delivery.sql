-- Delivery problems reported by Postmark's webhook (bounce or spam complaint): what happened and to
-- which address, for the settings screen and the signed-in banner. Reminders stop by turning
-- email_consent off, so the hourly job's partial index needs no change.
ALTER TABLE `users` ADD `delivery_problem` text;--> statement-breakpoint
ALTER TABLE `users` ADD `delivery_problem_address` text;--> statement-breakpoint
-- The medications a sent reminder named (JSON array of names), for the 'Reminders sent' list.
ALTER TABLE `reminder_log` ADD `medications` text;
