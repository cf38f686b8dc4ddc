import { appTimeZone, businessDate, clockTimeOf, dayjs } from "~/lib/thai-date";
import { LEAVE_PART_LABELS } from "./labels";

// One day's attendance status for one employee (client-safe: the daily view, the monthly sheet
// and the employee's history all derive it the same way).

export const ATTENDANCE_STATUSES = [
  "present",
  "late",
  "early_leave",
  "absent",
  "leave",
  "holiday",
  "day_off",
  "missing_checkout",
] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export type LeavePart = "morning" | "afternoon" | "full";

type Instant = Date | string | number;

/** What the status needs from an attendance row (the Drizzle row fits as is). */
export type StatusRecord = {
  checkinAt: Instant | null;
  checkoutAt: Instant | null;
  lateMinutes: number;
  earlyMinutes: number;
  reviewStatus: "none" | "pending" | "accepted" | "rejected";
};

export type StatusSettings = {
  work_start: string;
  work_end: string;
  break_start: string;
  break_end: string;
  late_grace_minutes: number;
  early_grace_minutes: number;
  missing_checkout_hour: number;
};

export type StatusInput = {
  /** The work date, YYYY-MM-DD. */
  date: string;
  record: StatusRecord | null;
  settings: StatusSettings;
  /** Whether `date` falls on one of the settings' work_days. */
  workDay: boolean;
  /** A public holiday on `date` (its name), when the holiday calendar knows one. */
  holiday?: { name: string } | null;
  /** Approved leave covering `date`, with its part of the day and optional type name. */
  leave?: { part: LeavePart; type?: string | null } | null;
  now: Date;
  /** The app's zone (APP_TIMEZONE); defaults to the module's zone. */
  timeZone?: string;
};

export type StatusResult = { status: AttendanceStatus; reason: string };

const minutesOfDay = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
};

type WallClock = { date: string; hour: number; minutes: number };

function wallClock(at: Instant, tz: string): WallClock {
  const minutes = minutesOfDay(clockTimeOf(at, tz));
  return { date: businessDate(at, tz), hour: Math.floor(minutes / 60), minutes };
}

// The same `now` is asked for every employee of a view: keep the last answer.
let lastNow: { ms: number; tz: string; clock: WallClock } | null = null;
function nowClock(now: Date, tz: string): WallClock {
  const ms = now.getTime();
  if (lastNow?.ms !== ms || lastNow.tz !== tz) lastNow = { ms, tz, clock: wallClock(now, tz) };
  return lastNow.clock;
}

const clockMinutes = (at: Instant, tz: string) => wallClock(at, tz).minutes;

/** A day without a check-out counts as missing once it is over or the set hour has come. */
function checkoutIsMissing(date: string, settings: StatusSettings, now: Date, tz: string) {
  const current = nowClock(now, tz);
  if (date < current.date) return true;
  if (date > current.date) return false;
  return current.hour >= settings.missing_checkout_hour;
}

/**
 * Late and early minutes for the day. The record holds what the server decided against the full
 * day; half-day leave moves the start to break_end (morning leave) or the end to break_start
 * (afternoon leave), so those are worked out again from the times.
 */
function lateAndEarly(record: StatusRecord, input: StatusInput, tz: string) {
  const { settings } = input;
  const part = input.leave?.part;
  let late = record.lateMinutes;
  let early = record.earlyMinutes;
  if (part === "morning" && record.checkinAt != null) {
    const start = minutesOfDay(settings.break_end);
    const at = clockMinutes(record.checkinAt, tz);
    late = at - start > settings.late_grace_minutes ? at - start : 0;
  }
  if (part === "afternoon") {
    if (record.checkoutAt != null) {
      const end = minutesOfDay(settings.break_start);
      const at = clockMinutes(record.checkoutAt, tz);
      early = end - at > settings.early_grace_minutes ? end - at : 0;
    } else {
      early = 0;
    }
  }
  return { late: Math.max(0, late), early: Math.max(0, early) };
}

/** The reasons of an "absent" day that is not over yet: the employee may still come in. */
export const DAY_NOT_YET = { notStarted: "ยังไม่ถึงวันทำงาน", notCheckedIn: "ยังไม่ได้ลงเวลาเข้า" } as const;

