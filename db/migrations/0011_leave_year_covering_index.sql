DROP INDEX `leave_petitions_year_idx`;--> statement-breakpoint
CREATE INDEX `leave_petitions_year_idx` ON `leave_petitions` (`year`,`status`,`employee_id`,`type`,`days`);