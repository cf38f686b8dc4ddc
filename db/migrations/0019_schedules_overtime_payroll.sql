-- Work schedules (the default one's hours stay in the settings), per-employee assignments from a date,
-- overtime requests, months closed for payroll, and the ledger's overtime columns.
CREATE TABLE `employee_schedules` (
	`employee_id` integer NOT NULL,
	`effective_from` text NOT NULL,
	`schedule_id` integer NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`employee_id`, `effective_from`),
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`schedule_id`) REFERENCES `schedules`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `employee_schedules_schedule_idx` ON `employee_schedules` (`schedule_id`);--> statement-breakpoint
CREATE TABLE `overtime_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`employee_id` integer NOT NULL,
	`work_date` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`source` text NOT NULL,
	`created_by` integer,
	`decided_by` integer,
	`decided_at` integer,
	`decision_note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `overtime_employee_date_idx` ON `overtime_requests` (`employee_id`,`work_date`);--> statement-breakpoint
CREATE INDEX `overtime_date_idx` ON `overtime_requests` (`work_date`);--> statement-breakpoint
CREATE INDEX `overtime_status_idx` ON `overtime_requests` (`status`,`work_date`);--> statement-breakpoint
CREATE TABLE `payroll_closes` (
	`month` text PRIMARY KEY NOT NULL,
	`closed_by` integer,
	`closed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`closed_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `schedule_versions` (
	`schedule_id` integer NOT NULL,
	`effective_from` text NOT NULL,
	`days` text NOT NULL,
	`late_grace_minutes` integer DEFAULT 0 NOT NULL,
	`early_grace_minutes` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`schedule_id`, `effective_from`),
	FOREIGN KEY (`schedule_id`) REFERENCES `schedules`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`is_default` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `schedules_name_unique` ON `schedules` (`name`);--> statement-breakpoint
ALTER TABLE `attendance_days` ADD `schedule_id` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `attendance_days` ADD `overtime_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `attendance_days` ADD `holiday_work_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `attendance_days` ADD `holiday_overtime_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `employees` ADD `pay_basis` text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE `employees` ADD `office_names` text;--> statement-breakpoint
INSERT INTO `schedules` (`id`, `name`, `is_default`) VALUES (1, 'เวลาทำงานปกติ', 1);