import { between, count, eq } from "drizzle-orm";
import { admins, attendanceDays, auditLog, ledgerDates, payrollCloses } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { at, resetLedger } from "~/models/attendance/ledger.test-helpers";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee } from "~/models/employees/employee.server";
import { setSetting } from "~/models/core/settings.server";
import { closedMonths } from "./closed-months.server";
import { closeMonth, closeOf, CloseSchema, listCloses, monthIsOver, PAYROLL_MESSAGES, reopenMonth, ReopenSchema } from "./close.server";

const NOW = at("2026-12-03", "10:00"); // a Thursday: November is over, December is not
let adminId: number;
let actor: { type: "admin"; id: number };

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}

const auditOf = (month: string) => db().select().from(auditLog).where(eq(auditLog.entityId, month)).all().filter((a) => a.entity === "payroll_month");

beforeAll(() => {
  adminId = db().insert(admins).values({ username: "payroll-admin", passwordHash: "x", fullName: "ผู้ดูแลเงินเดือน" }).returning().get().id;
  actor = { type: "admin", id: adminId };
});

beforeEach(() => {
  db().delete(payrollCloses).run();
  db().delete(auditLog).run();
  resetLedger("2026-10-01");
  setSetting("work_days", [1, 2, 3, 4, 5]);
  createEmployee(EmployeeCreateSchema.parse({ code: "PC01", title: 1, first_name: "ปิด", last_name: "งวด" }), actor);
});

describe("closeMonth", () => {
  it("fills the month's ledger, records the close with who and when, and audit-logs it", () => {
    expect(db().select({ n: count() }).from(ledgerDates).get()?.n).toBe(0);
    const close = closeMonth("2026-11", actor, NOW);
    expect(close).toEqual({ month: "2026-11", closed_at: NOW.toISOString(), closed_by: adminId, closed_by_name: "ผู้ดูแลเงินเดือน" });
    const filled = db().select({ n: count() }).from(ledgerDates).where(between(ledgerDates.workDate, "2026-11-01", "2026-11-30")).get()?.n;
    expect(filled).toBe(30);
    expect(db().select({ n: count() }).from(attendanceDays).where(between(attendanceDays.workDate, "2026-11-01", "2026-11-30")).get()?.n).toBe(30);
    expect(closedMonths().has("2026-11")).toBe(true);
    expect(auditOf("2026-11")).toMatchObject([{ action: "close_payroll", actorType: "admin", actorId: adminId, changes: { month: "2026-11" } }]);
    expect(listCloses()).toEqual([close]);
  });

  it("refuses a month that is not over (400) and a month closed already (409), naming the month", () => {
    const current = refusal(() => closeMonth("2026-12", actor, NOW));
    expect(current.status).toBe(400);
    expect(current.message).toBe(PAYROLL_MESSAGES.notOver("2026-12"));
    expect(current.message).toContain("ธันวาคม 2569");
    // The last day of the month is today: not over yet.
    expect(refusal(() => closeMonth("2026-11", actor, at("2026-11-30", "23:30"))).status).toBe(400);
    expect(monthIsOver("2026-11", at("2026-12-01", "00:05"))).toBe(true);

    closeMonth("2026-11", actor, NOW);
    const again = refusal(() => closeMonth("2026-11", actor, NOW));
    expect(again.status).toBe(409);
    expect(again.message).toContain("พฤศจิกายน 2569");
    expect(again.extra.body).toEqual({ closed_month: "2026-11" });
    expect(auditOf("2026-11")).toHaveLength(1);
  });
});

describe("reopenMonth", () => {
  it("opens a closed month again and keeps the reason in the audit log", () => {
    closeMonth("2026-10", actor, NOW);
    closeMonth("2026-11", actor, NOW);
    expect(listCloses().map((c) => c.month)).toEqual(["2026-11", "2026-10"]);
    const reopened = reopenMonth({ month: "2026-11", reason: "แก้เวลาเข้างานของพนักงาน" }, actor, NOW);
    expect(reopened).toEqual({ month: "2026-11", reopened_at: NOW.toISOString(), reopened_by: adminId, reason: "แก้เวลาเข้างานของพนักงาน" });
    expect(closeOf("2026-11")).toBeNull();
    expect(closedMonths().has("2026-11")).toBe(false);
    expect(closedMonths().has("2026-10")).toBe(true);
    expect(auditOf("2026-11").at(-1)).toMatchObject({
      action: "reopen_payroll",
      changes: { month: "2026-11", reason: "แก้เวลาเข้างานของพนักงาน", closed_at: NOW.toISOString(), closed_by: "ผู้ดูแลเงินเดือน" },
    });
    // Closed again after the correction.
    expect(closeMonth("2026-11", actor, NOW).month).toBe("2026-11");
  });

  it("refuses a month that is not closed (409)", () => {
    const error = refusal(() => reopenMonth({ month: "2026-11", reason: "ทดสอบ" }, actor, NOW));
    expect(error.status).toBe(409);
    expect(error.message).toBe(PAYROLL_MESSAGES.notClosed("2026-11"));
    expect(auditOf("2026-11")).toHaveLength(0);
  });
});

describe("the inputs", () => {
  it("needs a month written YYYY-MM, and a reason to reopen", () => {
    expect(CloseSchema.safeParse({ month: "2026-11" }).success).toBe(true);
    for (const month of ["2026-13", "2026-1", "11/2026", "", 202611]) expect(CloseSchema.safeParse({ month }).success).toBe(false);
    expect(CloseSchema.safeParse({ month: "2026-11", extra: 1 }).success).toBe(false);
    const blank = ReopenSchema.safeParse({ month: "2026-11", reason: "   " });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe("กรุณากรอกเหตุผลที่เปิดงวดอีกครั้ง");
    expect(ReopenSchema.safeParse({ month: "2026-11" }).success).toBe(false);
    expect(ReopenSchema.parse({ month: "2026-11", reason: " ลืมใบลา " }).reason).toBe("ลืมใบลา");
  });
});
