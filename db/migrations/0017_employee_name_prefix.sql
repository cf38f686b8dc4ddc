-- The free name prefix (ADR 037), and the search text made to hold it. drizzle-kit 0.31 only wrote
-- the ADD COLUMN: it does not see a changed generated expression, and SQLite cannot ALTER one nor
-- ADD a STORED column, so the table is rebuilt by hand in drizzle-kit's way (as 0007 did).
-- Foreign keys are off around the migrator (app/lib/db.server.ts), so the rows that reference
-- employees stay; the id sequence is carried over so no id is handed out twice.
CREATE TABLE `__new_employees` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`title` integer NOT NULL,
	`name_prefix` text DEFAULT '' NOT NULL,
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
	`face_upload_id` text,
	`search_text` text GENERATED ALWAYS AS (lower("code") || ' ' || case when "name_prefix" = '' then '' else lower("name_prefix") || ' ' end || "first_name" || ' ' || "last_name" || ' ' || lower("nickname") || ' ' || replace(replace(replace(replace(replace("phone", '-', ''), ' ', ''), '(', ''), ')', ''), '+', '')) STORED NOT NULL,
	`face_registered_at` integer,
	`face_reset_at` integer,
	`face_consent_at` integer,
	`face_confirmed_at` integer,
	`face_confirmed_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`province_id`) REFERENCES `provinces`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`amphur_id`) REFERENCES `amphurs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`district_id`) REFERENCES `districts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`photo_upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`face_upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`face_confirmed_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_employees`("id", "code", "title", "first_name", "last_name", "nickname", "phone", "email", "position", "department", "start_date", "resign_date", "address", "province_id", "amphur_id", "district_id", "zipcode", "photo_upload_id", "line_user_id", "face_descriptor", "face_upload_id", "face_registered_at", "face_reset_at", "face_consent_at", "face_confirmed_at", "face_confirmed_by", "created_at", "updated_at") SELECT "id", "code", "title", "first_name", "last_name", "nickname", "phone", "email", "position", "department", "start_date", "resign_date", "address", "province_id", "amphur_id", "district_id", "zipcode", "photo_upload_id", "line_user_id", "face_descriptor", "face_upload_id", "face_registered_at", "face_reset_at", "face_consent_at", "face_confirmed_at", "face_confirmed_by", "created_at", "updated_at" FROM `employees`;--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_employees';--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_employees', `seq` FROM `sqlite_sequence` WHERE `name` = 'employees';--> statement-breakpoint
DROP TABLE `employees`;--> statement-breakpoint
ALTER TABLE `__new_employees` RENAME TO `employees`;--> statement-breakpoint
CREATE UNIQUE INDEX `employees_code_unique` ON `employees` (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX `employees_line_user_unique` ON `employees` (`line_user_id`);--> statement-breakpoint
CREATE INDEX `employees_resign_idx` ON `employees` (`resign_date`);--> statement-breakpoint
CREATE INDEX `employees_photo_upload_idx` ON `employees` (`photo_upload_id`) WHERE "employees"."photo_upload_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `employees_face_upload_idx` ON `employees` (`face_upload_id`) WHERE "employees"."face_upload_id" IS NOT NULL;
