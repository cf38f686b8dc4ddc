ALTER TABLE `employees` ADD `face_reset_at` integer;--> statement-breakpoint
ALTER TABLE `uploads` ADD `thumb` blob;--> statement-breakpoint
ALTER TABLE `uploads` ADD `owner_employee_id` integer REFERENCES employees(id);--> statement-breakpoint
CREATE INDEX `uploads_owner_idx` ON `uploads` (`owner_employee_id`);--> statement-breakpoint
-- Backfill: employee photos and registered face photos belong to their employee (LINE group pictures stay null).
UPDATE `uploads` SET `owner_employee_id` = (SELECT `id` FROM `employees` WHERE `employees`.`photo_upload_id` = `uploads`.`id` OR `employees`.`face_upload_id` = `uploads`.`id` LIMIT 1) WHERE `folder` = 'employees';--> statement-breakpoint
-- Backfill: an employee with no face now whose face an admin reset keeps being asked to register again.
UPDATE `employees` SET `face_reset_at` = (SELECT max(`created_at`) FROM `audit_log` WHERE `entity` = 'employee' AND `entity_id` = CAST(`employees`.`id` AS TEXT) AND `action` = 'reset_face') WHERE `face_descriptor` IS NULL;
