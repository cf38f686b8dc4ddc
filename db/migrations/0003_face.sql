ALTER TABLE `employees` ADD `face_upload_id` text REFERENCES uploads(id);--> statement-breakpoint
ALTER TABLE `employees` ADD `face_registered_at` integer;