/** Whether an "absent" status is only "not yet" (the day or its work hours are not over). */
export const absentSoFar = (result: StatusResult) =>
  result.status === "absent" && (result.reason === DAY_NOT_YET.notStarted || result.reason === DAY_NOT_YET.notCheckedIn);

const join = (...parts: (string | null | false | undefined)[]) => parts.filter(Boolean).join(", ");

/**
 * The one status of an employee's day, with a readable Thai reason. Order of rules:
 * a rejected record is no record; with no record the day is a holiday, a day off, leave or an
 * absence; a record on a holiday or day off is work on a day off; otherwise a missing check-out
 * (it needs a correction, so it outranks lateness), then late, then early leave, then present. A check-in still waiting for its check-out
 * (before missing_checkout_hour of that day) is present or late.
 */
export function attendanceStatus(input: StatusInput): StatusResult {
  const { status, reason } = attendanceDay(input);
  return { status, reason };
}

/** attendanceStatus with the day's late and early minutes as the status counted them (0 on a day off). */
export type DayResult = StatusResult & { lateMinutes: number; earlyMinutes: number };

export function attendanceDay(input: StatusInput): DayResult {
  const tz = input.timeZone ?? appTimeZone();
  const { date, settings, now } = input;
  const rejected = input.record?.reviewStatus === "rejected";
  const record = input.record && input.record.checkinAt != null && !rejected ? input.record : null;
  const leaveLabel = input.leave
    ? LEAVE_PART_LABELS[input.leave.part] + (input.leave.type ? ` (${input.leave.type})` : "")
    : null;

  const none = { lateMinutes: 0, earlyMinutes: 0 };
  if (!record) {
    if (input.holiday) return { status: "holiday", reason: `วันหยุด: ${input.holiday.name}`, ...none };
    if (!input.workDay) return { status: "day_off", reason: "วันหยุดประจำสัปดาห์", ...none };
    if (input.leave && leaveLabel) return { status: "leave", reason: leaveLabel, ...none };
    if (rejected) return { status: "absent", reason: "ขาดงาน (การลงเวลาไม่ผ่านการตรวจสอบ)", ...none };
    const current = nowClock(now, tz);
    if (date > current.date) return { status: "absent", reason: DAY_NOT_YET.notStarted, ...none };
    if (date === current.date && current.minutes < minutesOfDay(settings.work_end)) {
      return { status: "absent", reason: DAY_NOT_YET.notCheckedIn, ...none };
    }
    return { status: "absent", reason: "ขาดงาน", ...none };
  }

  const missing = record.checkoutAt == null && checkoutIsMissing(date, settings, now, tz);
  const waiting = record.checkoutAt == null && !missing ? "ยังไม่ลงเวลาออก" : null;

  if (input.holiday || !input.workDay) {
    const dayLabel = input.holiday ? `ทำงานวันหยุด: ${input.holiday.name}` : "ทำงานวันหยุดประจำสัปดาห์";
    if (missing) return { status: "missing_checkout", reason: join("ไม่ได้ลงเวลาออก", dayLabel), ...none };
    return { status: "present", reason: join(dayLabel, waiting), ...none };
  }

  const { late, early } = lateAndEarly(record, input, tz);
  const lateText = late > 0 ? `สาย ${late} นาที` : null;
  const earlyText = early > 0 ? `ออกก่อนเวลา ${early} นาที` : null;
  const missingText = missing ? "ไม่ได้ลงเวลาออก" : null;
  const reason = (...first: (string | null)[]) => join(...first, leaveLabel, waiting);
  const minutes = { lateMinutes: late, earlyMinutes: early };

  if (missing) return { status: "missing_checkout", reason: reason(missingText, lateText), ...minutes };
  if (late > 0) return { status: "late", reason: reason(lateText, earlyText), ...minutes };
  if (early > 0) return { status: "early_leave", reason: reason(earlyText), ...minutes };
  return { status: "present", reason: reason(waiting || leaveLabel ? null : "ตรงเวลา"), ...minutes };
}

/** ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD date. */
export function isoWeekday(date: string) {
  const day = dayjs(date).day();
  return day === 0 ? 7 : day;
}

export type StatusCounts = Record<AttendanceStatus, number>;

export const emptyCounts = (): StatusCounts =>
  Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [s, 0])) as StatusCounts;
