import { appTimeZone, zonedTime } from "~/lib/thai-date";
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

/** An approved overtime window of the date ("HH:mm"; an end at or before the start is the next morning). */
export type OvertimeWindow = { start: string; end: string };

export type LedgerInput = {
  date: string;
  rules: DayRules;
  /** Approved overtime windows: only worked minutes inside one count as overtime. */
  overtime?: readonly OvertimeWindow[];
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
  /** Approved overtime worked on a working day, outside the day's hours (1.5×). */
  overtimeMinutes: number;
  /** Work on a holiday or a day off within the schedule's hours, less the break. */
  holidayWorkMinutes: number;
  /** Approved overtime worked on a holiday or a day off, outside the schedule's hours (3×). */
  holidayOvertimeMinutes: number;
};

/**
 * How long after a night shift's end (the next morning) its open day turns missing_checkout: a
 * check-out up to then still closes the shift's date.
 */
export const NIGHT_CHECKOUT_GRACE_MINUTES = 360;

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

type Hours = Pick<DayRules, "work_start" | "work_end" | "break_start" | "break_end" | "missing_checkout_hour">;

/**
 * A day's hours in minutes from the date's midnight. A shift that runs past midnight (its end at
 * or before its start) ends the next day (1440 and on), and so does a break after midnight.
 */
export function dayMinutes(rules: Hours) {
  const start = minutesOf(rules.work_start);
  const crosses = minutesOf(rules.work_end) <= start;
  const later = (m: number) => (crosses && m < start ? m + 1440 : m);
  const end = later(minutesOf(rules.work_end));
  const breakStart = later(minutesOf(rules.break_start));
  const breakEnd = Math.max(breakStart, later(minutesOf(rules.break_end)));
  // An open day turns missing_checkout at the office's hour; a shift ending after it (or the next morning) later.
  const missingAt = crosses ? end + NIGHT_CHECKOUT_GRACE_MINUTES : Math.max(rules.missing_checkout_hour * 60, end);
  return { start, end, breakStart, breakEnd, missingAt, crosses };
}

/**
 * The instants at which a date's computed row can change with the clock alone: the break's start
 * (an afternoon leave's working half ends), the day's end, when an open day turns missing, and the
 * next midnight. A row computed before one of them is stale after it; a date with none ahead is settled.
 */
export function dayThresholds(date: string, rules: Hours, tz: string = appTimeZone()) {
  const m = dayMinutes(rules);
  const midnight = zonedTime(date, "00:00", tz).getTime();
  return [
    midnight + m.breakStart * 60_000,
    midnight + m.end * 60_000,
    midnight + m.missingAt * 60_000,
    zonedTime(addDays(date, 1), "00:00", tz).getTime(),
  ].sort((a, b) => a - b);
}

/** The first instant after `now` at which the date's rows may change, or null when they are settled. */
export function freshUntil(date: string, rules: DayRules, now: Date, tz: string = appTimeZone()): number | null {
  const ms = now.getTime();
  return dayThresholds(date, rules, tz).find((t) => t > ms) ?? null;
}

/**
 * Minutes worked inside the approved overtime windows and outside the day's hours. A window before
 * a night shift's start is the next morning's (after the shift), like the shift's own end.
 */
function overtimeWorked(inAt: number, outAt: number, windows: readonly OvertimeWindow[], hours: ReturnType<typeof dayMinutes>) {
  const spans = windows
    .map((w) => {
      let from = minutesOf(w.start);
      let to = minutesOf(w.end);
      if (to <= from) to += 1440;
      if (hours.crosses && from < hours.start && to <= hours.start) {
        from += 1440;
        to += 1440;
      }
      return [from, to] as const;
    })
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reached = -Infinity;
  for (const [from, to] of spans) {
    const a = Math.max(from, reached);
    if (to <= a) continue;
    reached = to;
    total += overlap(inAt, outAt, a, to) - overlap(Math.max(inAt, a), Math.min(outAt, to), hours.start, hours.end);
  }
  return total;
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

  const hours = dayMinutes(rules);
  const { breakStart, breakEnd } = hours;
  const start = part === "morning" ? breakEnd : hours.start;
  const end = part === "afternoon" ? breakStart : hours.end;
  const scheduled = offDay || part === "full" ? 0 : end - start - overlap(start, end, breakStart, breakEnd);

  // Minutes from the date's midnight: the next day reads 1440 and on, so a night shift's end is over only the next morning.
  const nowMinute = minuteOfDate(input.now, date, tz);
  const over = (minute: number) => nowMinute >= minute;

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
    overtimeMinutes: 0,
    holidayWorkMinutes: 0,
    holidayOvertimeMinutes: 0,
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
  const missing = outAt === null && (outRejected || over(hours.missingAt));
  const waiting = outAt === null && !missing ? "ยังไม่ลงเวลาออก" : null;
  const missingText = missing ? (outRejected ? "ไม่ได้ลงเวลาออก (เวลาออกไม่ผ่านการตรวจสอบ)" : "ไม่ได้ลงเวลาออก") : null;
  const worked = outAt === null ? 0 : Math.max(0, outAt - inAt - overlap(inAt, outAt, breakStart, breakEnd));
  const extra = outAt === null ? 0 : overtimeWorked(inAt, outAt, input.overtime ?? [], hours);

  if (offDay) {
    const dayLabel = holiday ? `ทำงานวันหยุด: ${holiday.name}` : "ทำงานวันหยุดประจำสัปดาห์";
    const normal = outAt === null ? 0 : overlap(inAt, outAt, hours.start, hours.end) - overlap(Math.max(inAt, hours.start), Math.min(outAt, hours.end), breakStart, breakEnd);
    const day = { ...base, workedMinutes: worked, holidayWorkMinutes: Math.max(0, normal), holidayOvertimeMinutes: extra };
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
  const day = { ...base, workedMinutes: worked, lateMinutes: late, earlyMinutes: early, overtimeMinutes: extra };

  if (missing) return { ...day, status: "missing_checkout", reason: reason(missingText, lateText) };
  if (late > 0) return { ...day, status: "late", reason: reason(lateText, earlyText) };
  if (early > 0) return { ...day, status: "early_leave", reason: reason(earlyText) };
  return { ...day, status: "present", reason: reason(waiting || leaveLabel ? null : "ตรงเวลา") };
}
