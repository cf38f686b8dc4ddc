import { and, inArray, sql } from "drizzle-orm";
import { leavePetitions } from "../../../db/schema";
import { db, keptUntilWrite } from "~/lib/db.server";
import { LEAVE_TYPE_LABELS, LeaveStatus } from "~/lib/enums";
import { dayNumber, fromDayNumber } from "~/lib/iso-day";
import type { LeavePart } from "./status";
import { holidaysBetween } from "~/models/leave/holidays.server";
import { petitionsOverlapping } from "~/models/leave/leave.server";

// The other calendars attendance reads: the office's holidays and approved leave, shaped as the
// daily view (DayCalendar) and the monthly sheet (MonthCalendar) take them.

type DayLeave = { part: LeavePart; type?: string | null };

/** Approved petitions with a day in [from, to]: everyone's, or only those of `employeeIds`. */
function approvedLeaveBetween(from: string, to: string, employeeIds?: readonly number[]) {
  const approved = and(petitionsOverlapping(from, to), sql`+${leavePetitions.status} = ${LeaveStatus.approve}`);
  return db()
    .select({
      employeeId: leavePetitions.employeeId,
      type: leavePetitions.type,
      startDate: leavePetitions.startDate,
      endDate: leavePetitions.endDate,
      half: leavePetitions.half,
    })
    .from(leavePetitions)
    .where(employeeIds ? and(approved, inArray(leavePetitions.employeeId, [...employeeIds])) : approved)
    .all();
}

const leaveOf = (p: { type: number; half: "morning" | "afternoon" | null }): DayLeave => ({
  part: p.half ?? "full",
  type: LEAVE_TYPE_LABELS[p.type] ?? null,
});

/** A morning and an afternoon of the same date together are the whole day. */
function merge(a: DayLeave | undefined, b: DayLeave): DayLeave {
  if (!a) return b;
  if (a.part === b.part) return a;
  return { part: "full", type: a.type === b.type ? a.type : [a.type, b.type].filter(Boolean).join(" + ") };
}

/** The holiday on `date` and who is on approved leave that day (and which part of it); kept until a write. */
export function dayCalendar(date: string): { holiday: { name: string } | null; leaves: ReadonlyMap<number, DayLeave> } {
  return keptUntilWrite("day calendar", date, () => readDayCalendar(date));
}

function readDayCalendar(date: string) {
  const holiday = holidaysBetween(date, date)[0];
  const leaves = new Map<number, DayLeave>();
  for (const p of approvedLeaveBetween(date, date)) leaves.set(p.employeeId, merge(leaves.get(p.employeeId), leaveOf(p)));
  return { holiday: holiday ? { name: holiday.name } : null, leaves };
}

/** The holidays from `first` to `last` by date. */
export function periodHolidays(first: string, last: string) {
  return new Map(holidaysBetween(first, last).map((h) => [h.date, { name: h.name }]));
}

/**
 * Approved leave from `first` to `last` by employee and date: everyone's, or only that of
 * `employeeIds` (a page of the monthly sheet, one profile), which then reads their petitions only.
 */
export function periodLeaves(first: string, last: string, employeeIds?: readonly number[]) {
  const leaves = new Map<number, Map<string, DayLeave>>();
  const lastDay = dayNumber(last)!;
  for (const p of approvedLeaveBetween(first, last, employeeIds)) {
    const days = leaves.get(p.employeeId) ?? new Map<string, DayLeave>();
    const leave = leaveOf(p);
    const end = Math.min(dayNumber(p.endDate)!, lastDay);
    for (let d = dayNumber(p.startDate > first ? p.startDate : first)!; d <= end; d++) {
      const date = fromDayNumber(d);
      days.set(date, merge(days.get(date), leave));
    }
    leaves.set(p.employeeId, days);
  }
  return leaves;
}

/** The holidays from `first` to `last` by date, and approved leave by employee and date. */
export function periodCalendar(first: string, last: string) {
  return { holidays: periodHolidays(first, last), leaves: periodLeaves(first, last) };
}
