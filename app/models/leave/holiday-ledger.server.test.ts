import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { attendance, attendanceDays } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { zonedTime } from "~/lib/thai-date";
import { ensureLedger } from "~/models/attendance/ledger.server";
import { setSetting } from "~/models/core/settings.server";
import { newEmployee } from "~/models/attendance/attendance.test-helpers";
import { addHoliday, removeHoliday } from "./holidays.server";

// A holiday's add and remove recompute the day ledger's rows of that date in the same write.

const admin = { type: "admin" as const, id: null };
const DATE = "2026-10-14"; // a Wednesday with no public holiday

const row = (employeeId: number) =>
  db()
    .select()
    .from(attendanceDays)
    .where(and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.workDate, DATE)))
    .get();

describe("holiday writes and the day ledger", () => {
  let worker: number;
  let away: number;
  beforeAll(() => {
    setSetting("attendance_start", "2026-01-01");
    worker = newEmployee().id;
    away = newEmployee().id;
    db()
      .insert(attendance)
      .values({ employeeId: worker, workDate: DATE, checkinAt: zonedTime(DATE, "10:00"), checkoutAt: zonedTime(DATE, "16:00") })
      .run();
    ensureLedger(DATE, DATE, new Date("2026-11-01T03:00:00Z"));
  });

  it("turns a late day into work on a holiday and an absence into the holiday, and back on removal", () => {
    expect(row(worker)).toMatchObject({ status: "late", lateMinutes: 90 });
    expect(row(away)).toMatchObject({ status: "absent", absentFraction: 1 });

    addHoliday({ date: DATE, name: "วันหยุดบริษัท", kind: "company" }, admin);
    expect(row(worker)).toMatchObject({ status: "present", lateMinutes: 0, earlyMinutes: 0, holidayDate: DATE });
    expect(row(worker)?.reason).toContain("ทำงานวันหยุด");
    expect(db().select().from(attendance).where(eq(attendance.employeeId, worker)).get()?.lateMinutes).toBe(0);
    expect(row(away)).toMatchObject({ status: "holiday", absentFraction: 0 });

    removeHoliday(DATE, admin);
    expect(row(worker)).toMatchObject({ status: "late", lateMinutes: 90, holidayDate: null });
    expect(row(away)).toMatchObject({ status: "absent", absentFraction: 1 });
  });
});
