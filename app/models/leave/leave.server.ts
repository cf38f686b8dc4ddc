import { and, count, desc, eq, gt, gte, inArray, lte, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { employees, leavePetitions, leaveQuotas } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { columnPlaceholders, db, encodeColumns, immediate, preparedQuery } from "~/lib/db.server";
import { rawSelect } from "~/lib/db-reader.server";
import { rowFullName, LeaveStatus, LeaveType, LEAVE_STATUS_LABELS, LEAVE_TYPE_LABELS } from "~/lib/enums";
import { formatThaiDate } from "~/lib/thai-date";
import { addDays } from "~/lib/iso-day";
import { DomainError } from "~/lib/errors";
import { encodeImage, type EncodedImage } from "~/lib/image.server";
import { saveUpload, uploadUrl } from "~/lib/uploads.server";
import { pageOffset, type Page } from "~/lib/validation";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { requireEmployee } from "~/models/employees/employee.server";
import { recomputeLedger } from "~/models/attendance/ledger.server";
import type { LeaveTypeRules, LeaveUnit } from "./catalogue";
import { daysAfterStartYear } from "./days";
import { countWorkingDays } from "./holiday-years.server";
import { leaveTypeList, requireActiveLeaveType } from "./leave-types.server";
import {
  ACTIVE_LEAVE_STATUSES,
  balanceOf,
  canTransition,
  carriedVacation,
  certificateMessage,
  defaultQuota,
  eventWindowEnd,
  needsCertificate,
  vacationRightFrom,
  spansOverlap,
  type LeaveActor,
  type LeaveBalance,
} from "./rules";
import { MAX_PETITION_CALENDAR_DAYS, type PetitionInput, type PetitionListQuery } from "./schema";
import { LEAVE_SETTING_KEYS } from "./settings";
import { getSettings } from "~/models/core/settings.server";

export const LEAVE_MESSAGES = {
  notFound: "ไม่พบคำขอลา",
  noWorkingDay: "ช่วงวันที่เลือกไม่มีวันทำงาน (เป็นวันหยุดทั้งหมด)",
  overlap: "มีคำขอลาในช่วงวันที่นี้อยู่แล้ว",
  tooLong: `ลาได้ครั้งละไม่เกิน ${MAX_PETITION_CALENDAR_DAYS} วัน`,
  beforeStart: "วันที่ลาต้องไม่ก่อนวันเริ่มงาน",
  certificate: "ลาป่วยตั้งแต่ 3 วันทำงานขึ้นไป กรุณาแนบใบรับรองแพทย์ หรือเขียนคำชี้แจง",
  noHalfDay: (name: string) => `${name}ลาครึ่งวันไม่ได้`,
  eventDateNeeded: "กรุณาระบุวันที่คลอดหรือวันที่เกิดเหตุ",
  beforeEvent: "วันที่ลาต้องไม่ก่อนวันที่เกิดเหตุ",
  outsideWindow: (name: string, days: number, last: string) => `${name}ต้องลาภายใน ${days} วันนับแต่วันที่เกิดเหตุ (ไม่เกินวันที่ ${last})`,
  vacationNotYet: (from: string) => `ยังไม่มีสิทธิ์ลาพักร้อน สิทธิ์เริ่มวันที่ ${from} (ทำงานครบ 1 ปี)`,
  transition: (from: number) => `คำขอลานี้อยู่ในสถานะ "${LEAVE_STATUS_LABELS[from] ?? from}" แล้ว ไม่สามารถทำรายการนี้ได้`,
} as const;

export type PetitionRow = typeof leavePetitions.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toPetitionDto(r: PetitionRow) {
  return {
    id: r.id,
    employee_id: r.employeeId,
    type: r.type,
    type_label: LEAVE_TYPE_LABELS[r.type] ?? String(r.type),
    start_date: r.startDate,
    end_date: r.endDate,
    half: r.half ?? ("full" as const),
    days: r.days,
    year: r.year,
    next_year_days: r.nextYearDays,
    event_date: r.eventDate,
    reason: r.reason,
    attachment_url: r.attachmentUploadId ? uploadUrl("leaves", r.attachmentUploadId) : null,
    certificate_note: r.certificateNote,
    status: r.status,
    status_label: LEAVE_STATUS_LABELS[r.status] ?? String(r.status),
    decided_at: iso(r.decidedAt),
    decision_note: r.decisionNote,
    cancelled_by: r.cancelledBy,
    created_at: iso(r.createdAt),
  };
}
export type PetitionDto = ReturnType<typeof toPetitionDto>;

const calendarDays = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The days a span covers in the type's unit (working days with the office's work days and holiday
 * table, or calendar days); a year of the span never seeded is seeded first, a year the holiday
 * calendar cannot compute is a 400 on its field.
 */
