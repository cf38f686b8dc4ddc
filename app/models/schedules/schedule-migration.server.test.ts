import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/lib/db.server";
import { databaseBefore } from "~/lib/migration.test-helpers";

// Migration 0019 gives every ledger row the default schedule without rewriting the table (a
// column default, not an UPDATE of tens of millions of rows at a large office).
const TAG = "0019_schedules_overtime_payroll";
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-migration-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("0019 puts the ledger's existing days under the default schedule, with no overtime", () => {
  const file = path.join(dir, "tn.sqlite");
  const old = databaseBefore(dir, file, TAG);
  old.prepare("insert into employees (id, code, title, first_name, last_name) values (1, 'E1', 1, 'สมชาย', 'ใจดี')").run();
  old
    .prepare(
      `insert into attendance_days (employee_id, work_date, status, reason, scheduled_minutes, worked_minutes,
         late_minutes, early_minutes, leave_fraction, absent_fraction, checkin_review, checkout_review, computed_at)
       values (1, '2026-10-01', 'late', 'มาสาย 5 นาที', 480, 475, 5, 0, 0, 0, 'accepted', 'accepted', 1)`,
    )
    .run();
  old.close();

  const upgraded = openDatabase(file);
  const sqlite = upgraded.$client;
  try {
    expect(
      sqlite
        .prepare(
          "select schedule_id, overtime_minutes, holiday_work_minutes, holiday_overtime_minutes, late_minutes from attendance_days",
        )
        .all(),
    ).toEqual([{ schedule_id: 1, overtime_minutes: 0, holiday_work_minutes: 0, holiday_overtime_minutes: 0, late_minutes: 5 }]);
    expect(sqlite.prepare("select id, name, is_default from schedules").all()).toEqual([
      { id: 1, name: "เวลาทำงานปกติ", is_default: 1 },
    ]);
    const column = (sqlite.pragma("table_info(attendance_days)") as { name: string; notnull: number; dflt_value: string }[]).find(
      (c) => c.name === "schedule_id",
    );
    expect(column).toMatchObject({ notnull: 1, dflt_value: "1" });
  } finally {
    sqlite.close();
  }
});
