-- Issue 29, F3: push devices survive account recovery. Each device records the session that
-- registered it (sessions.id, the cookie's hash), so a password change or "sign out everywhere
-- else" keeps only the devices of the session doing it. Devices from before this have none and are
-- removed by the next such change. No foreign key: a device outlives its session's expiry.
ALTER TABLE `push_subscriptions` ADD `session_id` text;
