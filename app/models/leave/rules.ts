import { LeaveStatus, LeaveType } from "~/lib/enums";
import type { LeaveHalf } from "./days";
import type { LeaveSettings } from "./settings";

// Leave rules that need no database (client-safe: the petition form previews with them).

/** The types an employee may ask for, and the longest reason (schema.ts checks with them; the form too). */
export const LEAVE_TYPES = [LeaveType.business, LeaveType.sick, LeaveType.vacation] as const;
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
export const needsCertificate = (type: number, days: number) => type === LeaveType.sick && days >= CERTIFICATE_MIN_DAYS;

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

/** The default quota of a leave type for a year (an admin's per-employee quota replaces it). */
export function defaultQuota(type: number, year: number, startDate: string | null, s: LeaveSettings): number {
  if (type === LeaveType.business) return s.leave_quota_business;
  if (type === LeaveType.sick) return s.leave_quota_sick;
  return vacationEntitlement(year, startDate, s);
}

/** Unused vacation carried from the year before: what was left of its quota, capped by the setting. */
export function carriedVacation(previousQuota: number, previousUsed: number, cap: number): number {
  if (cap <= 0) return 0;
  return Math.min(cap, Math.max(0, roundDownToHalf(previousQuota - previousUsed)));
}

export type LeaveBalance = { type: number; quota: number; used: number; pending: number; remaining: number };

export const balanceOf = (type: number, quota: number, used: number, pending: number): LeaveBalance => ({
  type,
  quota,
  used,
  pending,
  remaining: quota - used - pending,
});