export function countDays(span: { start: string; end: string; half: "morning" | "afternoon" | null }, unit: LeaveUnit = "working_day") {
  return countWorkingDays(span, { start: "start_date", end: "end_date" }, db(), unit);
}

// The employee's pending or approved petitions whose dates meet the span; spansOverlap then
// decides on half days. An employee with years of leave has hundreds of rows otherwise read whole.
const activeMeeting = preparedQuery((d) =>
  d
    .select()
    .from(leavePetitions)
    .where(
      and(
        eq(leavePetitions.employeeId, sql.placeholder("employeeId")),
        lte(leavePetitions.startDate, sql.placeholder("end")),
        gte(leavePetitions.endDate, sql.placeholder("start")),
        inArray(leavePetitions.status, [...ACTIVE_LEAVE_STATUSES]),
      ),
    )
    .prepare(),
);

const PETITION_KEYS = [
  "employeeId",
  "type",
  "startDate",
  "endDate",
  "half",
  "days",
  "nextYearDays",
  "eventDate",
  "year",
  "reason",
  "certificateNote",
  "attachmentUploadId",
  "status",
] as const;
const insertPetition = preparedQuery((d) => d.insert(leavePetitions).values(columnPlaceholders(PETITION_KEYS)).returning().prepare());

/** 409 when the span collides with a pending or approved petition of the same employee. */
function requireNoOverlap(employeeId: number, span: { start: string; end: string; half: "morning" | "afternoon" | null }) {
  const clash = activeMeeting().all({ employeeId, start: span.start, end: span.end }).find((p) => spansOverlap(span, { start: p.startDate, end: p.endDate, half: p.half }));
  if (clash) {
    throw new DomainError(409, LEAVE_MESSAGES.overlap, {
      start_date: `ซ้อนกับคำขอลาวันที่ ${clash.startDate}${clash.endDate !== clash.startDate ? ` ถึง ${clash.endDate}` : ""}`,
    });
  }
}

/**
 * Files a petition for the employee: the server counts the working days itself (weekly days off
 * and the holiday table excluded), refuses a span with none, a clash with their pending or approved
 * leave, and a long sick leave with neither certificate nor explanation. The attachment is stored
 * in the same transaction as the row.
 */
