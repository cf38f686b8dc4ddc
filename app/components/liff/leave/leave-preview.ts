import { DomainError } from "~/lib/errors";
import type { LeaveUnit } from "~/models/leave/catalogue";
import { countPetitionDays, type LeaveHalf } from "~/models/leave/days";
import { skippedDays, type SkippedDay } from "./leave-format";
import type { LeaveCalendar } from "./leave-types";

export type LeavePreviewResult = { days: number; unit: LeaveUnit; dates: string[]; skipped: SkippedDay[] } | { error: string; field: string };

const FIELDS: Record<string, string> = { start: "start_date", end: "end_date", half: "half" };

/**
 * The form's preview of a leave: the same countPetitionDays the server runs, in the type's unit, on
 * the loader's work days and holidays, plus the dates it skipped (none in calendar days). Null until
 * both dates are chosen. The server's count is the one that is kept.
 */
export function previewLeave(
  range: { start: string | null; end: string | null; half: LeaveHalf | null },
  calendar: LeaveCalendar,
  unit: LeaveUnit = "working_day",
): LeavePreviewResult | null {
  if (!range.start || !range.end) return null;
  try {
    const { days, dates } = countPetitionDays(
      { start: range.start, end: range.end, half: range.half },
      { workDays: calendar.work_days, holidays: calendar.holidays.map((h) => h.date) },
      unit,
    );
    return { days, unit, dates, skipped: skippedDays(range.start, range.end, dates, calendar.holidays) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const key = Object.keys(error.fields ?? {})[0] ?? "start";
    return { error: error.message, field: FIELDS[key] ?? "start_date" };
  }
}
