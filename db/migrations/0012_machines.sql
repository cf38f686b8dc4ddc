CREATE TABLE `machine_assignments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`machine_id` integer NOT NULL,
	`employee_id` integer NOT NULL,
	`assigned_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`assigned_by` integer,
	`ended_at` integer,
	`ended_by` integer,
	`end_reason` text,
	FOREIGN KEY (`machine_id`) REFERENCES `machines`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`assigned_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ended_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `machine_assignments_open_unique` ON `machine_assignments` (`machine_id`,`employee_id`) WHERE ended_at IS NULL;--> statement-breakpoint
CREATE INDEX `machine_assignments_employee_idx` ON `machine_assignments` (`employee_id`,`ended_at`);--> statement-breakpoint
CREATE TABLE `machine_visits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`machine_id` integer NOT NULL,
	`employee_id` integer NOT NULL,
	`visited_at` integer NOT NULL,
	`visit_date` text NOT NULL,
	`status` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`lat` real,
	`lng` real,
	`accuracy` real,
	`distance_m` real,
	`geofence` text,
	`flags` text DEFAULT '[]' NOT NULL,
	`photo_upload_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`machine_id`) REFERENCES `machines`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`photo_upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `machine_visits_machine_idx` ON `machine_visits` (`machine_id`,`visited_at`);--> statement-breakpoint
CREATE INDEX `machine_visits_date_idx` ON `machine_visits` (`visit_date`);--> statement-breakpoint
CREATE INDEX `machine_visits_employee_idx` ON `machine_visits` (`employee_id`,`visited_at`);--> statement-breakpoint
CREATE TABLE `machines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`type` integer NOT NULL,
	`lat` real,
	`lng` real,
	`radius_m` integer DEFAULT 100 NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`photo_upload_id` text,
	`visit_every_days` integer,
	`note` text DEFAULT '' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`last_visit_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`photo_upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`last_visit_id`) REFERENCES `machine_visits`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `machines_code_unique` ON `machines` (lower("code"));--> statement-breakpoint
CREATE INDEX `machines_active_idx` ON `machines` (`active`,`type`);