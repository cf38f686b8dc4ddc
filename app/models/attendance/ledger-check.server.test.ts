import { and, eq } from "drizzle-orm";
import { attendance, attendanceDays, ledgerDates } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { setSetting } from "~/models/core/settings.server";
import { createEmployee } from "~/models/employees/employee.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { bkk } from "~/models/flows/reminders.test-helpers";
import { ensureLedger } from "./ledger.server";
import { lastDays, ledgerCheck, ledgerCheckSummary } from "./ledger-check.server";

const system = { type: "system" as const };
// Wednesday 25 Nov 2026, 10:00 in Bangkok.
const now = bkk("2026-11-25", "10:00");
const RANGE = { from: "2026-11-16", to: "2026-11-24" };

let n = 0;
const newEmployee = (startDate: string | null = null) =>
  createEmployee(
    EmployeeCreateSchema.parse({ code: `LC${++n}`, title: 1, first_name: "สมศรี", last_name: "ตรวจทาน", start_date: startDate ?? undefined }),
    system,
  );

const where = (employeeId: number, date: string) => and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.workDate, date));

let a: { id: number };
let b: { id: number };
let record: { id: number };

beforeEach(() => {
  for (const table of [attendanceDays, ledgerDates, attendance]) db().delete(table).run();
  setSetting("attendance_start", "2026-11-01");
  a = newEmployee();
  b = newEmployee();
  record = db()
    .insert(attendance)
    .values({ employeeId: a.id, workDate: "2026-11-24", checkinAt: bkk("2026-11-24", "09:00"), checkoutAt: bkk("2026-11-24", "17:45") })
    .returning()
    .get();
  ensureLedger(RANGE.from, RANGE.to, now);
});

const rowsNow = () => db().select().from(attendanceDays).all().length;

test("a freshly filled range matches its inputs: every row compared, 0 differences", async () => {
  const result = await ledgerCheck(RANGE, { now });
  expect(result).toEqual({ ...RANGE, checked: rowsNow(), dates: 9, unchecked_dates: 0, count: 0, differences: [] });
  expect(result.checked).toBeGreaterThanOrEqual(18);
  expect(ledgerCheckSummary(result)).toMatch(/^ตรงกันทั้งหมด: ตรวจ \d+ แถว 9 วัน 16 พ\.ย\. 2569 – 24 พ\.ย\. 2569$/);
});

test("a tampered row, a record's minutes, a missing and an extra row are each reported; a fresh fill brings 0 back", async () => {
  db().update(attendanceDays).set({ lateMinutes: 99, reason: "แก้ด้วยมือ" }).where(where(a.id, "2026-11-24")).run();
  db().update(attendance).set({ earlyMinutes: 7 }).where(eq(attendance.id, record.id)).run();
  db().delete(attendanceDays).where(where(b.id, "2026-11-20")).run();
  const later = newEmployee("2026-12-01");
  const copy = db().select().from(attendanceDays).where(where(b.id, "2026-11-18")).get()!;
  db().insert(attendanceDays).values({ ...copy, employeeId: later.id }).run();

  const result = await ledgerCheck(RANGE, { now });
  expect(result.count).toBe(5);
  expect(result.differences).toEqual(
    expect.arrayContaining([
      { employee_id: a.id, work_date: "2026-11-24", field: "late_minutes", stored: 99, computed: 30 },
      { employee_id: a.id, work_date: "2026-11-24", field: "reason", stored: "แก้ด้วยมือ", computed: expect.any(String) },
      { employee_id: a.id, work_date: "2026-11-24", field: "attendance.early_minutes", stored: 7, computed: 0 },
      { employee_id: b.id, work_date: "2026-11-20", field: "row", stored: null, computed: "absent" },
      { employee_id: later.id, work_date: "2026-11-18", field: "row", stored: "absent", computed: null },
    ]),
  );
  expect(ledgerCheckSummary(result)).toMatch(/^ไม่ตรง 5 รายการ จาก /);

  db().delete(ledgerDates).run();
  ensureLedger(RANGE.from, RANGE.to, now);
  expect((await ledgerCheck(RANGE, { now })).count).toBe(0);
});

test("the list is capped; the count is not", async () => {
  db().update(attendanceDays).set({ lateMinutes: 5 }).where(eq(attendanceDays.employeeId, b.id)).run();
  const result = await ledgerCheck(RANGE, { now, limit: 3 });
  expect(result.count).toBe(9);
  expect(result.differences).toHaveLength(3);
});

test("dates not filled, or filled before a clock threshold passed, are left to the next reader, not compared", async () => {
  db().update(attendanceDays).set({ lateMinutes: 5 }).run();
  db().delete(ledgerDates).where(eq(ledgerDates.workDate, "2026-11-23")).run();
  db().update(ledgerDates).set({ freshUntil: now.getTime() - 1 }).where(eq(ledgerDates.workDate, "2026-11-24")).run();
  const result = await ledgerCheck({ from: "2026-11-23", to: "2026-11-30" }, { now });
  // 23 not filled, 24 stale, 25 (today) not filled; nothing after today.
  expect(result).toMatchObject({ dates: 0, unchecked_dates: 3, checked: 0, count: 0 });
  expect(ledgerCheckSummary(result)).toContain("3 วันยังไม่ได้สรุป ไม่ได้ตรวจ");
});

test("the default ranges end on today's work date", () => {
  expect(lastDays(90, now)).toEqual({ from: "2026-08-28", to: "2026-11-25" });
  expect(lastDays(35, now)).toEqual({ from: "2026-10-22", to: "2026-11-25" });
});

test("a stop request ends the check between dates", async () => {
  const stop = new AbortController();
  stop.abort();
  expect(await ledgerCheck(RANGE, { now, signal: stop.signal })).toMatchObject({ dates: 0, checked: 0 });
});