export async function createPetition(employeeId: number, input: PetitionInput, attachment: Uint8Array | null, actor: Actor) {
  const employee = requireEmployee(employeeId);
  const type = requireActiveLeaveType(input.type);
  const span = { start: input.start_date, end: input.end_date, half: input.half };
  if (calendarDays(span.start, span.end) > MAX_PETITION_CALENDAR_DAYS) {
    throw new DomainError(400, LEAVE_MESSAGES.tooLong, { end_date: LEAVE_MESSAGES.tooLong });
  }
  if (employee.start_date && span.start < employee.start_date) {
    throw new DomainError(400, LEAVE_MESSAGES.beforeStart, { start_date: LEAVE_MESSAGES.beforeStart });
  }
  requireTypeRules(type, employeeId, employee.start_date, span, input.event_date);
  const count = countDays(span, type.unit);
  const { days } = count;
  if (days <= 0) throw new DomainError(400, LEAVE_MESSAGES.noWorkingDay, { start_date: LEAVE_MESSAGES.noWorkingDay });
  if (needsCertificate(type, days) && !attachment && !input.certificate_note) {
    const message = certificateMessage(type);
    throw new DomainError(400, message, { attachment: message });
  }
  requireNoOverlap(employeeId, span);
  const encoded: EncodedImage | null = attachment ? await encodeImage(attachment) : null;

  const row = immediate((tx) => {
    requireNoOverlap(employeeId, span);
    const stored = encoded ? saveUpload(tx, encoded, "leaves", employeeId) : null;
    const created = insertPetition().get(
      encodeColumns(leavePetitions, {
        employeeId,
        type: input.type,
        startDate: span.start,
        endDate: span.end,
        half: span.half,
        days,
        nextYearDays: daysAfterStartYear(count, span.start),
        eventDate: type.per === "event" ? (input.event_date ?? null) : null,
        year: Number(span.start.slice(0, 4)),
        reason: input.reason,
        certificateNote: input.certificate_note,
        attachmentUploadId: stored?.id ?? null,
        status: LeaveStatus.request,
      }),
    )!;
    recordAudit({ actor, action: "create", entity: "leave_petition", entityId: created.id, changes: toPetitionDto(created) });
    return created;
  });
  return toPetitionDto(row);
}

/**
 * The type's own rules for a span: half days only where the type allows them; a leave tied to an
 * event (a birth) within its window from the event's date; vacation not before the right starts
 * (the first service anniversary unless the first year gets a share, or an admin gave a quota).
 */
function requireTypeRules(
  type: LeaveTypeRules,
  employeeId: number,
  startDate: string | null,
  span: { start: string; end: string; half: "morning" | "afternoon" | null },
  eventDate: string | null,
) {
  if (span.half && !type.half_day) {
    const message = LEAVE_MESSAGES.noHalfDay(type.name_th);
    throw new DomainError(400, message, { half: message });
  }
  if (type.event_window_days !== null) {
    if (!eventDate) throw new DomainError(400, LEAVE_MESSAGES.eventDateNeeded, { event_date: LEAVE_MESSAGES.eventDateNeeded });
    if (span.start < eventDate) throw new DomainError(400, LEAVE_MESSAGES.beforeEvent, { start_date: LEAVE_MESSAGES.beforeEvent });
    const last = eventWindowEnd(eventDate, type.event_window_days);
    if (span.end > last) {
      const message = LEAVE_MESSAGES.outsideWindow(type.name_th, type.event_window_days, formatThaiDate(last));
      throw new DomainError(400, message, { end_date: message });
    }
  }
  if (type.id === LeaveType.vacation) {
    const from = vacationRightFrom(startDate, getSettings(LEAVE_SETTING_KEYS));
    const year = Number(span.start.slice(0, 4));
    if (from && span.start < from && !quotaOverrides(employeeId, year).has(`${year}:${type.id}`)) {
      const message = LEAVE_MESSAGES.vacationNotYet(formatThaiDate(from));
      throw new DomainError(400, message, { start_date: message });
    }
  }
}

function requirePetition(id: number, tx = db()) {
  const row = tx.select().from(leavePetitions).where(eq(leavePetitions.id, id)).get();
  if (!row) throw new DomainError(404, LEAVE_MESSAGES.notFound);
  return row;
}

const ACTIONS: Record<number, string> = {
  [LeaveStatus.approve]: "accept",
  [LeaveStatus.reject]: "reject",
  [LeaveStatus.cancel]: "cancel",
};

/**
 * The one way a petition changes status: checks the flow for who acts (409 otherwise) and, for an
 * employee, that the petition is theirs (404 otherwise: another's petition is not revealed). When
 * approved leave comes or goes (an approval, a cancellation of an approved petition), the
 * employee's ledger rows of its dates are recomputed in the same transaction (ADR 043).
 */
