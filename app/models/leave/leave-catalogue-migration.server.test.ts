import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/lib/db.server";
import { databaseBefore } from "~/lib/migration.test-helpers";
import { LEAVE_CATALOGUE } from "./catalogue";

// Migration 0020 seeds the leave catalogue, keeps every petition as it was charged, and renames
// the seeded holidays to the Royal Gazette's names, in the day ledger's reasons too.
const TAG = "0020_leave_catalogue";
const OLD_MOTHER = "วันเฉลิมพระชนมพรรษาสมเด็จพระนางเจ้าสิริกิติ์ พระบรมราชินีนาถ พระบรมราชชนนีพันปีหลวง";
const OLD_OCTOBER = "วันคล้ายวันสวรรคตพระบาทสมเด็จพระบรมชนกาธิเบศร มหาภูมิพลอดุลยเดชมหาราช บรมนาถบพิตร";
const OLD_DECEMBER = "วันคล้ายวันพระบรมราชสมภพ พระบาทสมเด็จพระบรมชนกาธิเบศร มหาภูมิพลอดุลยเดชมหาราช บรมนาถบพิตร";
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-migration-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("0020 seeds the ten types, keeps old petitions whole, and renames the three holidays (an admin's own name kept)", () => {
  const file = path.join(dir, "tn.sqlite");
  const old = databaseBefore(dir, file, TAG);
  old.prepare("insert into employees (id, code, title, first_name, last_name) values (1, 'E1', 1, 'สมชาย', 'ใจดี')").run();
  const holiday = old.prepare("insert into holidays (date, name, kind, source) values (?, ?, ?, ?)");
  holiday.run("2026-08-12", OLD_MOTHER, "public", "seed");
  holiday.run("2026-10-13", OLD_OCTOBER, "public", "seed");
  holiday.run("2026-12-05", OLD_DECEMBER, "public", "seed");
  holiday.run("2026-12-07", `ชดเชย${OLD_DECEMBER}`, "substitution", "seed");
  holiday.run("2027-08-12", "วันแม่ของบริษัทเรา", "company", "admin");
  const day = old.prepare(
    `insert into attendance_days (employee_id, work_date, status, reason, scheduled_minutes, worked_minutes, late_minutes,
       early_minutes, leave_fraction, absent_fraction, checkin_review, checkout_review, computed_at)
     values (1, ?, ?, ?, 0, 0, 0, 0, 0, 0, 'none', 'none', 1)`,
  );
  day.run("2026-10-13", "holiday", `วันหยุด: ${OLD_OCTOBER}`);
  day.run("2026-10-14", "absent", "ขาดงาน");
  old
    .prepare(
      `insert into leave_petitions (employee_id, type, start_date, end_date, days, year, reason, status)
       values (1, 1, '2025-12-29', '2026-01-02', 3, 2025, 'ธุระ', 2)`,
    )
    .run();
  old.close();

  const sqlite = openDatabase(file).$client;
  try {
    const types = sqlite.prepare("select id, name_th, quota_days, per, unit, paid_days, active from leave_types order by id").all();
    expect(types).toEqual(
      LEAVE_CATALOGUE.map((t) => ({
        id: t.id,
        name_th: t.name_th,
        quota_days: t.quota_days,
        per: t.per,
        unit: t.unit,
        paid_days: t.paid_days,
        active: t.active ? 1 : 0,
      })),
    );
    expect(sqlite.prepare("select days, next_year_days, event_date from leave_petitions").all()).toEqual([
      { days: 3, next_year_days: 0, event_date: null },
    ]);
    expect(sqlite.prepare("select date, name from holidays order by date").all()).toEqual([
      { date: "2026-08-12", name: "วันแม่แห่งชาติ" },
      { date: "2026-10-13", name: "วันนวมินทรมหาราช" },
      { date: "2026-12-05", name: "วันชาติ และวันพ่อแห่งชาติ" },
      { date: "2026-12-07", name: "ชดเชยวันชาติ และวันพ่อแห่งชาติ" },
      { date: "2027-08-12", name: "วันแม่ของบริษัทเรา" },
    ]);
    expect(sqlite.prepare("select work_date, reason from attendance_days order by work_date").all()).toEqual([
      { work_date: "2026-10-13", reason: "วันหยุด: วันนวมินทรมหาราช" },
      { work_date: "2026-10-14", reason: "ขาดงาน" },
    ]);
  } finally {
    sqlite.close();
  }
});
