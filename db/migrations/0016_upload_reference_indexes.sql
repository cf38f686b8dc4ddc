CREATE INDEX `attendance_checkin_photo_idx` ON `attendance` (`checkin_photo_upload_id`) WHERE "attendance"."checkin_photo_upload_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `attendance_checkout_photo_idx` ON `attendance` (`checkout_photo_upload_id`) WHERE "attendance"."checkout_photo_upload_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `employees_photo_upload_idx` ON `employees` (`photo_upload_id`) WHERE "employees"."photo_upload_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `employees_face_upload_idx` ON `employees` (`face_upload_id`) WHERE "employees"."face_upload_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `leave_petitions_attachment_idx` ON `leave_petitions` (`attachment_upload_id`) WHERE "leave_petitions"."attachment_upload_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `line_groups_picture_upload_idx` ON `line_groups` (`picture_upload_id`) WHERE "line_groups"."picture_upload_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `machine_visits_photo_upload_idx` ON `machine_visits` (`photo_upload_id`) WHERE "machine_visits"."photo_upload_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `machines_photo_upload_idx` ON `machines` (`photo_upload_id`) WHERE "machines"."photo_upload_id" IS NOT NULL;