export function transitionPetition(
  id: number,
  to: number,
  actor: Actor,
  options: { note?: string; employeeId?: number } = {},
): { before: PetitionDto; petition: PetitionDto } {
  const by: LeaveActor = actor.type === "employee" ? "employee" : "admin";
  return immediate((tx) => {
    const row = requirePetition(id, tx);
    if (by === "employee" && row.employeeId !== options.employeeId) throw new DomainError(404, LEAVE_MESSAGES.notFound);
    if (!canTransition(row.status, to, by)) throw new DomainError(409, LEAVE_MESSAGES.transition(row.status));
    const now = new Date();
    const decision =
      to === LeaveStatus.cancel
        ? { cancelledAt: now, cancelledBy: by, decisionNote: options.note || row.decisionNote }
        : { decidedAt: now, decidedBy: actor.type === "admin" ? (actor.id ?? null) : null, decisionNote: options.note || null };
    const updated = tx
      .update(leavePetitions)
      .set({ status: to, ...decision, updatedAt: now })
      .where(and(eq(leavePetitions.id, id), eq(leavePetitions.status, row.status)))
      .returning()
      .get();
    recordAudit({
      actor,
      action: ACTIONS[to] ?? "update",
      entity: "leave_petition",
      entityId: id,
      changes: { status: { from: row.status, to }, note: options.note || null },
    });
    if (row.status === LeaveStatus.approve || to === LeaveStatus.approve) {
      recomputeLedger(tx, { from: row.startDate, to: row.endDate }, { employeeIds: [row.employeeId] }, now);
    }
    return { before: toPetitionDto(row), petition: toPetitionDto(updated) };
  });
}

/** An admin's decision on a pending petition (409 once it is not pending). */
export function decidePetition(input: { id: number; action: "accept" | "reject"; note: string }, actor: Actor) {
  const to = input.action === "accept" ? LeaveStatus.approve : LeaveStatus.reject;
  return transitionPetition(input.id, to, actor, { note: input.note });
}

/** The employee cancels their own pending petition (an approved one only an admin cancels). */
export function cancelOwnPetition(employeeId: number, id: number, note = "") {
  return transitionPetition(id, LeaveStatus.cancel, { type: "employee", id: employeeId }, { employeeId, note });
}

type Usage = { used: number; pending: number };

// The approval queue asks for each pending petition's balances: these run once per row, so they
// are compiled once (preparedQuery) rather than built and compiled on every call. A year's days
// are its own petitions' less what reaches into the next year, plus what the year before's
// petitions reach into it (the partial crossing index holds those few).
const usageRows = preparedQuery((d) =>
  d
    .select({ type: leavePetitions.type, status: leavePetitions.status, days: sql<number>`sum(${leavePetitions.days} - ${leavePetitions.nextYearDays})` })
    .from(leavePetitions)
    .where(
      and(
        eq(leavePetitions.employeeId, sql.placeholder("employeeId")),
        eq(leavePetitions.year, sql.placeholder("year")),
        inArray(leavePetitions.status, [...ACTIVE_LEAVE_STATUSES]),
      ),
    )
    .groupBy(leavePetitions.type, leavePetitions.status)
    .prepare(),
);

const carriedInRows = preparedQuery((d) =>
  d
    .select({ type: leavePetitions.type, status: leavePetitions.status, days: sql<number>`sum(${leavePetitions.nextYearDays})` })
    .from(leavePetitions)
    .where(
      and(
        eq(leavePetitions.year, sql.placeholder("before")),
        inArray(leavePetitions.status, [...ACTIVE_LEAVE_STATUSES]),
        eq(leavePetitions.employeeId, sql.placeholder("employeeId")),
        sql`${leavePetitions.nextYearDays} > 0`,
      ),
    )
    .groupBy(leavePetitions.type, leavePetitions.status)
    .prepare(),
);

function usageByType(employeeId: number, year: number): Map<number, Usage> {
  const rows = [...usageRows().all({ employeeId, year }), ...carriedInRows().all({ employeeId, before: year - 1 })];
  const out = new Map<number, Usage>();
  for (const r of rows) {
    const u = out.get(r.type) ?? { used: 0, pending: 0 };
    if (r.status === LeaveStatus.approve) u.used += r.days;
    else u.pending += r.days;
    out.set(r.type, u);
  }
  return out;
}

