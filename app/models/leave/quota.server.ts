import { and, eq } from "drizzle-orm";
import { leaveQuotas } from "../../../db/schema";
import { db, immediate } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { requireEmployee } from "~/models/employees/employee.server";
import { defaultQuota, type LeaveBalance } from "./rules";
import { LEAVE_SETTING_KEYS } from "./settings";
import { leaveBalances } from "./leave.server";
import { leaveTypeOf } from "./leave-types.server";
import { getSettings } from "~/models/core/settings.server";

/**
 * A balance as the quota editor sees it: `quota` is what the year grants (vacation carry-over
 * included), `base_quota` the year's own quota before carry-over (the admin's value when `custom`,
 * else `default_quota` from the settings and the employee's service).
 */
export type QuotaBalance = LeaveBalance & { base_quota: number | null; default_quota: number | null; custom: boolean };

function storedQuotas(employeeId: number, year: number, tx = db()) {
  const rows = tx
    .select({ type: leaveQuotas.type, quota: leaveQuotas.quota })
    .from(leaveQuotas)
    .where(and(eq(leaveQuotas.employeeId, employeeId), eq(leaveQuotas.year, year)))
    .all();
  return new Map(rows.map((r) => [r.type, r.quota]));
}

/** An employee's quotas and balances of a year (404 for an unknown employee). */
export function quotaBalances(employeeId: number, year: number): { employee_id: number; year: number; balances: QuotaBalance[] } {
  const employee = requireEmployee(employeeId);
  const settings = getSettings(LEAVE_SETTING_KEYS);
  const stored = storedQuotas(employeeId, year);
  const balances = leaveBalances(employeeId, year).map((b) => {
    const fallback = defaultQuota(leaveTypeOf(b.type) ?? { id: b.type, quota_days: null }, year, employee.start_date, settings);
    const custom = stored.get(b.type);
    return { ...b, base_quota: custom ?? fallback, default_quota: fallback, custom: custom !== undefined };
  });
  return { employee_id: employeeId, year, balances };
}

/**
 * Sets an employee's quotas of a year (the admin's value replaces the statutory default), all in
 * one transaction, each change audit-logged with its value before.
 */
export function setLeaveQuotas(
  employeeId: number,
  year: number,
  quotas: { type: number; quota: number }[],
  actor: Actor,
) {
  requireEmployee(employeeId);
  for (const { type } of quotas) {
    const rules = leaveTypeOf(type);
    if (rules && rules.quota_days === null) {
      const message = `${rules.name_th}ไม่มีจำนวนวันที่กำหนด (ลาได้ตามใบรับรองแพทย์)`;
      throw new DomainError(400, message, { quota: message, [`quota_${type}`]: message });
    }
  }
  const updatedBy = actor.type === "admin" ? (actor.id ?? null) : null;
  immediate((tx) => {
    const before = storedQuotas(employeeId, year, tx);
    const now = new Date();
    for (const { type, quota } of quotas) {
      tx.insert(leaveQuotas)
        .values({ employeeId, year, type, quota, updatedBy, updatedAt: now })
        .onConflictDoUpdate({
          target: [leaveQuotas.employeeId, leaveQuotas.year, leaveQuotas.type],
          set: { quota, updatedBy, updatedAt: now },
        })
        .run();
      recordAudit({
        actor,
        action: "update",
        entity: "leave_quota",
        entityId: employeeId,
        changes: { year, type, quota: { from: before.get(type) ?? null, to: quota } },
      });
    }
  });
  return quotaBalances(employeeId, year);
}

export const setLeaveQuota = (input: { employee_id: number; year: number; type: number; quota: number }, actor: Actor) =>
  setLeaveQuotas(input.employee_id, input.year, [{ type: input.type, quota: input.quota }], actor);
