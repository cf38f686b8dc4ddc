import { and, eq } from "drizzle-orm";
import { attendance, attendanceDays, auditLog, employees, OVERTIME_SOURCES, OVERTIME_STATUSES, overtimeRequests, payrollCloses } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { createAdmin } from "~/models/admins/admin.server";
import { recomputeDay } from "~/models/attendance/ledger.server";
import { REJECT_NOTE_REQUIRED } from "~/models/core/decision-note";
import { setSetting } from "~/models/core/settings.server";
import { createEmployee } from "~/models/employees/employee.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { OVERTIME_SOURCE_VALUES, OVERTIME_STATUS_VALUES } from "./labels";
import {
  cancelOvertime,
  cancelOwnOvertime,
  decideOvertime,
  listOvertime,
  listOwnOvertime,
  OVERTIME_MESSAGES,
  recordOvertime,
  requestOvertime,
} from "./overtime.server";
import { overWeeklyLimitByEmployee, weeklyOvertimeHours } from "./weekly-limit.server";
import { AdminOvertimeSchema, OVERTIME_INPUT_MESSAGES, OvertimeDecisionSchema, overtimeListQuery, OvertimeRequestSchema } from "./schema";

const DATE = "2026-11-23"; // a Monday
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`);
const NOW = at("2026-11-25", "12:00");

let admin: { type: "admin"; id: number };
let serial = 0;

beforeAll(async () => {
  setSetting("attendance_start", "2020-01-01");
  const a = await createAdmin({ username: "ot-admin", password: "Overtime-pass-2026" });
  admin = { type: "admin", id: a.id };
});

beforeEach(() => {
  db().delete(overtimeRequests).run();
  db().delete(attendanceDays).run();
  db().delete(attendance).run();
  db().delete(auditLog).run();
});

function employee(over: { start_date?: string; resign_date?: string } = {}) {
  serial += 1;
  const e = createEmployee(
    EmployeeCreateSchema.parse({ code: `OT${String(serial).padStart(4, "0")}`, title: 1, first_name: "สมชาย", last_name: "ล่วงเวลา", start_date: over.start_date ?? "2024-01-01" }),
    { type: "system" },
  );
  if (over.resign_date) db().update(employees).set({ resignDate: over.resign_date }).where(eq(employees.id, e.id)).run();
  return e;
}

const ask = (employeeId: number, input: Record<string, unknown> = {}, now = NOW) =>
  requestOvertime(employeeId, OvertimeRequestSchema.parse({ date: DATE, start: "17:30", end: "20:00", reason: "ปิดงบสิ้นเดือน", ...input }), now);
const record = (employeeId: number, input: Record<string, unknown> = {}, now = NOW) =>
  recordOvertime(AdminOvertimeSchema.parse({ employee_id: employeeId, date: DATE, start: "17:30", end: "20:00", reason: "ขนของเข้าคลัง", ...input }), admin, now);
const decide = (id: number, decision: "approve" | "reject", note = "", now = NOW) =>
  decideOvertime(id, OvertimeDecisionSchema.parse({ decision, note }), admin, now);

function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error("expected a DomainError");
}

const auditsOf = (id: number) =>
  db().select().from(auditLog).where(and(eq(auditLog.entity, "overtime_request"), eq(auditLog.entityId, String(id)))).all();
const ledgerRow = (employeeId: number, date = DATE) =>
  db().select().from(attendanceDays).where(and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.workDate, date))).get();

test("the client-safe labels list the schema's statuses and sources", () => {
  expect([...OVERTIME_STATUS_VALUES]).toEqual([...OVERTIME_STATUSES]);
  expect([...OVERTIME_SOURCE_VALUES]).toEqual([...OVERTIME_SOURCES]);
});

describe("input", () => {
  const parse = (over: Record<string, unknown>) =>
    OvertimeRequestSchema.safeParse({ date: DATE, start: "17:30", end: "20:00", reason: "ปิดงบ", ...over });
  const firstMessage = (over: Record<string, unknown>) => {
    const result = parse(over);
    return result.success ? null : result.error.issues[0];
  };

  test("a window of up to 12 hours, possibly past midnight, with a reason", () => {
    expect(parse({}).success).toBe(true);
    expect(parse({ start: "22:00", end: "06:00" }).success).toBe(true);
    expect(parse({ start: "18:00", end: "06:00" }).success).toBe(true);
    expect(firstMessage({ start: "18:00", end: "06:01" })).toMatchObject({ path: ["end"], message: OVERTIME_INPUT_MESSAGES.tooLong });
    expect(firstMessage({ start: "17:30", end: "17:30" })).toMatchObject({ path: ["end"], message: OVERTIME_INPUT_MESSAGES.sameEnds });
  });

  test("bad times, dates and reasons are refused in Thai", () => {
    for (const over of [{ start: "24:00" }, { end: "7:00" }, { start: 1730 }, { date: "2026-02-30" }, { date: "23/11/2026" }, { reason: "" }, { reason: "  " }, { reason: "ก".repeat(501) }]) {
      const issue = firstMessage(over);
      expect(issue, JSON.stringify(over)).not.toBeNull();
      expect(issue?.message).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect(parse({ reason: "ก".repeat(500) }).success).toBe(true);
    expect(parse({ extra: 1 }).success).toBe(false);
  });

  test("the list query: this month by default, a status, an employee", () => {
    const schema = overtimeListQuery("2026-11");
    expect(schema.parse({})).toEqual({ month: "2026-11" });
    expect(schema.parse({ month: "2026-10", status: "pending", employee_id: "3" })).toEqual({ month: "2026-10", status: "pending", employee_id: 3 });
    for (const bad of [{ month: "2026-13" }, { month: "2026-1" }, { status: "done" }, { employee_id: "x" }]) expect(schema.safeParse(bad).success).toBe(false);
  });
});

describe("an employee asks", () => {
  test("a pending request, audit-logged, with its minutes and week", () => {
    const e = employee();
    const o = ask(e.id);
    expect(o).toMatchObject({
      employee_id: e.id,
      date: DATE,
      start: "17:30",
      end: "20:00",
      minutes: 150,
      reason: "ปิดงบสิ้นเดือน",
      status: "pending",
      source: "employee",
      decided_by: null,
      decided_at: null,
      decision_note: null,
      week_hours: 2.5,
      over_weekly_limit: false,
    });
    expect(auditsOf(o.id)).toMatchObject([{ action: "create", actorType: "employee", actorId: e.id }]);
  });

  test("dates: 31 days back and 62 ahead at most, and only on days the employee works", () => {
    const e = employee();
    expect(ask(e.id, { date: "2026-10-25" }).date).toBe("2026-10-25");
    expect(ask(e.id, { date: "2027-01-26" }).date).toBe("2027-01-26");
    const back = thrown(() => ask(e.id, { date: "2026-10-24" }));
    expect(back).toMatchObject({ status: 400, fields: { date: OVERTIME_MESSAGES.tooFarBack(31) } });
    expect(thrown(() => ask(e.id, { date: "2027-01-27" }))).toMatchObject({ status: 400, fields: { date: OVERTIME_MESSAGES.tooFarAhead } });
    const newcomer = employee({ start_date: "2026-11-24" });
    expect(thrown(() => ask(newcomer.id, { date: DATE }))).toMatchObject({ status: 400, fields: { date: OVERTIME_MESSAGES.notWorking } });
    const leaving = employee({ resign_date: "2026-11-30" });
    expect(thrown(() => ask(leaving.id, { date: "2026-11-30" }))).toMatchObject({ status: 400 });
    expect(ask(leaving.id, { date: "2026-11-29" }).status).toBe("pending");
    expect(db().select().from(overtimeRequests).all()).toHaveLength(3);
  });

  test("409 when it meets the employee's own pending or approved window, that date or across midnight", () => {
    const e = employee();
    const first = ask(e.id, { start: "17:30", end: "20:00" });
    const clash = thrown(() => ask(e.id, { start: "19:00", end: "21:00" }));
    expect(clash.status).toBe(409);
    expect(clash.message).toBe(OVERTIME_MESSAGES.overlap);
    expect(clash.fields?.start).toMatch(/^ซ้อนกับคำขอวันที่ 23 พ\.ย\. 2569 เวลา 17:30–20:00 น\. \(รออนุมัติ\)$/);
    // Touching is not meeting; another employee's window is theirs.
    expect(ask(e.id, { start: "20:00", end: "21:00" }).status).toBe("pending");
    expect(ask(employee().id, { start: "17:30", end: "20:00" }).status).toBe("pending");
    // Last night's window past midnight meets this morning's.
    ask(e.id, { date: "2026-11-22", start: "22:00", end: "02:00" });
    expect(thrown(() => ask(e.id, { start: "01:00", end: "03:00" })).status).toBe(409);
    expect(ask(e.id, { start: "02:00", end: "03:00" }).status).toBe("pending");
    // A window past midnight meets tomorrow's morning.
    ask(e.id, { date: "2026-11-24", start: "05:00", end: "07:00" });
    expect(thrown(() => ask(e.id, { start: "23:00", end: "06:00" })).status).toBe(409);
    // A rejected or cancelled one no longer holds the time.
    decide(first.id, "reject", "ไม่จำเป็น");
    expect(ask(e.id, { start: "18:00", end: "19:00" }).status).toBe("pending");
  });
});

describe("an admin records", () => {
  test("approved at once, by the admin, audit-logged; an unknown employee is a 404", () => {
    const e = employee();
    const o = record(e.id);
    expect(o).toMatchObject({ status: "approved", source: "admin", decided_by: admin.id, week_hours: 2.5 });
    expect(o.decided_at).toBe(NOW.toISOString());
    const row = db().select().from(overtimeRequests).where(eq(overtimeRequests.id, o.id)).get();
    expect(row).toMatchObject({ createdBy: admin.id, decidedBy: admin.id });
    expect(auditsOf(o.id)).toMatchObject([{ action: "create", actorType: "admin", actorId: admin.id }]);
    expect(thrown(() => record(999_999)).status).toBe(404);
    expect(thrown(() => record(e.id, { start: "19:00", end: "19:30" })).status).toBe(409);
    // An admin reaches two months back.
    expect(record(e.id, { date: "2026-09-24" }).status).toBe("approved");
    expect(thrown(() => record(e.id, { date: "2026-09-23" })).fields).toEqual({ date: OVERTIME_MESSAGES.tooFarBack(62) });
  });
});

describe("the decision", () => {
  test("approve: decided by the admin, audit-logged; a second decision is a 409", () => {
    const e = employee();
    const o = ask(e.id);
    const approved = decide(o.id, "approve");
    expect(approved).toMatchObject({ status: "approved", decided_by: admin.id, decided_at: NOW.toISOString(), decision_note: null, week_hours: 2.5 });
    expect(auditsOf(o.id).map((a) => a.action)).toEqual(["create", "approve"]);
    const again = thrown(() => decide(o.id, "reject", "ช้าไป"));
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/อนุมัติแล้ว/);
    expect(thrown(() => decide(999_999, "approve")).status).toBe(404);
  });

  test("reject: a note is required (400 on note, before the request is looked at), and kept", () => {
    const e = employee();
    const o = ask(e.id);
    expect(thrown(() => decide(o.id, "reject", "   "))).toMatchObject({ status: 400, fields: { note: REJECT_NOTE_REQUIRED } });
    expect(thrown(() => decide(999_999, "reject"))).toMatchObject({ status: 400 });
    expect(decide(o.id, "reject", "งานเสร็จแล้ว")).toMatchObject({ status: "rejected", decision_note: "งานเสร็จแล้ว" });
    expect(auditsOf(o.id).map((a) => a.action)).toEqual(["create", "reject"]);
  });

  test("an approval recomputes the employee's ledger day in the same transaction", () => {
    const e = employee();
    db().insert(attendance).values({ employeeId: e.id, workDate: DATE, checkinAt: at(DATE, "08:25"), checkoutAt: at(DATE, "20:10") }).run();
    recomputeDay(db(), e.id, DATE, at("2026-11-24", "09:00"));
    expect(ledgerRow(e.id)?.computedAt.getTime()).toBe(at("2026-11-24", "09:00").getTime());
    const o = ask(e.id);
    // A request only asks: the day is not touched.
    expect(ledgerRow(e.id)?.computedAt.getTime()).toBe(at("2026-11-24", "09:00").getTime());
    decide(o.id, "approve");
    expect(ledgerRow(e.id)?.computedAt.getTime()).toBe(NOW.getTime());
  });

  // FOR THE LEAD (day ledger reading approved overtime, issue 36): this passes once the ledger
  // splits approved overtime into attendance_days.overtime_minutes. A weekday (08:30–17:30),
  // check-out 20:10, approved window 17:30–20:00: 150 minutes at 1.5×; the 10 minutes after the
  // window do not count.
  test("LEDGER: approved 17:30–20:00 on a weekday with a check-out at 20:10 → overtime_minutes 150", () => {
    const e = employee();
    db().insert(attendance).values({ employeeId: e.id, workDate: DATE, checkinAt: at(DATE, "08:25"), checkoutAt: at(DATE, "20:10") }).run();
    recomputeDay(db(), e.id, DATE, NOW);
    const o = ask(e.id);
    expect(ledgerRow(e.id)?.overtimeMinutes).toBe(0);
    decide(o.id, "approve");
    expect(ledgerRow(e.id)?.overtimeMinutes).toBe(150);
    cancelOvertime(o.id, "แผนเปลี่ยน", admin, NOW);
    expect(ledgerRow(e.id)?.overtimeMinutes).toBe(0);
  });
});

test("a day of a month closed for payroll: the approval is refused whole with the ledger's 409", () => {
  const e = employee();
  db().insert(attendance).values({ employeeId: e.id, workDate: DATE, checkinAt: at(DATE, "08:25"), checkoutAt: at(DATE, "20:10") }).run();
  recomputeDay(db(), e.id, DATE, NOW);
  const o = ask(e.id);
  db().insert(payrollCloses).values({ month: "2026-11" }).run();
  try {
    const refused = thrown(() => decide(o.id, "approve"));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/ปิดงวดเงินเดือนแล้ว/);
    expect(db().select().from(overtimeRequests).where(eq(overtimeRequests.id, o.id)).get()).toMatchObject({ status: "pending", decidedBy: null });
    expect(auditsOf(o.id).map((a) => a.action)).toEqual(["create"]);
    // An admin's record that would change the day is refused too; one the day does not feel is not.
    expect(thrown(() => record(e.id, { start: "20:00", end: "20:10" })).status).toBe(409);
    expect(db().select().from(overtimeRequests).all()).toHaveLength(1);
    expect(record(e.id, { start: "06:00", end: "08:00" }).status).toBe("approved");
  } finally {
    db().delete(payrollCloses).run();
  }
  expect(decide(o.id, "approve").status).toBe("approved");
});

describe("cancelling", () => {
  test("the employee: their own pending one, or an approved one not begun; another's is a 404", () => {
    const e = employee();
    const pending = ask(e.id);
    expect(thrown(() => cancelOwnOvertime(employee().id, pending.id, NOW)).status).toBe(404);
    expect(cancelOwnOvertime(e.id, pending.id, NOW).status).toBe("cancelled");
    expect(thrown(() => cancelOwnOvertime(e.id, pending.id, NOW)).status).toBe(409);
    expect(auditsOf(pending.id)).toMatchObject([{ action: "create" }, { action: "cancel", actorType: "employee", actorId: e.id }]);

    const tomorrow = ask(e.id, { date: "2026-11-26" });
    decide(tomorrow.id, "approve");
    expect(cancelOwnOvertime(e.id, tomorrow.id, NOW).status).toBe("cancelled");
    const begun = ask(e.id, { date: "2026-11-25", start: "11:00", end: "13:00" });
    decide(begun.id, "approve");
    expect(thrown(() => cancelOwnOvertime(e.id, begun.id, NOW))).toMatchObject({ status: 409, message: OVERTIME_MESSAGES.started });
    const rejected = ask(e.id, { date: "2026-11-27" });
    decide(rejected.id, "reject", "ไม่จำเป็น");
    expect(thrown(() => cancelOwnOvertime(e.id, rejected.id, NOW)).status).toBe(409);
  });

  test("an admin: a pending or approved one, with a note; the cancel of an approved one recomputes the day", () => {
    const e = employee();
    db().insert(attendance).values({ employeeId: e.id, workDate: DATE, checkinAt: at(DATE, "08:25"), checkoutAt: at(DATE, "20:10") }).run();
    const o = record(e.id, {}, at("2026-11-24", "09:00"));
    expect(ledgerRow(e.id)?.computedAt.getTime()).toBe(at("2026-11-24", "09:00").getTime());
    const cancelled = cancelOvertime(o.id, "บันทึกผิดวัน", admin, NOW);
    expect(cancelled).toMatchObject({ status: "cancelled", decision_note: "บันทึกผิดวัน" });
    expect(ledgerRow(e.id)?.computedAt.getTime()).toBe(NOW.getTime());
    expect(thrown(() => cancelOvertime(o.id, "", admin, NOW)).status).toBe(409);
  });
});

describe("lists and the 36-hour week", () => {
  test("the month's list for admins: with who, in date order, by status and employee", () => {
    const a = employee();
    const b = employee();
    const late = ask(a.id, { date: "2026-11-24" });
    const early = ask(b.id, { date: "2026-11-02" });
    ask(a.id, { date: "2026-10-30" });
    decide(late.id, "approve");
    const list = listOvertime({ month: "2026-11" });
    expect(list.map((o) => o.id)).toEqual([early.id, late.id]);
    expect(list[0].employee).toEqual({ id: b.id, code: b.code, full_name: "นายสมชาย ล่วงเวลา" });
    expect(listOvertime({ month: "2026-11", status: "approved" }).map((o) => o.id)).toEqual([late.id]);
    expect(listOvertime({ month: "2026-11", employee_id: b.id }).map((o) => o.id)).toEqual([early.id]);
    expect(listOwnOvertime(a.id).map((o) => o.date)).toEqual(["2026-11-24", "2026-10-30"]);
  });

  test("approved windows and holiday work of the Monday–Sunday week, plus a pending request's own; over 36 h is flagged", () => {
    const e = employee();
    // 3 × 10 h approved in the week of 23–29 Nov (Mon, Tue, Sat), and 5 h of holiday work on Sunday.
    for (const date of ["2026-11-23", "2026-11-24", "2026-11-28"]) record(e.id, { date, start: "20:00", end: "06:00" });
    db().insert(attendanceDays).values({
      employeeId: e.id,
      workDate: "2026-11-29",
      status: "day_off",
      reason: "",
      scheduledMinutes: 0,
      workedMinutes: 300,
      lateMinutes: 0,
      earlyMinutes: 0,
      leaveFraction: 0,
      absentFraction: 0,
      checkinReview: "none",
      checkoutReview: "none",
      holidayWorkMinutes: 300,
      computedAt: NOW,
    }).run();
    // Not this week: the Sunday before and the Monday after.
    record(e.id, { date: "2026-11-22", start: "08:00", end: "18:00" });
    record(e.id, { date: "2026-11-30", start: "08:00", end: "18:00" });
    const [first] = listOvertime({ month: "2026-11", employee_id: e.id }).filter((o) => o.date === "2026-11-23");
    expect(first).toMatchObject({ week_hours: 35, over_weekly_limit: false });
    const pending = ask(e.id, { date: "2026-11-25", start: "17:30", end: "19:00" });
    expect(pending).toMatchObject({ week_hours: 36.5, over_weekly_limit: true });
    // The others of the week count only approved windows: the pending one is not theirs yet.
    expect(listOvertime({ month: "2026-11", employee_id: e.id }).find((o) => o.date === "2026-11-23")).toMatchObject({ week_hours: 35, over_weekly_limit: false });
    decide(pending.id, "approve");
    expect(listOwnOvertime(e.id).filter((o) => o.date >= "2026-11-23" && o.date <= "2026-11-29").map((o) => [o.week_hours, o.over_weekly_limit])).toEqual(
      Array(4).fill([36.5, true]),
    );
    // For the payroll sheet: the week's hours, and the weeks of a month over 36 hours by employee.
    expect(weeklyOvertimeHours(e.id, "2026-11-29")).toBe(36.5);
    expect(weeklyOvertimeHours(e.id, "2026-11-30")).toBe(10);
    const other = employee();
    record(other.id, { date: "2026-11-24", start: "18:00", end: "20:00" });
    expect(overWeeklyLimitByEmployee("2026-11")).toEqual(new Map([[e.id, [{ week_start: "2026-11-23", hours: 36.5 }]]]));
    // A week across the month's end belongs to both months.
    record(e.id, { date: "2026-12-01", start: "06:00", end: "18:00" });
    record(e.id, { date: "2026-12-02", start: "06:00", end: "18:00" });
    record(e.id, { date: "2026-12-03", start: "06:00", end: "09:00" });
    expect(overWeeklyLimitByEmployee("2026-11").get(e.id)).toEqual([
      { week_start: "2026-11-23", hours: 36.5 },
      { week_start: "2026-11-30", hours: 37 },
    ]);
    expect(overWeeklyLimitByEmployee("2026-12")).toEqual(new Map([[e.id, [{ week_start: "2026-11-30", hours: 37 }]]]));
  });
});
