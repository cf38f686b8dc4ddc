import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { attendance, attendanceCorrections, CORRECTION_STATUSES, employees } from "../../../db/schema";
import { appTimeZoneFromEnv, workDate } from "~/lib/business-day.server";
import { db, immediate, keptUntilWrite, type Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { zonedTime } from "~/lib/thai-date";
import { cleanText, idField, isoDate, PageFields, pageOffset, type Page } from "~/lib/validation";
import { toAttendanceDto, type AttendanceDto, type AttendanceRow } from "./dto.server";
import { recomputeDay } from "./ledger.server";
import { reviewSummary } from "./review-state";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { employeeBrief } from "~/models/employees/brief.server";
import { workingColumn } from "~/models/employees/employee.server";
import { REJECT_NOTE_REQUIRED, rejectNoteMissing } from "~/models/core/decision-note";

// Corrections of a day's check-in/out times: made by an admin (approved at once) or asked for by
// the employee in LINE (pending until an admin decides). Applying one keeps the times it replaced
// in its attendance_corrections row and recomputes the day's ledger row (and with it the record's
// late/early minutes) in the same transaction (ADR 043).

export const CORRECTION_MESSAGES = {
  futureDate: "แก้ไขเวลาล่วงหน้าไม่ได้ (วันที่ต้องไม่เกินวันนี้)",
  futureTime: "เวลาที่แก้ไขต้องไม่เกินเวลาปัจจุบัน",
  outBeforeIn: "เวลาออกงานต้องหลังเวลาเข้างาน (วันเดียวกัน)",
  needCheckin: "กรุณาระบุเวลาเข้างาน",
  needTime: "กรุณาระบุเวลาเข้างานหรือเวลาออกงานอย่างน้อยหนึ่งช่อง",
  noEmployee: "ไม่พบพนักงาน",
  notWorking: "พนักงานไม่ได้ทำงานในวันที่นี้ (ลาออกแล้ว)",
  noRecord: "ไม่พบการลงเวลาเข้างานของวันนี้",
  pendingExists: "มีคำขอแก้ไขเวลาของวันนี้รออนุมัติอยู่แล้ว",
  notFound: "ไม่พบคำขอแก้ไขเวลา",
  notPending: "คำขอนี้ได้รับการพิจารณาแล้ว",
} as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const blankAsMissing = (v: unknown) => (v === "" || v === null ? undefined : v);
const clock = (label: string) =>
  z.preprocess(
    blankAsMissing,
    z
      .string({ error: `${label}ต้องอยู่ในรูปแบบ ชช:นน` })
      .regex(HHMM, `${label}ต้องอยู่ในรูปแบบ ชช:นน (เช่น 08:30)`)
      .optional(),
  );

const times = {
  work_date: isoDate("วันที่"),
  checkin_at: clock("เวลาเข้างาน"),
  checkout_at: clock("เวลาออกงาน"),
};
const atLeastOneTime = (v: { checkin_at?: string; checkout_at?: string }) => v.checkin_at !== undefined || v.checkout_at !== undefined;

/** `POST /api/checkin-out/correct` (and the page's `correct` intent). */
export const AdminCorrectionSchema = z
  .strictObject(
    {
      employee_id: idField("รหัสพนักงาน"),
      ...times,
      note: cleanText({ label: "หมายเหตุ", max: 500, min: 1, multiline: true }),
    },
    { error: "ข้อมูลการแก้ไขเวลาไม่ถูกต้อง" },
  )
  .refine(atLeastOneTime, { message: CORRECTION_MESSAGES.needTime, path: ["checkin_at"] });
export type AdminCorrection = z.infer<typeof AdminCorrectionSchema>;

/** `POST /api/emp/checkin-out/correction`. */
export const CorrectionRequestSchema = z
  .strictObject(
    {
      ...times,
      reason: cleanText({ label: "เหตุผล", max: 500, min: 1, multiline: true }),
    },
    { error: "ข้อมูลคำขอแก้ไขเวลาไม่ถูกต้อง" },
  )
  .refine(atLeastOneTime, { message: CORRECTION_MESSAGES.needTime, path: ["checkin_at"] });
export type CorrectionRequest = z.infer<typeof CorrectionRequestSchema>;

export const CorrectionListQuery = z.object({
  status: z.preprocess(
    (v) => (v === "" || v === undefined ? "pending" : v),
    z.enum(CORRECTION_STATUSES, { error: "สถานะคำขอต้องเป็น pending, approved หรือ rejected" }),
  ),
  ...PageFields,
});
export type CorrectionListQuery = z.infer<typeof CorrectionListQuery>;

export const CorrectionDecisionSchema = z.strictObject(
  {
    decision: z.enum(["approve", "reject"], { error: "กรุณาเลือกผลการพิจารณา (approve หรือ reject)" }),
    note: cleanText({ label: "หมายเหตุ", max: 500, multiline: true }).optional().default(""),
  },
  { error: "ข้อมูลการพิจารณาไม่ถูกต้อง" },
);
export type CorrectionDecision = z.infer<typeof CorrectionDecisionSchema>;

type CorrectionRow = typeof attendanceCorrections.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCorrectionDto(c: CorrectionRow) {
  return {
    id: c.id,
    attendance_id: c.attendanceId,
    employee_id: c.employeeId,
    work_date: c.workDate,
    source: c.source,
    checkin_at: iso(c.checkinAt),
    checkout_at: iso(c.checkoutAt),
    reason: c.reason,
    status: c.status,
    original_checkin_at: iso(c.originalCheckinAt),
    original_checkout_at: iso(c.originalCheckoutAt),
    decided_at: iso(c.decidedAt),
    decision_note: c.decisionNote,
    created_at: c.createdAt.toISOString(),
  };
}
export type CorrectionDto = ReturnType<typeof toCorrectionDto>;

/** `HH:mm` on `date` in the app's zone as an instant. */
const instantOn = (date: string, hhmm: string | undefined) =>
  hhmm === undefined ? null : zonedTime(date, hhmm, appTimeZoneFromEnv());

type NewTimes = { checkinAt: Date | null; checkoutAt: Date | null };

function requirePastOrToday(date: string, now: Date) {
  if (date > workDate(now)) throw new DomainError(400, CORRECTION_MESSAGES.futureDate, { work_date: CORRECTION_MESSAGES.futureDate });
}

/** The day's times after a correction (a time not given stays), checked: in before out, nothing in the future. */
function merged(current: { checkinAt: Date | null; checkoutAt: Date | null } | undefined, given: NewTimes, now: Date) {
  const checkinAt = given.checkinAt ?? current?.checkinAt ?? null;
  const checkoutAt = given.checkoutAt ?? current?.checkoutAt ?? null;
  if (!checkinAt) throw new DomainError(400, CORRECTION_MESSAGES.needCheckin, { checkin_at: CORRECTION_MESSAGES.needCheckin });
  for (const [field, at] of [
    ["checkin_at", checkinAt],
    ["checkout_at", checkoutAt],
  ] as const) {
    if (at && at.getTime() > now.getTime()) throw new DomainError(400, CORRECTION_MESSAGES.futureTime, { [field]: CORRECTION_MESSAGES.futureTime });
  }
  if (checkoutAt && checkoutAt.getTime() <= checkinAt.getTime()) {
    throw new DomainError(400, CORRECTION_MESSAGES.outBeforeIn, { checkout_at: CORRECTION_MESSAGES.outBeforeIn });
  }
  return { checkinAt, checkoutAt };
}

function dayRow(tx: Db, employeeId: number, date: string) {
  return tx
    .select()
    .from(attendance)
    .where(and(eq(attendance.employeeId, employeeId), eq(attendance.workDate, date)))
    .get();
}

/**
 * Writes corrected times onto the day's record (creating it when there is none), with corrected_at
 * set, recomputes the day's ledger row (the record's late/early minutes with it), and audit-logs
 * before → after. A side whose time is corrected is no longer rejected: the admin approved that
 * time (a rejected check-in corrected brings the day back). Runs inside the caller's transaction;
 * returns the record and the times it replaced.
 */
function applyTimes(
  tx: Db,
  target: { employeeId: number; date: string },
  given: NewTimes,
  context: { actor: Actor; now: Date; note: string; correctionId?: number },
) {
  const { employeeId, date } = target;
  const { now } = context;
  const before = dayRow(tx, employeeId, date);
  const next = merged(before, given, now);
  const corrected = (review: AttendanceRow["checkinReview"] | undefined, at: Date | null) =>
    review === undefined ? "none" : at !== null && review === "rejected" ? "accepted" : review;
  const checkinReview = corrected(before?.checkinReview, given.checkinAt);
  const checkoutReview = corrected(before?.checkoutReview, given.checkoutAt);
  const values = {
    checkinAt: next.checkinAt,
    checkoutAt: next.checkoutAt,
    checkinReview,
    checkoutReview,
    reviewStatus: reviewSummary(checkinReview, checkoutReview),
    correctedAt: now,
    updatedAt: now,
  };
  const written: AttendanceRow = before
    ? tx.update(attendance).set(values).where(eq(attendance.id, before.id)).returning().get()
    : tx
        .insert(attendance)
        .values({ ...values, employeeId, workDate: date, createdAt: now })
        .returning()
        .get();
  recomputeDay(tx, employeeId, date, now);
  const row = dayRow(tx, employeeId, date) ?? written;
  const change = <T>(from: T, to: T) => ({ from, to });
  recordAudit({
    actor: context.actor,
    action: "correct",
    entity: "attendance",
    entityId: row.id,
    changes: {
      checkin_at: change(iso(before?.checkinAt ?? null), iso(row.checkinAt)),
      checkout_at: change(iso(before?.checkoutAt ?? null), iso(row.checkoutAt)),
      late_minutes: change(before?.lateMinutes ?? null, row.lateMinutes),
      early_minutes: change(before?.earlyMinutes ?? null, row.earlyMinutes),
      ...(before && before.reviewStatus !== row.reviewStatus ? { review_status: change(before.reviewStatus, row.reviewStatus) } : {}),
      created: before === undefined,
      note: context.note,
      ...(context.correctionId !== undefined ? { correction_id: context.correctionId } : {}),
    },
  });
  return { row, original: { checkinAt: before?.checkinAt ?? null, checkoutAt: before?.checkoutAt ?? null } };
}

/**
 * An admin's correction of one employee's day: creates the record when there is none (a working
 * employee who forgot the phone), else updates it; kept as an approved correction row.
 */
export function correctAttendance(input: AdminCorrection, actor: Actor, now: Date = new Date()): AttendanceDto {
  requirePastOrToday(input.work_date, now);
  const given = { checkinAt: instantOn(input.work_date, input.checkin_at), checkoutAt: instantOn(input.work_date, input.checkout_at) };
  return immediate((tx) => {
    const employee = tx
      .select({ id: employees.id, working: workingColumn(input.work_date) })
      .from(employees)
      .where(eq(employees.id, input.employee_id))
      .get();
    if (!employee) throw new DomainError(404, CORRECTION_MESSAGES.noEmployee);
    if (!employee.working) throw new DomainError(400, CORRECTION_MESSAGES.notWorking, { work_date: CORRECTION_MESSAGES.notWorking });
    const { row, original } = applyTimes(tx, { employeeId: input.employee_id, date: input.work_date }, given, {
      actor,
      now,
      note: input.note,
    });
    tx.insert(attendanceCorrections)
      .values({
        attendanceId: row.id,
        employeeId: input.employee_id,
        workDate: input.work_date,
        source: "admin",
        checkinAt: given.checkinAt,
        checkoutAt: given.checkoutAt,
        reason: input.note,
        status: "approved",
        originalCheckinAt: original.checkinAt,
        originalCheckoutAt: original.checkoutAt,
        createdBy: actor.type === "admin" ? (actor.id ?? null) : null,
        decidedBy: actor.type === "admin" ? (actor.id ?? null) : null,
        decidedAt: now,
        decisionNote: input.note,
        createdAt: now,
      })
      .run();
    return toAttendanceDto(row);
  });
}

/**
 * The employee's request to correct their own day (a past day or today that has a check-in);
 * one pending request per day (409 for a second).
 */
export function requestCorrection(employeeId: number, input: CorrectionRequest, now: Date = new Date()): CorrectionDto {
  requirePastOrToday(input.work_date, now);
  const given = { checkinAt: instantOn(input.work_date, input.checkin_at), checkoutAt: instantOn(input.work_date, input.checkout_at) };
  return immediate((tx) => {
    const record = dayRow(tx, employeeId, input.work_date);
    if (!record?.checkinAt) throw new DomainError(404, CORRECTION_MESSAGES.noRecord);
    merged(record, given, now);
    const pending = tx
      .select({ id: attendanceCorrections.id })
      .from(attendanceCorrections)
      .where(and(eq(attendanceCorrections.attendanceId, record.id), eq(attendanceCorrections.status, "pending")))
      .get();
    if (pending) throw new DomainError(409, CORRECTION_MESSAGES.pendingExists);
    const row = tx
      .insert(attendanceCorrections)
      .values({
        attendanceId: record.id,
        employeeId,
        workDate: input.work_date,
        source: "employee",
        checkinAt: given.checkinAt,
        checkoutAt: given.checkoutAt,
        reason: input.reason,
        status: "pending",
        originalCheckinAt: record.checkinAt,
        originalCheckoutAt: record.checkoutAt,
        createdAt: now,
      })
      .returning()
      .get();
    recordAudit({
      actor: { type: "employee", id: employeeId },
      action: "create",
      entity: "attendance_correction",
      entityId: row.id,
      changes: { attendance_id: record.id, checkin_at: iso(row.checkinAt), checkout_at: iso(row.checkoutAt), reason: row.reason },
    });
    return toCorrectionDto(row);
  });
}

export const OWN_CORRECTIONS_LIMIT = 100;

/** The employee's own requests, newest first (the last 100). */
export function listOwnCorrections(employeeId: number): { items: CorrectionDto[] } {
  const rows = db()
    .select()
    .from(attendanceCorrections)
    .where(and(eq(attendanceCorrections.employeeId, employeeId), eq(attendanceCorrections.source, "employee")))
    .orderBy(desc(attendanceCorrections.createdAt), desc(attendanceCorrections.id))
    .limit(OWN_CORRECTIONS_LIMIT)
    .all();
  return { items: rows.map(toCorrectionDto) };
}

export type CorrectionItem = {
  correction: CorrectionDto;
  employee: { id: number; code: string; full_name: string; position: string; photo_url: string | null };
  record: AttendanceDto;
};

/** Requests by status (pending by default), newest first, paged, with the employee and the record's current times. */
export function listCorrections(query: CorrectionListQuery): Page<CorrectionItem> {
  const where = and(eq(attendanceCorrections.status, query.status), eq(attendanceCorrections.source, "employee"));
  const total = db().select({ n: count() }).from(attendanceCorrections).where(where).get()?.n ?? 0;
  const rows = db()
    .select({ c: attendanceCorrections, e: employees, a: attendance })
    .from(attendanceCorrections)
    .innerJoin(employees, eq(employees.id, attendanceCorrections.employeeId))
    .innerJoin(attendance, eq(attendance.id, attendanceCorrections.attendanceId))
    .where(where)
    .orderBy(desc(attendanceCorrections.createdAt), desc(attendanceCorrections.id))
    .limit(query.page_size)
    .offset(pageOffset(query))
    .all();
  const items = rows.map(({ c, e, a }) => ({
    correction: toCorrectionDto(c),
    employee: employeeBrief(e),
    record: toAttendanceDto(a),
  }));
  return { items, total, page: query.page, page_size: query.page_size };
}

/** How many employee requests wait for a decision (part of the review tab's badge); kept until a write. */
export function pendingCorrectionCount(): number {
  return keptUntilWrite(
    "pending corrections",
    "",
    () =>
      db()
        .select({ n: count() })
        .from(attendanceCorrections)
        .where(and(eq(attendanceCorrections.status, "pending"), eq(attendanceCorrections.source, "employee")))
        .get()?.n ?? 0,
  );
}

/**
 * Approves (applies the times as an admin correction does) or rejects a pending request; 409 when
 * it was decided already (e.g. by another admin first). A rejection without a note is refused (400,
 * field `note`) before the request is looked at. Audit-logged.
 */
export function decideCorrection(
  id: number,
  input: CorrectionDecision,
  actor: Actor,
  now: Date = new Date(),
): { correction: CorrectionDto; record: AttendanceDto } {
  if (rejectNoteMissing(input.decision === "reject", input.note)) {
    throw new DomainError(400, "ข้อมูลการพิจารณาไม่ถูกต้อง", { note: REJECT_NOTE_REQUIRED });
  }
  return immediate((tx) => {
    const request = tx.select().from(attendanceCorrections).where(eq(attendanceCorrections.id, id)).get();
    if (!request) throw new DomainError(404, CORRECTION_MESSAGES.notFound);
    if (request.status !== "pending") throw new DomainError(409, CORRECTION_MESSAGES.notPending);
    const status = input.decision === "approve" ? "approved" : "rejected";
    const decided = {
      status,
      decidedBy: actor.type === "admin" ? (actor.id ?? null) : null,
      decidedAt: now,
      decisionNote: input.note || null,
    } as const;
    let record: AttendanceRow;
    let kept: { originalCheckinAt?: Date | null; originalCheckoutAt?: Date | null } = {};
    if (status === "approved") {
      const applied = applyTimes(
        tx,
        { employeeId: request.employeeId, date: request.workDate },
        { checkinAt: request.checkinAt, checkoutAt: request.checkoutAt },
        { actor, now, note: input.note || request.reason, correctionId: id },
      );
      record = applied.row;
      // The times this approval replaced, which may differ from those when the employee asked.
      kept = { originalCheckinAt: applied.original.checkinAt, originalCheckoutAt: applied.original.checkoutAt };
    } else {
      const row = tx.select().from(attendance).where(eq(attendance.id, request.attendanceId)).get();
      if (!row) throw new DomainError(404, CORRECTION_MESSAGES.noRecord);
      record = row;
    }
    const correction = tx
      .update(attendanceCorrections)
      .set({ ...decided, ...kept })
      .where(and(eq(attendanceCorrections.id, id), eq(attendanceCorrections.status, "pending")))
      .returning()
      .get();
    recordAudit({
      actor,
      action: input.decision,
      entity: "attendance_correction",
      entityId: id,
      changes: { status: { from: "pending", to: status }, note: input.note || null },
    });
    return { correction: toCorrectionDto(correction), record: toAttendanceDto(record) };
  });
}
