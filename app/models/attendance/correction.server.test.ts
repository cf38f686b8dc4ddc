import { and, eq } from "drizzle-orm";
import { attendance, attendanceCorrections, attendanceDays, auditLog, employees, leavePetitions } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { LeaveStatus } from "~/lib/enums";
import { DomainError } from "~/lib/errors";
import { createAdmin } from "~/models/admins/admin.server";
import {
  AdminCorrectionSchema,
  CORRECTION_MESSAGES,
  CorrectionDecisionSchema,
  CorrectionListQuery,
  CorrectionRequestSchema,
  correctAttendance,
  decideCorrection,
  listCorrections,
  listOwnCorrections,
  pendingCorrectionCount,
  requestCorrection,
} from "./correction.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee } from "~/models/employees/employee.server";
import { setSetting, updateSettings } from "~/models/core/settings.server";
import { REJECT_NOTE_REQUIRED } from "~/models/core/decision-note";

const DATE = "2026-11-23"; // a Monday
const at = (hhmm: string, date = DATE) => new Date(`${date}T${hhmm}:00+07:00`);
const NOW = at("12:00", "2026-11-25");

let actor: { type: "admin"; id: number };
let serial = 0;

beforeAll(async () => {
  setSetting("attendance_start", "2020-01-01");
  const admin = await createAdmin({ username: "corrector", password: "Corrector-pass-2026" });
  actor = { type: "admin", id: admin.id };
});

beforeEach(() => {
  db().delete(attendanceCorrections).run();
  db().delete(attendanceDays).run();
  db().delete(leavePetitions).run();
  db().delete(attendance).run();
  db().delete(employees).run();
  db().delete(auditLog).run();
  updateSettings({ late_grace_minutes: 0, early_grace_minutes: 0 }, { type: "system" });
});

function employee(resign_date?: string) {
  serial += 1;
  const e = createEmployee(
    EmployeeCreateSchema.parse({ code: `C${String(serial).padStart(4, "0")}`, title: 1, first_name: "สมชาย", last_name: "แก้เวลา" }),
    { type: "system" },
  );
  if (resign_date) db().update(employees).set({ resignDate: resign_date }).where(eq(employees.id, e.id)).run();
  return e;
}

function record(employeeId: number, values: Partial<typeof attendance.$inferInsert> = {}) {
  return db()
    .insert(attendance)
    .values({ employeeId, workDate: DATE, checkinAt: at("08:45"), checkoutAt: null, lateMinutes: 15, ...values })
    .returning()
    .get();
}

function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error("expected a DomainError");
}

const correct = (input: Record<string, unknown>, now = NOW) =>
  correctAttendance(AdminCorrectionSchema.parse({ work_date: DATE, note: "ลืมโทรศัพท์", ...input }), actor, now);
const ask = (employeeId: number, input: Record<string, unknown>, now = NOW) =>
  requestCorrection(employeeId, CorrectionRequestSchema.parse({ work_date: DATE, reason: "ลืมลงเวลาออก", ...input }), now);
const decide = (id: number, decision: "approve" | "reject", note = "") =>
  decideCorrection(id, CorrectionDecisionSchema.parse({ decision, note }), actor, NOW);

const corrections = () => db().select().from(attendanceCorrections).all();
const audits = () => db().select().from(auditLog).all().filter((a) => a.entity.startsWith("attendance"));

