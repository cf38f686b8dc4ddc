CREATE TABLE `amphurs` (
	`id` integer PRIMARY KEY NOT NULL,
	`province_id` integer NOT NULL,
	`code` text NOT NULL,
	`name_th` text NOT NULL,
	`name_en` text NOT NULL,
	FOREIGN KEY (`province_id`) REFERENCES `provinces`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `amphurs_province_idx` ON `amphurs` (`province_id`);--> statement-breakpoint
CREATE TABLE `districts` (
	`id` integer PRIMARY KEY NOT NULL,
	`amphur_id` integer NOT NULL,
	`code` text NOT NULL,
	`name_th` text NOT NULL,
	`name_en` text NOT NULL,
	`zipcode` text NOT NULL,
	FOREIGN KEY (`amphur_id`) REFERENCES `amphurs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `districts_amphur_idx` ON `districts` (`amphur_id`);--> statement-breakpoint
CREATE TABLE `employees` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`title` integer NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`nickname` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`position` text DEFAULT '' NOT NULL,
	`department` text DEFAULT '' NOT NULL,
	`start_date` text,
	`resign_date` text,
	`address` text DEFAULT '' NOT NULL,
	`province_id` integer,
	`amphur_id` integer,
	`district_id` integer,
	`zipcode` text DEFAULT '' NOT NULL,
	`photo_upload_id` text,
	`line_user_id` text,
	`face_descriptor` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`province_id`) REFERENCES `provinces`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`amphur_id`) REFERENCES `amphurs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`district_id`) REFERENCES `districts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`photo_upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `employees_code_unique` ON `employees` (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX `employees_line_user_unique` ON `employees` (`line_user_id`);--> statement-breakpoint
CREATE INDEX `employees_resign_idx` ON `employees` (`resign_date`);--> statement-breakpoint
CREATE TABLE `provinces` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`name_th` text NOT NULL,
	`name_en` text NOT NULL
);
