-- Issue 29 (F1, F4, F5): stored regimens brought within the limits of src/domain/limits.ts, which the
-- API, the forms and the CSV import now share. Counts are not touched; what changes is what a day
-- costs from here on, and only for rows outside the limits.
-- F1: as-needed use a week is a multiple of 0.25 from 0.25 to 1000 (1e-10 made the countdown spin).
UPDATE `medications` SET `regimen` = json_set(`regimen`, '$.changes', json((
  SELECT json_group_array(json(CASE WHEN json_extract(c.`value`, '$.schedule.type') = 'asNeeded'
    THEN json_set(c.`value`, '$.schedule.perWeek', min(1000.0, max(0.25, round(json_extract(c.`value`, '$.schedule.perWeek') * 4) / 4.0)))
    ELSE c.`value` END))
  FROM (SELECT `value` FROM json_each(`medications`.`regimen`, '$.changes') ORDER BY `key`) c)))
WHERE EXISTS (SELECT 1 FROM json_each(`regimen`, '$.changes') c WHERE json_extract(c.`value`, '$.schedule.type') = 'asNeeded'
  AND (json_extract(c.`value`, '$.schedule.perWeek') < 0.25 OR json_extract(c.`value`, '$.schedule.perWeek') > 1000
    OR json_extract(c.`value`, '$.schedule.perWeek') * 4 <> round(json_extract(c.`value`, '$.schedule.perWeek') * 4)));--> statement-breakpoint
-- F5: a change's first day and an interval's first day from 1900-01-01 to five years ahead
-- (MAX_DAYS_AHEAD = 1827 days); clamping keeps the changes in their order.
UPDATE `medications` SET `regimen` = json_set(`regimen`, '$.changes', json((
  SELECT json_group_array(json(json_set(c.`value`,
    '$.effectiveFrom', min(date('now', '+1827 days'), max('1900-01-01', json_extract(c.`value`, '$.effectiveFrom'))),
    '$.schedule.startsOn', CASE WHEN json_extract(c.`value`, '$.schedule.type') = 'interval'
      THEN min(date('now', '+1827 days'), max('1900-01-01', json_extract(c.`value`, '$.schedule.startsOn'))) END)))
  FROM (SELECT `value` FROM json_each(`medications`.`regimen`, '$.changes') ORDER BY `key`) c)))
WHERE EXISTS (SELECT 1 FROM json_each(`regimen`, '$.changes') c WHERE json_extract(c.`value`, '$.effectiveFrom') NOT BETWEEN '1900-01-01' AND date('now', '+1827 days')
  OR (json_extract(c.`value`, '$.schedule.type') = 'interval' AND json_extract(c.`value`, '$.schedule.startsOn') NOT BETWEEN '1900-01-01' AND date('now', '+1827 days')));--> statement-breakpoint
-- json_set with a NULL startsOn on a non-interval schedule wrote "startsOn": null: take it out again.
UPDATE `medications` SET `regimen` = json_set(`regimen`, '$.changes', json((
  SELECT json_group_array(json(CASE WHEN json_extract(c.`value`, '$.schedule.type') = 'interval' THEN c.`value` ELSE json_remove(c.`value`, '$.schedule.startsOn') END))
  FROM (SELECT `value` FROM json_each(`medications`.`regimen`, '$.changes') ORDER BY `key`) c)))
WHERE EXISTS (SELECT 1 FROM json_each(`regimen`, '$.changes') c WHERE json_type(c.`value`, '$.schedule.startsOn') = 'null');--> statement-breakpoint
-- F4/F5: a pause starts no earlier than the day the medication was added (its 'created' event) and
-- lasts no later than five years ahead; a pause over before that day is dropped (it charged nothing).
UPDATE `medications` SET `regimen` = json_set(`regimen`, '$.pauses', json((
  SELECT json_group_array(json(json_set(p.`value`,
    '$.from', min(date('now', '+1827 days'), max(p.`added`, json_extract(p.`value`, '$.from'))),
    '$.until', CASE WHEN json_extract(p.`value`, '$.until') IS NULL THEN NULL ELSE min(date('now', '+1827 days'), json_extract(p.`value`, '$.until')) END)))
  FROM (SELECT `value`, max('1900-01-01', coalesce((SELECT min(`local_date`) FROM `supply_events` WHERE `medication_id` = `medications`.`id` AND `kind` = 'created'), `medications`.`counted_on`)) AS `added`
    FROM json_each(`medications`.`regimen`, '$.pauses') ORDER BY `key`) p
  WHERE json_extract(p.`value`, '$.until') IS NULL OR json_extract(p.`value`, '$.until') >= p.`added`)))
WHERE EXISTS (SELECT 1 FROM json_each(`regimen`, '$.pauses') p WHERE json_extract(p.`value`, '$.from') < max('1900-01-01', coalesce((SELECT min(`local_date`) FROM `supply_events` WHERE `medication_id` = `medications`.`id` AND `kind` = 'created'), `counted_on`))
  OR json_extract(p.`value`, '$.from') > date('now', '+1827 days') OR json_extract(p.`value`, '$.until') > date('now', '+1827 days'));--> statement-breakpoint
-- F4: at most 20 changes and 20 pauses. The oldest that end before the count's date go first (no
-- count can see them); if more than 20 still count, the 20 nearest stay (the furthest ahead go).
UPDATE `medications` SET `regimen` = json_set(`regimen`, '$.changes', json((
  SELECT json_group_array(json(c.`value`)) FROM (SELECT `value` FROM json_each(`medications`.`regimen`, '$.changes')
    WHERE `key` >= json_array_length(`medications`.`regimen`, '$.changes') - 20
      OR coalesce(json_extract(`medications`.`regimen`, '$.changes[' || (`key` + 1) || '].effectiveFrom') > `medications`.`counted_on`, 1)
    ORDER BY `key` LIMIT 20) c)))
WHERE json_array_length(`regimen`, '$.changes') > 20;--> statement-breakpoint
UPDATE `medications` SET `regimen` = json_set(`regimen`, '$.pauses', json((
  SELECT json_group_array(json(p.`value`)) FROM (SELECT `value` FROM json_each(`medications`.`regimen`, '$.pauses')
    WHERE `key` >= json_array_length(`medications`.`regimen`, '$.pauses') - 20
      OR coalesce(json_extract(`value`, '$.until') >= `medications`.`counted_on`, 1)
    ORDER BY `key` LIMIT 20) p)))
WHERE json_array_length(`regimen`, '$.pauses') > 20;
