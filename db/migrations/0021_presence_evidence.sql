CREATE TABLE `office_qr_uses` (
	`employee_id` integer NOT NULL,
	`work_date` text NOT NULL,
	`type` text NOT NULL,
	`office` text NOT NULL,
	`step` integer NOT NULL,
	`used_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`employee_id`, `work_date`, `type`),
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `attendance` ADD `checkin_proof` text;--> statement-breakpoint
ALTER TABLE `attendance` ADD `checkin_liveness` real;--> statement-breakpoint
ALTER TABLE `attendance` ADD `checkout_proof` text;--> statement-breakpoint
ALTER TABLE `attendance` ADD `checkout_liveness` real;--> statement-breakpoint
ALTER TABLE `attendance` ADD `flag_evidence` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `machine_visits` ADD `flag_evidence` text DEFAULT '{}' NOT NULL;