describe("admin correction", () => {
  it("creates the day's record when there is none, with late minutes from the rules, kept as an approved correction", () => {
    const e = employee();
    const r = correct({ employee_id: e.id, checkin_at: "08:40", checkout_at: "17:00" });
    expect(r).toMatchObject({
      employee_id: e.id,
      work_date: DATE,
      checkin_at: at("08:40").toISOString(),
      checkout_at: at("17:00").toISOString(),
      late_minutes: 10,
      early_minutes: 30,
      corrected: true,
      review_status: "none",
    });
    expect(corrections()).toMatchObject([
      { attendanceId: r.id, source: "admin", status: "approved", originalCheckinAt: null, originalCheckoutAt: null, reason: "ลืมโทรศัพท์", createdBy: actor.id },
    ]);
    expect(audits()).toMatchObject([{ action: "correct", entity: "attendance", entityId: String(r.id), actorId: actor.id }]);
    expect(audits()[0].changes).toMatchObject({ checkin_at: { from: null, to: at("08:40").toISOString() }, created: true });
  });

  it("updates an existing record, keeps the originals, recomputes late/early with the grace, keeps a time not given", () => {
    updateSettings({ late_grace_minutes: 5 }, { type: "system" });
    const e = employee();
    const before = record(e.id, { checkoutAt: at("16:00"), earlyMinutes: 90 });
    const r = correct({ employee_id: e.id, checkin_at: "08:34" });
    expect(r).toMatchObject({ id: before.id, late_minutes: 0, early_minutes: 90, checkout_at: at("16:00").toISOString(), corrected: true });
    const out = correct({ employee_id: e.id, checkout_at: "17:45" });
    expect(out).toMatchObject({ checkin_at: at("08:34").toISOString(), early_minutes: 0 });
    const rows = corrections();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ originalCheckinAt: at("08:45"), originalCheckoutAt: at("16:00"), checkinAt: at("08:34"), checkoutAt: null });
    expect(rows[1]).toMatchObject({ originalCheckinAt: at("08:34"), checkoutAt: at("17:45") });
    expect(audits()[0].changes).toMatchObject({ late_minutes: { from: 15, to: 0 }, checkin_at: { from: at("08:45").toISOString() } });
  });

  it("refuses a future date, a future time, out before in, a missing check-in, a resigned employee; nothing is written", () => {
    const e = employee();
    const gone = employee("2026-11-20");
    const cases: [Record<string, unknown>, number, string][] = [
      [{ employee_id: e.id, work_date: "2026-11-26", checkin_at: "08:00" }, 400, CORRECTION_MESSAGES.futureDate],
      [{ employee_id: e.id, work_date: "2026-11-25", checkin_at: "08:00", checkout_at: "17:00" }, 400, CORRECTION_MESSAGES.futureTime],
      [{ employee_id: e.id, checkin_at: "09:00", checkout_at: "08:59" }, 400, CORRECTION_MESSAGES.outBeforeIn],
      [{ employee_id: e.id, checkin_at: "09:00", checkout_at: "09:00" }, 400, CORRECTION_MESSAGES.outBeforeIn],
      [{ employee_id: e.id, checkout_at: "17:00" }, 400, CORRECTION_MESSAGES.needCheckin],
      [{ employee_id: gone.id, checkin_at: "08:00" }, 400, CORRECTION_MESSAGES.notWorking],
      [{ employee_id: 999999, checkin_at: "08:00" }, 404, CORRECTION_MESSAGES.noEmployee],
    ];
    for (const [input, status, message] of cases) {
      const error = thrown(() => correct(input));
      expect([error.status, error.message], JSON.stringify(input)).toEqual([status, message]);
    }
    expect(db().select().from(attendance).all()).toEqual([]);
    expect(corrections()).toEqual([]);
    expect(audits()).toEqual([]);
  });

  it("validates the input: a note is required (≤ 500), times are HH:mm, at least one time", () => {
    const base = { employee_id: 1, work_date: DATE, checkin_at: "08:00", note: "x" };
    expect(AdminCorrectionSchema.safeParse(base).success).toBe(true);
    expect(AdminCorrectionSchema.safeParse({ ...base, note: " " }).success).toBe(false);
    expect(AdminCorrectionSchema.safeParse({ ...base, note: "ก".repeat(501) }).success).toBe(false);
    expect(AdminCorrectionSchema.safeParse({ ...base, checkin_at: "8:00" }).success).toBe(false);
    expect(AdminCorrectionSchema.safeParse({ ...base, checkin_at: "24:00" }).success).toBe(false);
    expect(AdminCorrectionSchema.safeParse({ ...base, checkin_at: "" }).success).toBe(false);
    expect(AdminCorrectionSchema.safeParse({ ...base, checkin_at: "", checkout_at: "17:00" }).success).toBe(true);
    expect(AdminCorrectionSchema.safeParse({ ...base, extra: 1 }).success).toBe(false);
  });
});

