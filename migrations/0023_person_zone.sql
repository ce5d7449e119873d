-- A person's day is in the person's time zone: an account's own person has the account's
-- (users.timezone, left null here); a person without an account keeps one here, filled for the
-- existing ones with their owner's zone.
ALTER TABLE `people` ADD `timezone` text;--> statement-breakpoint
UPDATE `people` SET `timezone` = (SELECT `users`.`timezone` FROM `memberships` INNER JOIN `users` ON `users`.`id` = `memberships`.`user_id` WHERE `memberships`.`person_id` = `people`.`id` AND `memberships`.`role` = 'owner') WHERE `account_user_id` IS NULL;
