import { addDays, dayNumber, weekdayOfDayNumber } from "~/lib/iso-day";
import { LEAVE_STATUS_LABELS, LEAVE_TYPE_LABELS, LeaveStatus } from "~/lib/enums";
import { formatThaiDate } from "~/lib/thai-date";
import type { HolidayDay } from "./leave-types";
import { thaiDecimal } from "~/lib/thai-number";

// How the petition page words leave: day counts, date spans, statuses (the halves: HALF_LABELS in ~/models/leave/labels).

export const STATUS_COLORS: Record<number, string> = {
  [LeaveStatus.cancel]: "gray",
  [LeaveStatus.request]: "yellow",
  [LeaveStatus.approve]: "green",
  [LeaveStatus.reject]: "red",
};

export const typeLabel = (type: number) => LEAVE_TYPE_LABELS[type] ?? String(type);
export const statusLabel = (status: number) => LEAVE_STATUS_LABELS[status] ?? String(status);

/** `2 วัน`, `0.5 วัน`, `-1.5 วัน`. */
export const formatDays = (days: number) => `${thaiDecimal(days)} วัน`;

/** `24 พ.ย. 2569` or `24 พ.ย. 2569 – 25 พ.ย. 2569`. */
export const dateSpan = (start: string, end: string) =>
  start === end ? formatThaiDate(start) : `${formatThaiDate(start)} – ${formatThaiDate(end)}`;

/** The Buddhist Era year, as the pickers show it. */
export const beYear = (year: number) => year + 543;

const WEEKDAY_NAMES = ["", "วันจันทร์", "วันอังคาร", "วันพุธ", "วันพฤหัสบดี", "วันศุกร์", "วันเสาร์", "วันอาทิตย์"];

export type SkippedDay = { date: string; why: string };

/**
 * The dates between start and end that the count left out (those not in `counted`), each with why:
 * the holiday's name, or the weekly day off. Only wording: which days count is countLeaveDays'.
 */
export function skippedDays(start: string, end: string, counted: readonly string[], holidays: readonly HolidayDay[]): SkippedDay[] {
  const kept = new Set(counted);
  const names = new Map(holidays.map((h) => [h.date, h.name]));
  const out: SkippedDay[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    if (kept.has(date)) continue;
    const day = dayNumber(date);
    const weekday = day === null ? 0 : weekdayOfDayNumber(day);
    out.push({ date, why: names.get(date) ?? `วันหยุดประจำสัปดาห์ (${WEEKDAY_NAMES[weekday]})` });
  }
  return out;
}