const quotaRows = preparedQuery((d) =>
  d
    .select({ year: leaveQuotas.year, type: leaveQuotas.type, quota: leaveQuotas.quota })
    .from(leaveQuotas)
    .where(and(eq(leaveQuotas.employeeId, sql.placeholder("employeeId")), inArray(leaveQuotas.year, [sql.placeholder("year"), sql.placeholder("before")])))
    .prepare(),
);

/** The admin's quotas of the employee for `year` and the year before. */
function quotaOverrides(employeeId: number, year: number) {
  const rows = quotaRows().all({ employeeId, year, before: year - 1 });
  return new Map(rows.map((r) => [`${r.year}:${r.type}`, r.quota]));
}

const employeeStart = preparedQuery((d) =>
  d.select({ startDate: employees.startDate }).from(employees).where(eq(employees.id, sql.placeholder("id"))).prepare(),
);

/**
 * Each type's quota, used (approved), pending and remaining days for a year: every type that is
 * on, and a type turned off that still has days in the year. The quota is the admin's
 * per-employee value, else the type's default (a per-event type's is per event; vacation follows
 * the employee's service); vacation adds what the year before left unused, up to the carry-over
 * cap. A petition across 31 December counts each day in its own year.
 */
export function leaveBalances(employeeId: number, year: number): LeaveBalance[] {
  const row = employeeStart().get({ id: employeeId });
  // requireEmployee only for its 404 when there is no such employee.
  const startDate = row ? row.startDate : requireEmployee(employeeId).start_date;
  const s = getSettings(LEAVE_SETTING_KEYS);
  const overrides = quotaOverrides(employeeId, year);
  const usage = usageByType(employeeId, year);
  return leaveTypeList()
    .filter((type) => type.active || usage.has(type.id))
    .map((type) => {
      const base = (y: number) => overrides.get(`${y}:${type.id}`) ?? defaultQuota(type, y, startDate, s);
      let quota = base(year);
      if (type.id === LeaveType.vacation && quota !== null && s.leave_vacation_carry_over_max > 0) {
        const before = usageByType(employeeId, year - 1).get(type.id)?.used ?? 0;
        quota += carriedVacation(base(year - 1) ?? 0, before, s.leave_vacation_carry_over_max);
      }
      const u = usage.get(type.id) ?? { used: 0, pending: 0 };
      return balanceOf(type.id, quota, u.used, u.pending);
    });
}

/** The employee's own petitions of a year (newest first) with their balances. */
export function leaveHistory(employeeId: number, year: number) {
  const rows = db()
    .select()
    .from(leavePetitions)
    .where(
      and(
        eq(leavePetitions.employeeId, employeeId),
        or(eq(leavePetitions.year, year), and(eq(leavePetitions.year, year - 1), gt(leavePetitions.nextYearDays, 0))),
      ),
    )
    .orderBy(desc(leavePetitions.startDate), desc(leavePetitions.id))
    .all();
  return { year, items: rows.map(toPetitionDto), balances: leaveBalances(employeeId, year) };
}

export type PetitionListItem = PetitionDto & { employee: { id: number; code: string; full_name: string } };

function petitionListWhere(query: Omit<PetitionListQuery, "year"> & { year?: number }) {
  const conditions: SQL[] = [];
  if (query.year !== undefined) conditions.push(eq(leavePetitions.year, query.year));
  if (query.status !== undefined) conditions.push(eq(leavePetitions.status, query.status));
  if (query.type !== undefined) conditions.push(eq(leavePetitions.type, query.type));
  if (query.employee_id !== undefined) conditions.push(eq(leavePetitions.employeeId, query.employee_id));
  return and(...conditions);
}

/**
 * One page of the list: pending oldest first (the status index's order), the rest by start date,
 * latest first, which a year's list reads in the order of the (year, start_date, id) index.
 */
