import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, leaveQuotas } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { newEmployee } from "~/models/attendance/attendance.test-helpers";
import { updateEmployee } from "~/models/employees/employee.server";
import { EmployeeUpdateSchema } from "~/models/employees/schema";
import { QuotaFormSchema, QuotaQuery, QuotaSchema } from "./quota-schema";
import { quotaBalances, setLeaveQuota, setLeaveQuotas } from "./quota.server";
import { createPetition, decidePetition } from "./leave.server";
import { PetitionSchema } from "./schema";
import { updateSettings } from "~/models/core/settings.server";

const admin = { type: "admin" as const, id: null };

const quotaRows = (employeeId: number) =>
  db().select().from(leaveQuotas).where(eq(leaveQuotas.employeeId, employeeId)).all();

function refused(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("expected a DomainError");
}

describe("quotaBalances", () => {
  it("gives the statutory defaults, marked as not custom", () => {
    const e = newEmployee();
    const { employee_id, year, balances } = quotaBalances(e.id, 2026);
    expect({ employee_id, year }).toEqual({ employee_id: e.id, year: 2026 });
    expect(balances.map((b) => [b.type, b.quota, b.base_quota, b.default_quota, b.custom, b.remaining])).toEqual([
      [1, 3, 3, 3, false, 3],
      [2, 30, 30, 30, false, 30],
      [3, 6, 6, 6, false, 6],
      [4, 120, 120, 120, false, 120],
      [5, 15, 15, 15, false, 15],
      [6, 15, 15, 15, false, 15],
      [7, 60, 60, 60, false, 60],
      [8, null, null, null, false, null],
      [9, 30, 30, 30, false, 30],
    ]);
  });

  it("404 for an unknown employee", () => {
    expect(refused(() => quotaBalances(999_999, 2026)).status).toBe(404);
  });

  it("vacation carried over shows in quota, not in the base the admin edits", () => {
    updateSettings({ leave_vacation_carry_over_max: 5 }, admin);
    try {
      const e = newEmployee();
      const vacation = quotaBalances(e.id, 2026).balances.find((b) => b.type === 3);
      // 2025 left all 6 unused; 5 carry over.
      expect(vacation).toMatchObject({ base_quota: 6, quota: 11, default_quota: 6 });
    } finally {
      updateSettings({ leave_vacation_carry_over_max: 0 }, admin);
    }
  });
});

describe("setLeaveQuota", () => {
  it("refuses a quota for sterilisation, whose days are what the certificate says, and writes nothing", () => {
    const e = newEmployee();
    const error = refused(() => setLeaveQuota({ employee_id: e.id, year: 2026, type: 8, quota: 5 }, admin));
    expect(error.status).toBe(400);
    expect(error.fields?.quota).toBe("ลาทำหมันไม่มีจำนวนวันที่กำหนด (ลาได้ตามใบรับรองแพทย์)");
    expect(quotaRows(e.id)).toEqual([]);
  });

  it("inserts, then updates the same row; the balances follow; other years and types keep their defaults", async () => {
    const e = newEmployee();
    const first = setLeaveQuota({ employee_id: e.id, year: 2026, type: 1, quota: 5.5 }, { type: "admin", id: null });
    expect(first.balances.find((b) => b.type === 1)).toMatchObject({ quota: 5.5, base_quota: 5.5, default_quota: 3, custom: true, remaining: 5.5 });
    setLeaveQuota({ employee_id: e.id, year: 2026, type: 1, quota: 2 }, admin);
    expect(quotaRows(e.id).map((r) => [r.year, r.type, r.quota])).toEqual([[2026, 1, 2]]);

    const petition = await createPetition(
      e.id,
      PetitionSchema.parse({ type: 1, start_date: "2026-03-09", end_date: "2026-03-11", reason: "ธุระ" }),
      null,
      { type: "employee", id: e.id },
    );
    decidePetition({ id: petition.id, action: "accept", note: "" }, admin);
    const after = quotaBalances(e.id, 2026);
    expect(after.balances.find((b) => b.type === 1)).toMatchObject({ quota: 2, used: 3, remaining: -1 });
    expect(after.balances.find((b) => b.type === 2)).toMatchObject({ quota: 30, custom: false });
    expect(quotaBalances(e.id, 2025).balances.find((b) => b.type === 1)).toMatchObject({ quota: 3, custom: false });
  });

  it("audit-logs each change with the value before", () => {
    const e = newEmployee();
    setLeaveQuotas(e.id, 2026, [{ type: 2, quota: 20 }, { type: 3, quota: 0 }], admin);
    setLeaveQuota({ employee_id: e.id, year: 2026, type: 2, quota: 25 }, admin);
    const audit = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "leave_quota"), eq(auditLog.entityId, String(e.id))))
      .all();
    expect(audit.map((a) => [a.action, a.changes])).toEqual([
      ["update", { year: 2026, type: 2, quota: { from: null, to: 20 } }],
      ["update", { year: 2026, type: 3, quota: { from: null, to: 0 } }],
      ["update", { year: 2026, type: 2, quota: { from: 20, to: 25 } }],
    ]);
  });

  it("an unknown employee is a 404 and writes nothing", () => {
    const before = db().select().from(leaveQuotas).all().length;
    expect(refused(() => setLeaveQuota({ employee_id: 999_999, year: 2026, type: 1, quota: 3 }, admin)).status).toBe(404);
    expect(db().select().from(leaveQuotas).all().length).toBe(before);
  });
});

