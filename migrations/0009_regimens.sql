-- Any regimen (issue 22): each medication has a unit and a regimen, the JSON of src/domain/regimen.ts
-- ({"changes":[{"effectiveFrom","schedule"}…],"pauses":[{"from","until"}…]}). pills_per_day stays:
-- the average daily use, for older clients and the CSV. Existing medications become daily tablets
-- of their dose, in force since they were added; their counts are unchanged.
ALTER TABLE `medications` ADD `unit` text DEFAULT 'tablet' NOT NULL;--> statement-breakpoint
ALTER TABLE `medications` ADD `regimen` text DEFAULT '{"changes":[],"pauses":[]}' NOT NULL;--> statement-breakpoint
UPDATE `medications` SET `regimen` = json_object(
  'changes', json_array(json_object(
    'effectiveFrom', coalesce((SELECT min(`local_date`) FROM `supply_events` WHERE `supply_events`.`medication_id` = `medications`.`id`), `counted_on`),
    'schedule', json_object('type', 'daily', 'dose', `pills_per_day`))),
  'pauses', json_array());
