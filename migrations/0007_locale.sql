ALTER TABLE `users` ADD `locale` text;--> statement-breakpoint
-- Phone numbers are stored as E.164 from now on. US numbers typed under the old US-only rule (ten
-- digits, or eleven starting with 1, in any of (555) 555-5555 / 555.555.5555 / 555 555 5555) become
-- +1…; anything else is kept as typed and shown as typed.
UPDATE `pharmacies` SET `phone_number` = '+1' || substr(replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), -10)
WHERE replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', '') NOT GLOB '*[^0-9]*'
  AND (length(replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', '')) = 10
    OR (length(replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', '')) = 11 AND replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', '') GLOB '1*'))
  AND substr(replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), -10, 1) NOT IN ('0', '1');--> statement-breakpoint
UPDATE `users` SET `phone_number` = '+1' || substr(replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), -10)
WHERE `phone_number` IS NOT NULL
  AND replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', '') NOT GLOB '*[^0-9]*'
  AND (length(replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', '')) = 10
    OR (length(replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', '')) = 11 AND replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', '') GLOB '1*'))
  AND substr(replace(replace(replace(replace(replace(`phone_number`, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), -10, 1) NOT IN ('0', '1');
