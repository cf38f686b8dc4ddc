import { and, sql } from "drizzle-orm";
import { leavePetitions } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { LEAVE_TYPE_LABELS, LeaveStatus } from "~/lib/enums";
import type { LeavePart } from "./status";
import { holidaysBetween } from "~/models/leave/holidays.server";
import { petitionsOverlapping } from "~/models/leave/leave.server";

// A date's holiday and approved leave, for what asks about them before the day is worked (the
// reminders: who is away today). Attendance's own readers take them from the day ledger.

type DayLeave = { part: LeavePart; type?: string | null };

/** Approved petitions with a day in [from, to]. */
function approvedLeaveBetween(from: string, to: string) {
  const approved = and(petitionsOverlapping(from, to), sql`+${leavePetitions.status} = ${LeaveStatus.approve}`)!;
  return db()
    .select({
      employeeId: leavePetitions.employeeId,
      type: leavePetitions.type,
      startDate: leavePetitions.startDate,
      endDate: leavePetitions.endDate,
      half: leavePetitions.half,
    })
    .from(leavePetitions)
    .where(approved)
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
export function dayCalendar(date: string): { holiday: { name: string } | null; leaves: ReadonlyMap<number, DayLeave> } {
  const holiday = holidaysBetween(date, date)[0];
  const leaves = new Map<number, DayLeave>();
  for (const p of approvedLeaveBetween(date, date)) leaves.set(p.employeeId, merge(leaves.get(p.employeeId), leaveOf(p)));
  return { holiday: holiday ? { name: holiday.name } : null, leaves };
}
