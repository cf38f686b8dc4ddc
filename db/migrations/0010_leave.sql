CREATE TABLE `holiday_years` (
	`year` integer PRIMARY KEY NOT NULL,
	`seeded_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `holidays` (
	`date` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `leave_petitions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`employee_id` integer NOT NULL,
	`type` integer NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`half` text,
	`days` real NOT NULL,
	`year` integer NOT NULL,
	`reason` text NOT NULL,
	`attachment_upload_id` text,
	`certificate_note` text,
	`status` integer DEFAULT 1 NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`decision_note` text,
	`cancelled_at` integer,
	`cancelled_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`attachment_upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `leave_petitions_employee_idx` ON `leave_petitions` (`employee_id`,`start_date`);--> statement-breakpoint
CREATE INDEX `leave_petitions_status_idx` ON `leave_petitions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `leave_petitions_year_idx` ON `leave_petitions` (`year`,`status`);--> statement-breakpoint
CREATE INDEX `leave_petitions_dates_idx` ON `leave_petitions` (`start_date`,`end_date`);--> statement-breakpoint
CREATE TABLE `leave_quotas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`employee_id` integer NOT NULL,
	`year` integer NOT NULL,
	`type` integer NOT NULL,
	`quota` real NOT NULL,
	`updated_by` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`updated_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leave_quotas_unique` ON `leave_quotas` (`employee_id`,`year`,`type`);