describe("quota inputs", () => {
  const valid = { employee_id: 1, year: 2026, type: 3, quota: 6 };

  it.each([0, 0.5, 12.5, 365, "2.5", "10"])("accepts %s days", (quota) => {
    expect(QuotaSchema.safeParse({ ...valid, quota }).success).toBe(true);
  });

  it.each([
    ["a negative quota", { quota: -1 }, "quota"],
    ["more than 365", { quota: 365.5 }, "quota"],
    ["a quarter day", { quota: 1.25 }, "quota"],
    ["text", { quota: "สาม" }, "quota"],
    ["an unknown type", { type: 11 }, "type"],
    ["a year before 2024", { year: 2023 }, "year"],
    ["a bad employee id", { employee_id: "01" }, "employee_id"],
    ["an unknown field", { extra: 1 }, ""],
  ])("refuses %s with a Thai message", (_, over, field) => {
    const result = QuotaSchema.safeParse({ ...valid, ...over });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    if (field) expect(issue?.path.join(".")).toBe(field);
    expect(issue?.message).toMatch(/[\u0E00-\u0E7F]/);
  });

  it("the query needs an employee and a year", () => {
    expect(QuotaQuery.safeParse({ employee_id: "3", year: "2026" }).data).toEqual({ employee_id: 3, year: 2026 });
    expect(QuotaQuery.safeParse({ year: "2026" }).success).toBe(false);
    expect(QuotaQuery.safeParse({ employee_id: "3" }).success).toBe(false);
  });

  it("the dialog's form carries only the types it changed", () => {
    expect(QuotaFormSchema.parse({ employee_id: "3", year: "2026", quota_3: "7.5" })).toEqual({
      employee_id: 3,
      year: 2026,
      quotas: [{ type: 3, quota: 7.5 }],
    });
    expect(QuotaFormSchema.safeParse({ employee_id: "3", year: "2026", quota_1: "-1" }).success).toBe(false);
  });
});

describe("an employee's start date", () => {
  it("vacation's default follows the first year of service; the admin's value replaces it", () => {
    const e = newEmployee();
    updateEmployee(e.id, EmployeeUpdateSchema.parse({ start_date: "2026-02-01" }), admin);
    expect(quotaBalances(e.id, 2026).balances.find((b) => b.type === 3)).toMatchObject({ quota: 0, default_quota: 0 });
    setLeaveQuota({ employee_id: e.id, year: 2026, type: 3, quota: 3 }, admin);
    expect(quotaBalances(e.id, 2026).balances.find((b) => b.type === 3)).toMatchObject({ quota: 3, default_quota: 0, custom: true });
  });
});