export function petitionPageQuery(query: Omit<PetitionListQuery, "year"> & { year?: number }) {
  const order =
    query.status === LeaveStatus.request
      ? [leavePetitions.createdAt, leavePetitions.id]
      : [desc(leavePetitions.startDate), desc(leavePetitions.id)];
  return db()
    .select({ p: leavePetitions, e: employees })
    .from(leavePetitions)
    .innerJoin(employees, eq(employees.id, leavePetitions.employeeId))
    .where(petitionListWhere(query))
    .orderBy(...order)
    .limit(query.page_size)
    .offset(pageOffset(query));
}

/**
 * Everyone's petitions for admins: by status, type, employee and year (every year when none is
 * given: the approval queue); pending oldest first, else newest first.
 */
export function listPetitions(query: Omit<PetitionListQuery, "year"> & { year?: number }): Page<PetitionListItem> {
  const total = db().select({ n: count() }).from(leavePetitions).where(petitionListWhere(query)).get()?.n ?? 0;
  const rows = petitionPageQuery(query).all();
  return {
    items: rows.map(({ p, e }) => ({
      ...toPetitionDto(p),
      employee: { id: e.id, code: e.code, full_name: rowFullName(e) },
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/**
 * Petitions with a day in [from, to]. A petition spans at most MAX_PETITION_CALENDAR_DAYS, so
 * this bounds the dates index on both sides. Callers filter the status with a unary plus
 * (`+status`), which keeps SQLite (no ANALYZE) off the status index: that would read every
 * petition of the status ever filed.
 */
export function petitionsOverlapping(from: string, to: string) {
  return overlapping(from, to, earliestStart(from));
}

/** The earliest start date of a petition that can still reach `from`. */
const earliestStart = (from: string) => addDays(from, -(MAX_PETITION_CALENDAR_DAYS - 1));

/** petitionsOverlapping with the earliest start given: values, or placeholders of a prepared statement. */
function overlapping(from: string | Placeholder, to: string | Placeholder, earliest: string | Placeholder) {
  return and(gte(leavePetitions.startDate, earliest), lte(leavePetitions.startDate, to), gte(leavePetitions.endDate, from));
}

const activeOverlapping = rawSelect<
  {
    p: Pick<typeof leavePetitions.$inferSelect, "id" | "employeeId" | "type" | "startDate" | "endDate" | "half" | "days" | "status">;
    e: Pick<typeof employees.$inferSelect, "id" | "code" | "title" | "namePrefix" | "firstName" | "lastName" | "nickname">;
  },
  { from: string; to: string; earliest: string }
>((d) =>
  d
    .select({
      p: {
        id: leavePetitions.id,
        employeeId: leavePetitions.employeeId,
        type: leavePetitions.type,
        startDate: leavePetitions.startDate,
        endDate: leavePetitions.endDate,
        half: leavePetitions.half,
        days: leavePetitions.days,
        status: leavePetitions.status,
      },
      e: {
        id: employees.id,
        code: employees.code,
        title: employees.title,
        namePrefix: employees.namePrefix,
        firstName: employees.firstName,
        lastName: employees.lastName,
        nickname: employees.nickname,
      },
    })
    .from(leavePetitions)
    .innerJoin(employees, eq(employees.id, leavePetitions.employeeId))
    .where(
      and(
        overlapping(sql.placeholder("from"), sql.placeholder("to"), sql.placeholder("earliest")),
        inArray(sql`+${leavePetitions.status}`, [...ACTIVE_LEAVE_STATUSES]),
      ),
    ),
);

/** Pending and approved petitions with a day in [from, to], with who filed them (see petitionsOverlapping). */
export function activePetitionsBetween(from: string, to: string) {
  return activeOverlapping({ from, to, earliest: earliestStart(from) });
}

/** The current leave year (of the business day). */
export const currentLeaveYear = (now: Date = new Date()) => Number(workDate(now).slice(0, 4));
