// An employee's whole picture for the admin's profile page: one employee's slice of each domain,
// read with the domains' own functions (a few queries, none per row).
import { and, between, eq } from "drizzle-orm";
import { attendance, employees } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db } from "~/lib/db.server";
import type { DayKind, MonthlyTotals } from "~/models/attendance/codes";
import { employeeLedger } from "~/models/attendance/ledger.server";
import { monthlySheet } from "~/models/attendance/monthly.server";
import { employeeAuditHistory, type AuditEntry } from "~/models/audit/audit.server";
import { requireEmployee, type EmployeeDto } from "./employee.server";
import { currentLeaveYear, leaveHistory, type PetitionDto } from "~/models/leave/leave.server";
import type { LeaveBalance } from "~/models/leave/rules";
import { employeeMachines, type EmployeeMachine } from "~/models/machines/visit.server";

/** How many audit rows the profile shows (the audit page has the rest). */
export const PROFILE_AUDIT_ROWS = 20;

export type ProfileDay = {
  date: string;
  weekday: number;
  kind: DayKind;
  /** The monthly sheet's code, "" when blank (ahead, not on the staff, or before attendance_start). */
  code: string;
  checkin_at: string | null;
  checkout_at: string | null;
  /** The ledger's minutes of the day (0 on a day it holds no row of). */
  late_minutes: number;
  early_minutes: number;
};

export type EmployeeProfile = {
  employee: EmployeeDto;
  face: { registered_at: string | null; consent_at: string | null; confirmed_at: string | null };
  /** This month as the monthly sheet has it, one entry per day; `totals` null when not on the staff this month. */
  month: { month: string; days: ProfileDay[]; totals: MonthlyTotals | null };
  leave: { year: number; balances: LeaveBalance[]; items: PetitionDto[] };
  machines: EmployeeMachine[];
  audit: { items: AuditEntry[]; total: number };
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The profile of any employee, resigned ones too; 404 (Thai) for an unknown id. This month's
 * attendance is the monthly sheet's row (the same codes and totals, from the ledger), with each
 * day's times beside and its late and early minutes from the same ledger rows.
 */
export function employeeProfile(id: number, now: Date = new Date()): EmployeeProfile {
  const employee = requireEmployee(id);
  const face = db()
    .select({ registeredAt: employees.faceRegisteredAt, consentAt: employees.faceConsentAt, confirmedAt: employees.faceConfirmedAt })
    .from(employees)
    .where(eq(employees.id, id))
    .get();

  const month = workDate(now).slice(0, 7);
  const sheet = monthlySheet(month, { now, employeeId: id });
  const row = sheet.items[0] ?? null;
  const first = sheet.days[0].date;
  const last = sheet.days[sheet.days.length - 1].date;
  const ledger = new Map(employeeLedger(id, first, last, now).map((r) => [r.workDate, r]));
  const times = new Map(
    db()
      .select({ date: attendance.workDate, checkinAt: attendance.checkinAt, checkoutAt: attendance.checkoutAt })
      .from(attendance)
      .where(and(eq(attendance.employeeId, id), between(attendance.workDate, first, last)))
      .all()
      .map((r) => [r.date, r]),
  );
  const days = sheet.days.map((d): ProfileDay => {
    const r = times.get(d.date);
    const counted = ledger.get(d.date);
    return {
      ...d,
      code: row?.days[d.date] ?? "",
      checkin_at: iso(r?.checkinAt ?? null),
      checkout_at: iso(r?.checkoutAt ?? null),
      late_minutes: counted?.lateMinutes ?? 0,
      early_minutes: counted?.earlyMinutes ?? 0,
    };
  });

  const { year, balances, items } = leaveHistory(id, currentLeaveYear(now));
  return {
    employee,
    face: { registered_at: iso(face?.registeredAt ?? null), consent_at: iso(face?.consentAt ?? null), confirmed_at: iso(face?.confirmedAt ?? null) },
    month: { month, days, totals: row?.totals ?? null },
    leave: { year, balances, items },
    machines: employeeMachines(id, undefined, now),
    audit: employeeAuditHistory(id, PROFILE_AUDIT_ROWS),
  };
}
