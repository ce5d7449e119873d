-- A short browser label ("Firefox on Windows") for the signed-in devices list; null for sessions
-- that began before it was recorded.
ALTER TABLE `sessions` ADD `browser` text;
