CREATE TABLE `line_followers` (
	`line_user_id` text PRIMARY KEY NOT NULL,
	`following` integer NOT NULL,
	`changed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `line_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`group_id` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`picture_upload_id` text,
	`active` integer DEFAULT true NOT NULL,
	`joined_at` integer,
	`left_at` integer,
	`notify_leave` integer DEFAULT false NOT NULL,
	`notify_machine` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`picture_upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `line_groups_group_id_unique` ON `line_groups` (`group_id`);--> statement-breakpoint
CREATE TABLE `line_pushes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`retry_key` text NOT NULL,
	`to` text NOT NULL,
	`employee_id` integer,
	`group_id` integer,
	`kind` text NOT NULL,
	`messages` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`group_id`) REFERENCES `line_groups`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `line_pushes_retry_key_unique` ON `line_pushes` (`retry_key`);--> statement-breakpoint
CREATE INDEX `line_pushes_employee_idx` ON `line_pushes` (`employee_id`);--> statement-breakpoint
CREATE TABLE `line_webhook_events` (
	`webhook_event_id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`source_type` text,
	`source_id` text,
	`received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reply_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`keyword` text NOT NULL,
	`match` text DEFAULT 'exact' NOT NULL,
	`messages` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`sync_error` text,
	`synced_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `verify_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`employee_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`failed_tries` integer DEFAULT 0 NOT NULL,
	`used_at` integer,
	`voided_at` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `verify_codes_employee_idx` ON `verify_codes` (`employee_id`);