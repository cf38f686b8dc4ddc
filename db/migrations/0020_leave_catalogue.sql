CREATE TABLE `leave_types` (
	`id` integer PRIMARY KEY NOT NULL,
	`name_th` text NOT NULL,
	`section_th` text NOT NULL,
	`who_th` text NOT NULL,
	`quota_days` real,
	`per` text NOT NULL,
	`unit` text NOT NULL,
	`paid_days` real,
	`pay_percent` integer DEFAULT 100 NOT NULL,
	`half_day` integer NOT NULL,
	`certificate_from_days` integer,
	`event_window_days` integer,
	`active` integer NOT NULL,
	`updated_by` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `leave_petitions` ADD `next_year_days` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `leave_petitions` ADD `event_date` text;--> statement-breakpoint
CREATE INDEX `leave_petitions_crossing_idx` ON `leave_petitions` (`year`,`status`,`employee_id`,`type`,`next_year_days`) WHERE "leave_petitions"."next_year_days" > 0;--> statement-breakpoint
INSERT INTO `leave_types` (`id`, `name_th`, `section_th`, `who_th`, `quota_days`, `per`, `unit`, `paid_days`, `pay_percent`, `half_day`, `certificate_from_days`, `event_window_days`, `active`) VALUES
  (1, 'ลากิจ', 'มาตรา 34, 57/1', 'ลูกจ้างทุกคน', 3, 'year', 'working_day', 3, 100, 1, NULL, NULL, 1),
  (2, 'ลาป่วย', 'มาตรา 32, 57', 'ลูกจ้างทุกคน', 30, 'year', 'working_day', 30, 100, 1, 3, NULL, 1),
  (3, 'ลาพักร้อน', 'มาตรา 30, 56', 'ลูกจ้างที่ทำงานครบ 1 ปี', 6, 'year', 'working_day', 6, 100, 1, NULL, NULL, 1),
  (4, 'ลาคลอด', 'มาตรา 41, 59 (แก้ไขโดย พ.ร.บ. ฉบับที่ 9 พ.ศ. 2568)', 'ลูกจ้างหญิงมีครรภ์', 120, 'event', 'calendar_day', 60, 100, 0, NULL, NULL, 1),
  (5, 'ลาช่วยเหลือคู่สมรสคลอดบุตร', 'พ.ร.บ. คุ้มครองแรงงาน (ฉบับที่ 9) พ.ศ. 2568', 'ลูกจ้างที่คู่สมรสคลอดบุตร', 15, 'event', 'working_day', 15, 100, 0, NULL, 90, 1),
  (6, 'ลาดูแลบุตรที่เจ็บป่วยหรือพิการ', 'พ.ร.บ. คุ้มครองแรงงาน (ฉบับที่ 9) พ.ศ. 2568', 'ลูกจ้างที่บุตรแรกเกิดเจ็บป่วยหรือพิการ', 15, 'event', 'working_day', 15, 50, 0, 1, NULL, 1),
  (7, 'ลารับราชการทหาร', 'มาตรา 35, 58', 'ลูกจ้างทุกคน', 60, 'year', 'working_day', 60, 100, 0, NULL, NULL, 1),
  (8, 'ลาทำหมัน', 'มาตรา 33, 57', 'ลูกจ้างทุกคน', NULL, 'event', 'working_day', NULL, 100, 0, 1, NULL, 1),
  (9, 'ลาฝึกอบรม', 'มาตรา 36', 'ลูกจ้างทุกคน', 30, 'year', 'working_day', 0, 100, 1, NULL, NULL, 1),
  (10, 'ลาอุปสมบท', 'นโยบายบริษัท (ไม่มีในพระราชบัญญัติ)', 'ลูกจ้างชายที่จะอุปสมบท', 15, 'event', 'calendar_day', 0, 100, 0, NULL, NULL, 0);--> statement-breakpoint
UPDATE `attendance_days` SET `reason` = replace(`reason`, 'วันเฉลิมพระชนมพรรษาสมเด็จพระนางเจ้าสิริกิติ์ พระบรมราชินีนาถ พระบรมราชชนนีพันปีหลวง', 'วันแม่แห่งชาติ') WHERE `work_date` IN (SELECT `date` FROM `holidays` WHERE `source` = 'seed' AND instr(`name`, 'วันเฉลิมพระชนมพรรษาสมเด็จพระนางเจ้าสิริกิติ์ พระบรมราชินีนาถ พระบรมราชชนนีพันปีหลวง') > 0);--> statement-breakpoint
UPDATE `holidays` SET `name` = replace(`name`, 'วันเฉลิมพระชนมพรรษาสมเด็จพระนางเจ้าสิริกิติ์ พระบรมราชินีนาถ พระบรมราชชนนีพันปีหลวง', 'วันแม่แห่งชาติ') WHERE `source` = 'seed' AND instr(`name`, 'วันเฉลิมพระชนมพรรษาสมเด็จพระนางเจ้าสิริกิติ์ พระบรมราชินีนาถ พระบรมราชชนนีพันปีหลวง') > 0;--> statement-breakpoint
UPDATE `attendance_days` SET `reason` = replace(`reason`, 'วันคล้ายวันสวรรคตพระบาทสมเด็จพระบรมชนกาธิเบศร มหาภูมิพลอดุลยเดชมหาราช บรมนาถบพิตร', 'วันนวมินทรมหาราช') WHERE `work_date` IN (SELECT `date` FROM `holidays` WHERE `source` = 'seed' AND instr(`name`, 'วันคล้ายวันสวรรคตพระบาทสมเด็จพระบรมชนกาธิเบศร มหาภูมิพลอดุลยเดชมหาราช บรมนาถบพิตร') > 0);--> statement-breakpoint
UPDATE `holidays` SET `name` = replace(`name`, 'วันคล้ายวันสวรรคตพระบาทสมเด็จพระบรมชนกาธิเบศร มหาภูมิพลอดุลยเดชมหาราช บรมนาถบพิตร', 'วันนวมินทรมหาราช') WHERE `source` = 'seed' AND instr(`name`, 'วันคล้ายวันสวรรคตพระบาทสมเด็จพระบรมชนกาธิเบศร มหาภูมิพลอดุลยเดชมหาราช บรมนาถบพิตร') > 0;--> statement-breakpoint
UPDATE `attendance_days` SET `reason` = replace(`reason`, 'วันคล้ายวันพระบรมราชสมภพ พระบาทสมเด็จพระบรมชนกาธิเบศร มหาภูมิพลอดุลยเดชมหาราช บรมนาถบพิตร', 'วันชาติ และวันพ่อแห่งชาติ') WHERE `work_date` IN (SELECT `date` FROM `holidays` WHERE `source` = 'seed' AND instr(`name`, 'วันคล้ายวันพระบรมราชสมภพ พระบาทสมเด็จพระบรมชนกาธิเบศร มหาภูมิพลอดุลยเดชมหาราช บรมนาถบพิตร') > 0);--> statement-breakpoint
UPDATE `holidays` SET `name` = replace(`name`, 'วันคล้ายวันพระบรมราชสมภพ พระบาทสมเด็จพระบรมชนกาธิเบศร มหาภูมิพลอดุลยเดชมหาราช บรมนาถบพิตร', 'วันชาติ และวันพ่อแห่งชาติ') WHERE `source` = 'seed' AND instr(`name`, 'วันคล้ายวันพระบรมราชสมภพ พระบาทสมเด็จพระบรมชนกาธิเบศร มหาภูมิพลอดุลยเดชมหาราช บรมนาถบพิตร') > 0;
