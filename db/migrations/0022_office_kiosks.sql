CREATE TABLE `employee_pins` (
	`employee_id` integer PRIMARY KEY NOT NULL,
	`pin_hash` text NOT NULL,
	`issued_at` integer NOT NULL,
	`issued_by` integer,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`issued_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `kiosk_pairings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code_hash` text NOT NULL,
	`office` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`used_at` integer,
	`kiosk_id` integer,
	FOREIGN KEY (`created_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`kiosk_id`) REFERENCES `kiosks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kiosk_pairings_code_unique` ON `kiosk_pairings` (`code_hash`);--> statement-breakpoint
CREATE TABLE `kiosks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`office` text NOT NULL,
	`token_hash` text NOT NULL,
	`paired_at` integer NOT NULL,
	`paired_by` integer,
	`last_seen_at` integer,
	`revoked_at` integer,
	`revoked_by` integer,
	FOREIGN KEY (`paired_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`revoked_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kiosks_token_unique` ON `kiosks` (`token_hash`);