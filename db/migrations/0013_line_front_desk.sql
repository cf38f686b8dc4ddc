CREATE TABLE `admin_line_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer NOT NULL,
	`code` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_line_codes_open_unique` ON `admin_line_codes` (`code`) WHERE used_at IS NULL;--> statement-breakpoint
CREATE INDEX `admin_line_codes_admin_idx` ON `admin_line_codes` (`admin_id`);--> statement-breakpoint
CREATE TABLE `job_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job` text NOT NULL,
	`run_date` text NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`result` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_runs_job_date_unique` ON `job_runs` (`job`,`run_date`);--> statement-breakpoint
CREATE INDEX `job_runs_started_idx` ON `job_runs` (`started_at`);--> statement-breakpoint
ALTER TABLE `admins` ADD `line_user_id` text;--> statement-breakpoint
ALTER TABLE `admins` ADD `line_linked_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `admins_line_user_unique` ON `admins` (`line_user_id`);--> statement-breakpoint
ALTER TABLE `line_groups` ADD `notify_summary` integer DEFAULT false NOT NULL;