describe("employee requests and admin decisions", () => {
  it("an employee asks for a missing check-out; approving applies it, keeps the originals, recomputes, audit-logs", () => {
    const e = employee();
    const r = record(e.id);
    const c = ask(e.id, { checkout_at: "17:10" });
    expect(c).toMatchObject({ attendance_id: r.id, status: "pending", source: "employee", checkout_at: at("17:10").toISOString(), checkin_at: null });
    expect(pendingCorrectionCount()).toBe(1);
    const queue = listCorrections(CorrectionListQuery.parse({}));
    expect(queue.total).toBe(1);
    expect(queue.items[0]).toMatchObject({ correction: { id: c.id }, employee: { id: e.id, full_name: "นายสมชาย แก้เวลา" }, record: { checkout_at: null } });

    const decided = decide(c.id, "approve", "ตรวจกล้องแล้ว");
    expect(decided.correction).toMatchObject({ status: "approved", decision_note: "ตรวจกล้องแล้ว", original_checkin_at: at("08:45").toISOString(), original_checkout_at: null });
    expect(decided.record).toMatchObject({ checkin_at: at("08:45").toISOString(), checkout_at: at("17:10").toISOString(), late_minutes: 15, early_minutes: 20, corrected: true });
    expect(pendingCorrectionCount()).toBe(0);
    expect(audits().map((a) => [a.action, a.entity])).toEqual([
      ["create", "attendance_correction"],
      ["correct", "attendance"],
      ["approve", "attendance_correction"],
    ]);
    expect(listOwnCorrections(e.id).items.map((i) => i.status)).toEqual(["approved"]);
  });

  it("rejecting leaves the record as it was", () => {
    const e = employee();
    record(e.id);
    const c = ask(e.id, { checkin_at: "08:20" });
    const decided = decide(c.id, "reject", "ไม่มีหลักฐาน");
    expect(decided.correction.status).toBe("rejected");
    expect(decided.record).toMatchObject({ checkin_at: at("08:45").toISOString(), late_minutes: 15, corrected: false });
    expect(listCorrections(CorrectionListQuery.parse({ status: "rejected" })).total).toBe(1);
  });

  it("a rejection needs a note (blank is none): 400 on the field, nothing decided or audited", () => {
    const e = employee();
    record(e.id);
    const c = ask(e.id, { checkin_at: "08:20" });
    const auditCount = audits().length;
    for (const note of ["", "   \n "]) {
      const error = thrown(() => decide(c.id, "reject", note));
      expect([error.status, error.fields]).toEqual([400, { note: REJECT_NOTE_REQUIRED }]);
    }
    expect(corrections()[0].status).toBe("pending");
    expect(audits()).toHaveLength(auditCount);
    expect(decide(c.id, "approve").correction.status).toBe("approved");
  });

  it("a second pending request for the day is a 409; after a decision a new one is allowed", () => {
    const e = employee();
    record(e.id);
    const first = ask(e.id, { checkout_at: "17:30" });
    const error = thrown(() => ask(e.id, { checkout_at: "17:40" }));
    expect([error.status, error.message]).toEqual([409, CORRECTION_MESSAGES.pendingExists]);
    expect(corrections()).toHaveLength(1);
    decide(first.id, "reject", "ขอใหม่ให้ถูกเวลา");
    expect(ask(e.id, { checkout_at: "17:40" }).status).toBe("pending");
  });

  it("deciding twice is a 409, and the second decision changes nothing", () => {
    const e = employee();
    record(e.id);
    const c = ask(e.id, { checkout_at: "17:30" });
    decide(c.id, "approve");
    const auditCount = audits().length;
    const error = thrown(() => decide(c.id, "reject", "ซ้ำ"));
    expect([error.status, error.message]).toEqual([409, CORRECTION_MESSAGES.notPending]);
    expect(corrections()[0].status).toBe("approved");
    expect(audits()).toHaveLength(auditCount);
    expect(thrown(() => decide(999999, "approve")).status).toBe(404);
  });

  it("two approvals at the same time: exactly one wins, the times are applied once", async () => {
    const e = employee();
    record(e.id);
    const c = ask(e.id, { checkout_at: "17:30" });
    const results = await Promise.allSettled([Promise.resolve().then(() => decide(c.id, "approve")), Promise.resolve().then(() => decide(c.id, "approve"))]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const failed = results.find((r) => r.status === "rejected");
    expect(failed?.status === "rejected" && failed.reason instanceof DomainError && failed.reason.status).toBe(409);
    expect(audits().filter((a) => a.action === "correct")).toHaveLength(1);
  });

  it("refuses a future date or time, a day without a check-in, out before in; nothing is written", () => {
    const e = employee();
    record(e.id);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ work_date: "2026-11-26", checkin_at: "08:00" }, 400, CORRECTION_MESSAGES.futureDate],
      [{ work_date: "2026-11-24", checkout_at: "17:00" }, 404, CORRECTION_MESSAGES.noRecord],
      [{ checkout_at: "08:30" }, 400, CORRECTION_MESSAGES.outBeforeIn],
    ];
    for (const [input, status, message] of cases) {
      const error = thrown(() => ask(e.id, input));
      expect([error.status, error.message], JSON.stringify(input)).toEqual([status, message]);
    }
    const today = record(e.id, { workDate: "2026-11-25", checkinAt: at("08:30", "2026-11-25") });
    const future = thrown(() => ask(e.id, { work_date: "2026-11-25", checkout_at: "17:30" }));
    expect([future.status, future.message]).toEqual([400, CORRECTION_MESSAGES.futureTime]);
    expect(ask(e.id, { work_date: "2026-11-25", checkout_at: "11:30" }).attendance_id).toBe(today.id);
    expect(corrections()).toHaveLength(1);
  });

  it("an employee cannot ask about another employee's record (404)", () => {
    const owner = employee();
    const other = employee();
    record(owner.id);
    const error = thrown(() => ask(other.id, { checkout_at: "17:30" }));
    expect([error.status, error.message]).toEqual([404, CORRECTION_MESSAGES.noRecord]);
    expect(corrections()).toEqual([]);
  });

  it("an approval that no longer fits the record is refused and leaves the request pending", () => {
    const e = employee();
    const r = record(e.id);
    const c = ask(e.id, { checkout_at: "09:00" });
    db().update(attendance).set({ checkinAt: at("09:30") }).where(eq(attendance.id, r.id)).run();
    expect(thrown(() => decide(c.id, "approve")).status).toBe(400);
    expect(corrections()[0].status).toBe("pending");
    expect(db().select().from(attendance).get()?.correctedAt).toBeNull();
  });

  it("own requests only, newest first; the admin list and count ignore admin corrections", () => {
    const a = employee();
    const b = employee();
    record(a.id);
    record(a.id, { workDate: "2026-11-24", checkinAt: at("08:30", "2026-11-24") });
    record(b.id);
    ask(a.id, { checkout_at: "17:30" }, at("09:00", "2026-11-25"));
    ask(a.id, { work_date: "2026-11-24", checkout_at: "17:30" }, at("10:00", "2026-11-25"));
    correct({ employee_id: b.id, checkout_at: "17:30" });
    expect(listOwnCorrections(a.id).items.map((i) => i.work_date)).toEqual(["2026-11-24", DATE]);
    expect(listOwnCorrections(b.id).items).toEqual([]);
    expect(pendingCorrectionCount()).toBe(2);
    expect(listCorrections(CorrectionListQuery.parse({ status: "approved" })).total).toBe(0);
    expect(CorrectionListQuery.safeParse({ status: "done" }).success).toBe(false);
  });
});

