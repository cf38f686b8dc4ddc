ALTER TABLE `admin_sessions` ADD `last_seen_at` integer;--> statement-breakpoint
ALTER TABLE `admins` ADD `active` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `admins` ADD `last_sign_in_at` integer;--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_type`,`actor_id`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);