-- "Keep me signed in on this device": a kept session ends after 30 days without a visit and 90 days
-- in all, an unkept one after 7 and 30 as before (src/auth/session.ts). Sessions from before are unkept.
ALTER TABLE `sessions` ADD `kept` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Consent to store health data as the privacy page describes: when it was given and which version
-- of the privacy page it was given to. Null for accounts from before: each is asked on its next
-- signed-in page visit.
ALTER TABLE `users` ADD `health_data_consent_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `health_data_consent_version` text;
