-- The package a refill comes in ("5 pens of 300 units"): how many items and the amount each holds,
-- in the medication's unit (bounds in src/domain/limits.ts, checked by the API and the CSV import).
-- Null for every medication from before: no package known.
ALTER TABLE `medications` ADD `package_items` integer;--> statement-breakpoint
ALTER TABLE `medications` ADD `package_amount` real;
