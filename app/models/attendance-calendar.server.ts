import { and, eq, gte, lte, sql } from "drizzle-orm";
import { leavePetitions } from "../../db/schema";
import { db } from "~/lib/db.server";
import { LEAVE_TYPE_LABELS, LeaveStatus } from "~/lib/enums";
import { addDays } from "~/lib/iso-day";
import type { LeavePart } from "./attendance-status";
import { holidaysBetween } from "./holidays.server";
import { MAX_PETITION_CALENDAR_DAYS } from "./leave-schema";

// The other calendars attendance reads: the office's holidays and approved leave, shaped as the
// daily view (DayCalendar) and the monthly sheet (MonthCalendar) take them.

type DayLeave = { part: LeavePart; type?: string | null };

function approvedLeaveBetween(from: string, to: string) {
  return db()
    .select({
      employeeId: leavePetitions.employeeId,
      type: leavePetitions.type,
      startDate: leavePetitions.startDate,
      endDate: leavePetitions.endDate,
      half: leavePetitions.half,
    })
    .from(leavePetitions)
    .where(
      and(
        // As activePetitionsBetween: a petition spans at most MAX_PETITION_CALENDAR_DAYS, which
        // bounds the dates index on both sides; the unary + keeps SQLite off the status index,
        // which would read every approved petition ever filed.
        gte(leavePetitions.startDate, addDays(from, -(MAX_PETITION_CALENDAR_DAYS - 1))),
        lte(leavePetitions.startDate, to),
        gte(leavePetitions.endDate, from),
        eq(sql`+${leavePetitions.status}`, LeaveStatus.approve),
      ),
    )
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

/** The holiday on `date` and who is on approved leave that day (and which part of it). */
export function dayCalendar(date: string) {
  const holiday = holidaysBetween(date, date)[0];
  const leaves = new Map<number, DayLeave>();
  for (const p of approvedLeaveBetween(date, date)) leaves.set(p.employeeId, merge(leaves.get(p.employeeId), leaveOf(p)));
  return { holiday: holiday ? { name: holiday.name } : null, leaves };
}

/** The holidays from `first` to `last` by date, and approved leave by employee and date. */
export function periodCalendar(first: string, last: string) {
  const holidays = new Map(holidaysBetween(first, last).map((h) => [h.date, { name: h.name }]));
  const leaves = new Map<number, Map<string, DayLeave>>();
  for (const p of approvedLeaveBetween(first, last)) {
    const days = leaves.get(p.employeeId) ?? new Map<string, DayLeave>();
    const start = p.startDate > first ? p.startDate : first;
    const end = p.endDate < last ? p.endDate : last;
    for (let d = start; d <= end; d = addDays(d, 1)) days.set(d, merge(days.get(d), leaveOf(p)));
    leaves.set(p.employeeId, days);
  }
  return { holidays, leaves };
}
