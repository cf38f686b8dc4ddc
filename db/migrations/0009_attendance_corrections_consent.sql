CREATE TABLE `attendance_corrections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`attendance_id` integer NOT NULL,
	`employee_id` integer NOT NULL,
	`work_date` text NOT NULL,
	`source` text NOT NULL,
	`checkin_at` integer,
	`checkout_at` integer,
	`reason` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`original_checkin_at` integer,
	`original_checkout_at` integer,
	`created_by` integer,
	`decided_by` integer,
	`decided_at` integer,
	`decision_note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`attendance_id`) REFERENCES `attendance`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attendance_corrections_one_pending` ON `attendance_corrections` (`attendance_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `attendance_corrections_status_idx` ON `attendance_corrections` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `attendance_corrections_attendance_idx` ON `attendance_corrections` (`attendance_id`);--> statement-breakpoint
ALTER TABLE `attendance` ADD `corrected_at` integer;--> statement-breakpoint
ALTER TABLE `employees` ADD `face_consent_at` integer;--> statement-breakpoint
ALTER TABLE `employees` ADD `face_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `employees` ADD `face_confirmed_by` integer REFERENCES admins(id);