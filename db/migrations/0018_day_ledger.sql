-- The day ledger (ADR 043). attendance_days is clustered by (work_date, employee_id): a day's page
-- reads neighbouring rows. Each side of a record gets its own review; the records reviewed before
-- this change carry their one decision on each side they have.
CREATE TABLE `attendance_days` (
	`employee_id` integer NOT NULL,
	`work_date` text NOT NULL,
	`status` text NOT NULL,
	`reason` text NOT NULL,
	`scheduled_minutes` integer NOT NULL,
	`worked_minutes` integer NOT NULL,
	`late_minutes` integer NOT NULL,
	`early_minutes` integer NOT NULL,
	`leave_type` integer,
	`leave_fraction` real NOT NULL,
	`leave_half` text,
	`holiday_date` text,
	`absent_fraction` real NOT NULL,
	`checkin_review` text NOT NULL,
	`checkout_review` text NOT NULL,
	`attendance_id` integer,
	`computed_at` integer NOT NULL,
	PRIMARY KEY(`work_date`, `employee_id`),
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `attendance_days_employee_idx` ON `attendance_days` (`employee_id`,`work_date`);--> statement-breakpoint
CREATE INDEX `attendance_days_status_idx` ON `attendance_days` (`work_date`,`status`);--> statement-breakpoint
CREATE TABLE `ledger_dates` (
	`work_date` text PRIMARY KEY NOT NULL,
	`fresh_until` integer,
	`computed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `work_rules` (
	`effective_from` text PRIMARY KEY NOT NULL,
	`rules` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `attendance` ADD `checkin_review` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `attendance` ADD `checkout_review` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
UPDATE `attendance` SET `checkin_review` = CASE WHEN `checkin_at` IS NULL THEN 'none' ELSE `review_status` END,
	`checkout_review` = CASE WHEN `checkout_at` IS NULL THEN 'none' ELSE `review_status` END;