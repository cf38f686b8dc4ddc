import { LeaveStatus, LeaveType } from "~/lib/enums";
import { addDays } from "~/lib/iso-day";
import type { LeaveTypeRules } from "./catalogue";
import type { LeaveHalf } from "./days";
import type { LeaveSettings } from "./settings";

// Leave rules that need no database (client-safe: the petition form previews with them).

/**
 * Every leave type's id, and the longest reason (schema.ts checks with them; the form too). Which
 * of them an employee may ask for is the leave_types table's `active`.
 */
export const LEAVE_TYPES = Object.values(LeaveType);
export const MAX_REASON = 500;

export type LeaveSpan = { start: string; end: string; half: LeaveHalf | null };

/** Statuses that hold days: a pending request and an approved petition. */
export const ACTIVE_LEAVE_STATUSES = [LeaveStatus.request, LeaveStatus.approve] as const;

/**
 * Two petitions of one employee collide when their dates meet, except a morning and an afternoon
 * of the same single date, which together make one full day.
 */
export function spansOverlap(a: LeaveSpan, b: LeaveSpan): boolean {
  if (a.start > b.end || b.start > a.end) return false;
  if (a.half && b.half && a.start === b.start && a.half !== b.half) return false;
  return true;
}

export type LeaveActor = "employee" | "admin";

/**
 * The status flow (DESIGN.md §8): request → approve | reject by an admin; request → cancel by the
 * employee or an admin; approve → cancel by an admin only. Anything else is refused (409).
 */
export function canTransition(from: number, to: number, by: LeaveActor): boolean {
  if (from === LeaveStatus.request) {
    if (to === LeaveStatus.cancel) return true;
    return by === "admin" && (to === LeaveStatus.approve || to === LeaveStatus.reject);
  }
  return from === LeaveStatus.approve && to === LeaveStatus.cancel && by === "admin";
}

/** Sick leave of 3 or more working days needs a medical certificate, or an explanation instead (s.32). */
export const CERTIFICATE_MIN_DAYS = 3;
/** A petition of the type's certificate_from_days or more needs a certificate or an explanation. */
export const needsCertificate = (type: Pick<LeaveTypeRules, "certificate_from_days">, days: number) =>
  type.certificate_from_days !== null && days >= type.certificate_from_days;

/** `ลาป่วยตั้งแต่ 3 วันขึ้นไป กรุณาแนบใบรับรองแพทย์ หรือเขียนคำชี้แจง` */
export const certificateMessage = (type: Pick<LeaveTypeRules, "name_th" | "certificate_from_days">) =>
  `${type.name_th}${type.certificate_from_days === 1 ? "" : `ตั้งแต่ ${type.certificate_from_days} วันขึ้นไป`} กรุณาแนบใบรับรองแพทย์ หรือเขียนคำชี้แจง`;

const ymd = (iso: string) => iso.split("-").map(Number) as [number, number, number];

/** The first anniversary of `start` (29 Feb starts fall to 28 Feb). */
export function firstAnniversary(start: string): string {
  const [y, m, d] = ymd(start);
  const day = m === 2 && d === 29 ? 28 : d;
  return `${y + 1}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const roundDownToHalf = (n: number) => Math.floor(n * 2) / 2;

/**
 * The vacation days a year grants before carry-over. The right comes with one year of service
 * (s.30): the year of the first anniversary and later years get the full quota. A year lying wholly
 * within the first year of service gets nothing, or with `leave_vacation_prorata` the quota times
 * the months served in that year / 12, rounded down to a half day. No start date: the full quota.
 */
export function vacationEntitlement(
  year: number,
  startDate: string | null,
  s: Pick<LeaveSettings, "leave_quota_vacation" | "leave_vacation_prorata">,
): number {
  const full = s.leave_quota_vacation;
  if (!startDate) return full;
  const [startYear, startMonth] = ymd(startDate);
  if (year < startYear) return 0;
  if (Number(firstAnniversary(startDate).slice(0, 4)) <= year) return full;
  if (!s.leave_vacation_prorata) return 0;
  const monthsServed = 12 - startMonth + 1;
  return roundDownToHalf((full * monthsServed) / 12);
}

/**
 * The default quota of a leave type for a year, or per event (an admin's per-employee quota
 * replaces it); null: no fixed number (as the certificate says).
 */
export function defaultQuota(
  type: Pick<LeaveTypeRules, "id" | "quota_days">,
  year: number,
  startDate: string | null,
  s: Pick<LeaveSettings, "leave_quota_vacation" | "leave_vacation_prorata">,
): number | null {
  if (type.id === LeaveType.vacation) return vacationEntitlement(year, startDate, { ...s, leave_quota_vacation: type.quota_days ?? 0 });
  return type.quota_days;
}

/**
 * The last date a leave tied to an event (a birth) may end: `window` days counted from the day
 * after the event (Civil and Commercial Code s.193/3: a period in days does not count its first day).
 */
export const eventWindowEnd = (eventDate: string, window: number) => addDays(eventDate, window);

/**
 * The first date a vacation may be taken: the first service anniversary, unless the first year
 * gets a pro-rata share; null when there is no such limit.
 */
export function vacationRightFrom(startDate: string | null, s: Pick<LeaveSettings, "leave_vacation_prorata">): string | null {
  if (!startDate || s.leave_vacation_prorata) return null;
  return firstAnniversary(startDate);
}

/** Unused vacation carried from the year before: what was left of its quota, capped by the setting. */
export function carriedVacation(previousQuota: number, previousUsed: number, cap: number): number {
  if (cap <= 0) return 0;
  return Math.min(cap, Math.max(0, roundDownToHalf(previousQuota - previousUsed)));
}

/** A type's balance: `quota` and `remaining` are null for a type with no fixed number of days. */
export type LeaveBalance = { type: number; quota: number | null; used: number; pending: number; remaining: number | null };

export const balanceOf = (type: number, quota: number | null, used: number, pending: number): LeaveBalance => ({
  type,
  quota,
  used,
  pending,
  remaining: quota === null ? null : quota - used - pending,
});
