import { appTimeZone, businessDate, zonedTime } from "~/lib/thai-date";
import { addDays } from "~/lib/iso-day";
import { LEAVE_PART_LABELS } from "./labels";
import { isoWeekday, type AttendanceStatus, type LeavePart, type StatusSettings } from "./status";

// The day ledger's one rule (client-safe): an employee's work date computed from its inputs.
// Nothing else decides a status, a reason or a minute count; the ledger table stores what this
// returns and every view, CSV and notice reads that (ADR 043).

type Instant = Date | string | number;

export const SIDE_REVIEWS = ["none", "pending", "accepted", "rejected"] as const;
export type SideReview = (typeof SIDE_REVIEWS)[number];

/** The rules a date is computed against: the hours and work days in force on that date. */
export type DayRules = StatusSettings & { work_days: readonly number[] };

export type LedgerRecord = {
  checkinAt: Instant | null;
  checkoutAt: Instant | null;
  checkinReview: SideReview;
  checkoutReview: SideReview;
};

/** Approved leave on the date: the part of the day, the petition type (null when two types share the day), its Thai label. */
export type LedgerLeave = { part: LeavePart; type: number | null; label: string | null };

export type LedgerInput = {
  date: string;
  rules: DayRules;
  holiday: { date: string; name: string } | null;
  leave: LedgerLeave | null;
  record: LedgerRecord | null;
  now: Date;
  timeZone?: string;
};

export type LedgerDay = {
  status: AttendanceStatus;
  reason: string;
  /** Minutes the employee was expected to work: the day's hours less the break, less a half day's leave. */
  scheduledMinutes: number;
  /** Minutes between an accepted check-in and an accepted check-out, less the break they span. */
  workedMinutes: number;
  lateMinutes: number;
  earlyMinutes: number;
  leaveType: number | null;
  /** 1 a full day of leave, 0.5 a half day, 0 none (leave on a day off or a holiday takes nothing). */
  leaveFraction: number;
  leaveHalf: "morning" | "afternoon" | null;
  holidayDate: string | null;
  /** The part of a working day missed without leave: 1, 0.5 (a half day's leave and no show) or 0. */
  absentFraction: number;
  checkinReview: SideReview;
  checkoutReview: SideReview;
};

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const instantMs = (at: Instant) => (at instanceof Date ? at.getTime() : typeof at === "number" ? at : Date.parse(at));

// The same date and zone are asked for every employee of a fill: keep the last midnight.
let lastMidnight: { key: string; ms: number } | null = null;
function midnightMs(date: string, tz: string) {
  const key = `${date}|${tz}`;
  if (lastMidnight?.key !== key) lastMidnight = { key, ms: zonedTime(date, "00:00", tz).getTime() };
  return lastMidnight.ms;
}

/** Minutes from the date's midnight (in the zone) to an instant: past midnight the next day reads 1440 and on. */
const minuteOfDate = (at: Instant, date: string, tz: string) => Math.floor((instantMs(at) - midnightMs(date, tz)) / 60_000);

const overlap = (a: number, b: number, c: number, d: number) => Math.max(0, Math.min(b, d) - Math.max(a, c));

const join = (...parts: (string | null | false | undefined)[]) => parts.filter(Boolean).join(", ");

/** The reasons of an absence that is not over yet: the employee may still come in (absentFraction 0). */
export const DAY_NOT_YET = { notCheckedIn: "ยังไม่ได้ลงเวลาเข้า" } as const;

/** Whether a ledger day is an absence only "so far": the day's hours are not over, so it counts nothing yet. */
export const absentSoFar = (day: Pick<LedgerDay, "status" | "absentFraction">) => day.status === "absent" && day.absentFraction === 0;

/**
 * The instants at which a date's computed row can change with the clock alone: the break's start
 * (an afternoon leave's working half ends), work_end, missing_checkout_hour, and the next midnight.
 * A row computed before one of them is stale after it; a date with none ahead is settled.
 */
export function dayThresholds(date: string, rules: Pick<DayRules, "break_start" | "work_end" | "missing_checkout_hour">, tz: string = appTimeZone()) {
  const hour = `${String(rules.missing_checkout_hour).padStart(2, "0")}:00`;
  return [
    zonedTime(date, rules.break_start, tz).getTime(),
    zonedTime(date, rules.work_end, tz).getTime(),
    zonedTime(date, hour, tz).getTime(),
    zonedTime(addDays(date, 1), "00:00", tz).getTime(),
  ].sort((a, b) => a - b);
}

/** The first instant after `now` at which the date's rows may change, or null when they are settled. */
export function freshUntil(date: string, rules: DayRules, now: Date, tz: string = appTimeZone()): number | null {
  const ms = now.getTime();
  return dayThresholds(date, rules, tz).find((t) => t > ms) ?? null;
}

/**
 * One employee's work date. Order: a rejected check-in is no check-in; without one the day is a
 * holiday, a day off, leave (with a half day's other half absent once it is over) or an absence
 * ("not yet" while the hours last); with one, work on a holiday or day off counts no lateness;
 * otherwise a missing or rejected check-out (it needs a correction, so it outranks lateness), then
 * late, then early leave, then present. Late and early run from the half that was to be worked.
 */