describe("the day's ledger row follows an approved correction (ADR 043)", () => {
  const ledger = (employeeId: number) =>
    db()
      .select()
      .from(attendanceDays)
      .where(and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.workDate, DATE)))
      .get();

  it("an employee's request approved under a morning leave: the check-in at 12:55 is not late, in the record and the ledger", () => {
    const e = employee();
    db()
      .insert(leavePetitions)
      .values({ employeeId: e.id, type: 1, startDate: DATE, endDate: DATE, half: "morning", days: 0.5, year: 2026, reason: "ธุระ", status: LeaveStatus.approve })
      .run();
    record(e.id, { checkinAt: at("13:20"), lateMinutes: 20 });
    const c = ask(e.id, { checkin_at: "12:55", checkout_at: "17:30" });
    expect(decide(c.id, "approve").record).toMatchObject({ late_minutes: 0, early_minutes: 0 });
    expect(ledger(e.id)).toMatchObject({ status: "present", lateMinutes: 0, leaveHalf: "morning" });
  });

  it("an admin's correction of a rejected check-in brings the day back: the side is accepted, the absence gone", () => {
    const e = employee();
    const r = record(e.id, { checkinReview: "rejected", reviewStatus: "rejected", checkoutAt: at("17:30") });
    correct({ employee_id: e.id, checkout_at: "17:35" });
    expect(ledger(e.id)).toMatchObject({ status: "absent", checkinReview: "rejected" });
    const back = correct({ employee_id: e.id, checkin_at: "08:25" });
    expect(back).toMatchObject({ id: r.id, checkin_review: "accepted", review_status: "accepted", late_minutes: 0 });
    expect(ledger(e.id)).toMatchObject({ status: "present", checkinReview: "accepted", lateMinutes: 0 });
    expect(audits().at(-1)?.changes).toMatchObject({ review_status: { from: "rejected", to: "accepted" } });
  });
});