export function ledgerDay(input: LedgerInput): LedgerDay {
  const tz = input.timeZone ?? appTimeZone();
  const { date, rules, record, holiday } = input;
  const workDay = rules.work_days.includes(isoWeekday(date));
  const offDay = holiday != null || !workDay;
  const leave = offDay ? null : input.leave;
  const part = leave?.part ?? null;
  const leaveLabel = leave ? LEAVE_PART_LABELS[leave.part] + (leave.label ? ` (${leave.label})` : "") : null;

  const start = minutesOf(part === "morning" ? rules.break_end : rules.work_start);
  const end = minutesOf(part === "afternoon" ? rules.break_start : rules.work_end);
  const breakStart = minutesOf(rules.break_start);
  const breakEnd = minutesOf(rules.break_end);
  const scheduled = offDay || part === "full" ? 0 : end - start - overlap(start, end, breakStart, breakEnd);

  const nowDate = businessDate(input.now, tz);
  const nowMinute = minuteOfDate(input.now, date, tz);
  const over = (minute: number) => date < nowDate || (date === nowDate && nowMinute >= minute);

  const checkinReview = record?.checkinAt != null ? record.checkinReview : "none";
  const checkoutReview = record?.checkoutAt != null ? record.checkoutReview : "none";
  const base = {
    scheduledMinutes: scheduled,
    workedMinutes: 0,
    lateMinutes: 0,
    earlyMinutes: 0,
    leaveType: leave?.type ?? null,
    leaveFraction: part === "full" ? 1 : part ? 0.5 : 0,
    leaveHalf: part === "full" ? null : part,
    holidayDate: holiday?.date ?? null,
    absentFraction: 0,
    checkinReview,
    checkoutReview,
  };

  const inAt = record?.checkinAt != null && checkinReview !== "rejected" ? minuteOfDate(record.checkinAt, date, tz) : null;
  if (inAt === null) {
    const rejected = record?.checkinAt != null;
    if (holiday) return { ...base, status: "holiday", reason: `วันหยุด: ${holiday.name}` };
    if (!workDay) return { ...base, status: "day_off", reason: "วันหยุดประจำสัปดาห์" };
    if (part === "full") return { ...base, status: "leave", reason: leaveLabel ?? "ลา" };
    const missed = part === "morning" ? "ขาดงานครึ่งวันบ่าย" : part === "afternoon" ? "ขาดงานครึ่งวันเช้า" : "ขาดงาน";
    const why = rejected ? "การลงเวลาเข้าไม่ผ่านการตรวจสอบ" : null;
    if (!rejected && !over(end)) {
      return { ...base, status: part ? "leave" : "absent", reason: join(leaveLabel, DAY_NOT_YET.notCheckedIn) };
    }
    return { ...base, status: "absent", reason: join(leaveLabel, why ? `${missed} (${why})` : missed), absentFraction: part ? 0.5 : 1 };
  }

  const outRejected = record?.checkoutAt != null && checkoutReview === "rejected";
  const outAt = record?.checkoutAt != null && !outRejected ? minuteOfDate(record.checkoutAt, date, tz) : null;
  const missingHour = rules.missing_checkout_hour * 60;
  const missing = outAt === null && (outRejected || date < nowDate || (date === nowDate && nowMinute >= missingHour));
  const waiting = outAt === null && !missing ? "ยังไม่ลงเวลาออก" : null;
  const missingText = missing ? (outRejected ? "ไม่ได้ลงเวลาออก (เวลาออกไม่ผ่านการตรวจสอบ)" : "ไม่ได้ลงเวลาออก") : null;
  const worked = outAt === null ? 0 : Math.max(0, outAt - inAt - overlap(inAt, outAt, breakStart, breakEnd));

  if (offDay) {
    const dayLabel = holiday ? `ทำงานวันหยุด: ${holiday.name}` : "ทำงานวันหยุดประจำสัปดาห์";
    const day = { ...base, workedMinutes: worked };
    if (missing) return { ...day, status: "missing_checkout", reason: join(missingText, dayLabel) };
    return { ...day, status: "present", reason: join(dayLabel, waiting) };
  }

  const lateBy = inAt - start;
  const late = lateBy > rules.late_grace_minutes ? lateBy : 0;
  // Whole minutes before the end, as lateness counts whole minutes after the start: a check-out at
  // 17:29:01 left 59 seconds early, not a minute.
  const outUp = outAt === null || record?.checkoutAt == null ? null : Math.ceil((instantMs(record.checkoutAt) - midnightMs(date, tz)) / 60_000);
  const earlyBy = outUp === null ? 0 : end - outUp;
  const early = earlyBy > rules.early_grace_minutes ? earlyBy : 0;
  const lateText = late > 0 ? `สาย ${late} นาที` : null;
  const earlyText = early > 0 ? `ออกก่อนเวลา ${early} นาที` : null;
  const reason = (...first: (string | null)[]) => join(...first, leaveLabel, waiting);
  const day = { ...base, workedMinutes: worked, lateMinutes: late, earlyMinutes: early };

  if (missing) return { ...day, status: "missing_checkout", reason: reason(missingText, lateText) };
  if (late > 0) return { ...day, status: "late", reason: reason(lateText, earlyText) };
  if (early > 0) return { ...day, status: "early_leave", reason: reason(earlyText) };
  return { ...day, status: "present", reason: reason(waiting || leaveLabel ? null : "ตรงเวลา") };
}
