import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, holidays, leavePetitions, leaveQuotas, uploads } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { LeaveStatus } from "~/lib/enums";
import { DomainError } from "~/lib/errors";
import { newEmployee, system } from "~/models/attendance/attendance.test-helpers";
import { updateEmployee } from "~/models/employees/employee.server";
import { EmployeeUpdateSchema } from "~/models/employees/schema";
import { PetitionSchema } from "./schema";
import {
  cancelOwnPetition,
  createPetition,
  decidePetition,
  leaveBalances,
  leaveHistory,
  listPetitions,
  petitionPageQuery,
  transitionPetition,
} from "./leave.server";
import { petitionListQuery } from "./schema";
import { updateSettings } from "~/models/core/settings.server";
import { makeJpeg } from "../../../tests/fixtures/images";

const admin = { type: "admin" as const, id: null };

let jpeg: Uint8Array;
beforeAll(async () => {
  jpeg = await makeJpeg({ width: 200, height: 200 });
});

const petition = (over: Record<string, unknown> = {}) =>
  PetitionSchema.parse({ type: 1, start_date: "2026-03-02", end_date: "2026-03-03", reason: "ธุระที่บ้าน", ...over });

const file = async (employeeId: number, over: Record<string, unknown> = {}, attachment: Uint8Array | null = null) =>
  createPetition(employeeId, petition(over), attachment, { type: "employee", id: employeeId });

async function refused(p: Promise<unknown> | (() => unknown)): Promise<DomainError> {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error("expected a DomainError");
}

const rows = () => db().select().from(leavePetitions).all().length;
const uploadCount = () => db().select().from(uploads).all().length;

describe("filing a petition", () => {
  it("counts working days on the server: the weekend and a holiday are left out", async () => {
    db().insert(holidays).values({ date: "2026-03-04", name: "วันหยุดบริษัท", kind: "company", source: "admin" }).run();
    const e = newEmployee();
    // Mon 2 – Sun 8 March 2026: five weekdays, two of them holidays: the company's 4th, and Makha
    // Bucha on the 3rd (2026 is seeded when the petition is counted).
    const p = await file(e.id, { start_date: "2026-03-02", end_date: "2026-03-08" });
    expect(p).toMatchObject({ days: 3, status: LeaveStatus.request, half: "full", year: 2026, type_label: "ลากิจ" });
    const audit = db().select().from(auditLog).where(eq(auditLog.entity, "leave_petition")).all();
    expect(audit.map((a) => a.action)).toContain("create");
  });

  it("a half day counts 0.5; a span of days off only is a 400 and writes nothing", async () => {
    const e = newEmployee();
    expect((await file(e.id, { start_date: "2026-03-09", end_date: "2026-03-09", half: "morning" })).days).toBe(0.5);
    const before = rows();
    const error = await refused(file(e.id, { start_date: "2026-03-14", end_date: "2026-03-15" }));
    expect(error.status).toBe(400);
    expect(error.message).toContain("ไม่มีวันทำงาน");
    expect(rows()).toBe(before);
  });

  it("follows the office's work days (a six-day week counts Saturday)", async () => {
    updateSettings({ work_days: [1, 2, 3, 4, 5, 6] }, system);
    try {
      const e = newEmployee();
      expect((await file(e.id, { start_date: "2026-03-16", end_date: "2026-03-22" })).days).toBe(6);
    } finally {
      updateSettings({ work_days: [1, 2, 3, 4, 5] }, system);
    }
  });

  it("refuses a clash with pending or approved leave (409) but pairs a morning with an afternoon", async () => {
    const e = newEmployee();
    const first = await file(e.id, { start_date: "2026-04-06", end_date: "2026-04-08" });
    expect((await refused(file(e.id, { start_date: "2026-04-08", end_date: "2026-04-09" }))).status).toBe(409);
    // Ending on its first day, or around it, clashes; the day before does not.
    expect((await refused(file(e.id, { start_date: "2026-04-02", end_date: "2026-04-06" }))).status).toBe(409);
    expect((await refused(file(e.id, { start_date: "2026-04-01", end_date: "2026-04-10" }))).status).toBe(409);
    await file(e.id, { start_date: "2026-04-03", end_date: "2026-04-03" });
    await file(e.id, { start_date: "2026-04-20", end_date: "2026-04-20", half: "morning" });
    await file(e.id, { start_date: "2026-04-20", end_date: "2026-04-20", half: "afternoon" });
    expect((await refused(file(e.id, { start_date: "2026-04-20", end_date: "2026-04-20", half: "morning" }))).status).toBe(409);
    // A cancelled petition frees its days; another employee's leave never clashes.
    cancelOwnPetition(e.id, first.id);
    await file(e.id, { start_date: "2026-04-08", end_date: "2026-04-09" });
    await file(newEmployee().id, { start_date: "2026-04-06", end_date: "2026-04-08" });
  });

  it("two concurrent petitions for the same days: exactly one is filed, with one upload", async () => {
    const e = newEmployee();
    const before = uploadCount();
    // With attachments both pass the early check while their images encode; the transaction decides.
    const results = await Promise.allSettled([
      file(e.id, { start_date: "2026-05-11", end_date: "2026-05-12" }, jpeg),
      file(e.id, { start_date: "2026-05-12", end_date: "2026-05-13" }, jpeg),
    ]);
    expect(uploadCount()).toBe(before + 1);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected");
    expect(rejected && rejected.status === "rejected" && (rejected.reason as DomainError).status).toBe(409);
  });

  it("asks for a certificate or an explanation from 3 working days of sick leave", async () => {
    const e = newEmployee();
    const sick = { type: 2, start_date: "2026-06-08", end_date: "2026-06-10" };
    const before = rows();
    const error = await refused(file(e.id, sick));
    expect(error.status).toBe(400);
    expect(error.fields).toHaveProperty("attachment");
    expect(rows()).toBe(before);
    const explained = await file(e.id, { ...sick, certificate_note: "ไปคลินิก ไม่ได้ขอใบรับรอง" });
    expect(explained.certificate_note).toBe("ไปคลินิก ไม่ได้ขอใบรับรอง");
    const withPaper = await file(e.id, { ...sick, start_date: "2026-06-22", end_date: "2026-06-24" }, jpeg);
    expect(withPaper.attachment_url).toMatch(/^\/uploads\/leaves\//);
    const stored = db().select().from(uploads).where(eq(uploads.folder, "leaves")).all();
    expect(stored.at(-1)?.ownerEmployeeId).toBe(e.id);
    // Two days of sick leave need neither.
    await file(e.id, { type: 2, start_date: "2026-06-15", end_date: "2026-06-16" });
  });

  it("a refused clash with an attachment leaves no upload behind", async () => {
    const e = newEmployee();
    await file(e.id, { start_date: "2026-07-06", end_date: "2026-07-07" });
    const before = uploadCount();
    const error = await refused(file(e.id, { type: 2, start_date: "2026-07-07", end_date: "2026-07-07" }, jpeg));
    expect(error.status).toBe(409);
    expect(uploadCount()).toBe(before);
  });

  it("a non-image attachment is a 400 and writes nothing", async () => {
    const e = newEmployee();
    const before = { rows: rows(), uploads: uploadCount() };
    const error = await refused(file(e.id, {}, new TextEncoder().encode("%PDF-1.4 not an image")));
    expect(error.status).toBe(400);
    expect({ rows: rows(), uploads: uploadCount() }).toEqual(before);
  });

  it("refuses leave before the start date and spans over 120 days", async () => {
    const e = newEmployee();
    updateEmployee(e.id, EmployeeUpdateSchema.parse({ start_date: "2026-03-01" }), system);
    expect((await refused(file(e.id, { start_date: "2026-02-23", end_date: "2026-03-03" }))).fields).toHaveProperty("start_date");
    expect((await refused(file(e.id, { start_date: "2026-03-02", end_date: "2026-07-31" }))).status).toBe(400);
  });
});

describe("the input schema", () => {
  const bad = (over: Record<string, unknown>) => PetitionSchema.safeParse({ type: 1, start_date: "2026-03-02", end_date: "2026-03-03", reason: "x", ...over });
  it("refuses end before start, impossible dates, unknown types, half days over several dates, long reasons", () => {
    expect(bad({ end_date: "2026-03-01" }).success).toBe(false);
    expect(bad({ start_date: "2026-02-30" }).success).toBe(false);
    expect(bad({ type: 11 }).success).toBe(false);
    expect(bad({ type: "abc" }).success).toBe(false);
    expect(bad({ half: "morning" }).success).toBe(false);
    expect(bad({ half: "evening", end_date: "2026-03-02" }).success).toBe(false);
    expect(bad({ reason: "ก".repeat(501) }).success).toBe(false);
    expect(bad({ reason: "  " }).success).toBe(false);
    expect(bad({ extra: 1 }).success).toBe(false);
    expect(bad({ type: "2" }).success).toBe(true);
  });
});

describe("status transitions", () => {
  it("an admin approves or rejects a pending petition once; a second decision is a 409", async () => {
    const e = newEmployee();
    const p = await file(e.id, { start_date: "2026-08-03", end_date: "2026-08-03" });
    const { petition: approved } = decidePetition({ id: p.id, action: "accept", note: "โอเค" }, admin);
    expect(approved).toMatchObject({ status: LeaveStatus.approve, decision_note: "โอเค" });
    expect((await refused(() => decidePetition({ id: p.id, action: "reject", note: "" }, admin))).status).toBe(409);
    const q = await file(e.id, { start_date: "2026-08-04", end_date: "2026-08-04" });
    expect(decidePetition({ id: q.id, action: "reject", note: "" }, admin).petition.status).toBe(LeaveStatus.reject);
    expect((await refused(() => transitionPetition(q.id, LeaveStatus.cancel, admin))).status).toBe(409);
  });

  it("the employee cancels their own pending petition only; an approved one only an admin cancels", async () => {
    const e = newEmployee();
    const other = newEmployee();
    const p = await file(e.id, { start_date: "2026-08-10", end_date: "2026-08-10" });
    expect((await refused(() => cancelOwnPetition(other.id, p.id))).status).toBe(404);
    decidePetition({ id: p.id, action: "accept", note: "" }, admin);
    expect((await refused(() => cancelOwnPetition(e.id, p.id))).status).toBe(409);
    const { petition } = transitionPetition(p.id, LeaveStatus.cancel, admin, { note: "เปลี่ยนแผน" });
    expect(petition).toMatchObject({ status: LeaveStatus.cancel, cancelled_by: "admin" });
    const q = await file(e.id, { start_date: "2026-08-11", end_date: "2026-08-11" });
    expect(cancelOwnPetition(e.id, q.id).petition).toMatchObject({ status: LeaveStatus.cancel, cancelled_by: "employee" });
    expect((await refused(() => decidePetition({ id: 999_999, action: "accept", note: "" }, admin))).status).toBe(404);
  });
});

describe("balances", () => {
  it("quota − approved − pending per type, with an admin's per-employee quota", async () => {
    const e = newEmployee();
    const a = await file(e.id, { start_date: "2026-09-07", end_date: "2026-09-08" });
    decidePetition({ id: a.id, action: "accept", note: "" }, admin);
    await file(e.id, { start_date: "2026-09-09", end_date: "2026-09-09", half: "afternoon" });
    const business = leaveBalances(e.id, 2026).find((b) => b.type === 1);
    expect(business).toEqual({ type: 1, quota: 3, used: 2, pending: 0.5, remaining: 0.5 });
    db().insert(leaveQuotas).values({ employeeId: e.id, year: 2026, type: 1, quota: 5 }).run();
    expect(leaveBalances(e.id, 2026).find((b) => b.type === 1)?.remaining).toBe(2.5);
    // Other years are untouched.
    expect(leaveBalances(e.id, 2027).find((b) => b.type === 1)).toEqual({ type: 1, quota: 3, used: 0, pending: 0, remaining: 3 });
  });

  it("vacation: none in the first year of service, pro-rata when set, carry-over when set", async () => {
    const e = newEmployee();
    updateEmployee(e.id, EmployeeUpdateSchema.parse({ start_date: "2025-07-01" }), system);
    const vacation = (year: number) => leaveBalances(e.id, year).find((b) => b.type === 3)?.quota;
    expect(vacation(2025)).toBe(0);
    expect(vacation(2026)).toBe(6);
    updateSettings({ leave_vacation_prorata: true }, system);
    updateSettings({ leave_vacation_carry_over_max: 4 }, system);
    try {
      expect(vacation(2025)).toBe(3);
      const v = await file(e.id, { type: 3, start_date: "2025-12-01", end_date: "2025-12-01" });
      decidePetition({ id: v.id, action: "accept", note: "" }, admin);
      // 2025 left 2 of its 3 days; 2026 gets 6 + 2.
      expect(vacation(2026)).toBe(8);
    } finally {
      updateSettings({ leave_vacation_prorata: false, leave_vacation_carry_over_max: 0 }, system);
    }
  });

  it("the history holds the year's petitions, newest first, with the balances", async () => {
    const e = newEmployee();
    await file(e.id, { start_date: "2026-10-05", end_date: "2026-10-05" });
    await file(e.id, { start_date: "2026-10-12", end_date: "2026-10-12" });
    const h = leaveHistory(e.id, 2026);
    expect(h.items.map((p) => p.start_date)).toEqual(["2026-10-12", "2026-10-05"]);
    // Every type that is on (ordination, 10, is off by default), the spec's 1–3 first.
    expect(h.balances.map((b) => b.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(leaveHistory(e.id, 2025).items).toEqual([]);
  });
});

describe("the admin list", () => {
  it("filters by status, type, employee and year; pending oldest first", async () => {
    const e = newEmployee();
    const first = await file(e.id, { start_date: "2026-11-02", end_date: "2026-11-02" });
    const second = await file(e.id, { type: 2, start_date: "2026-11-03", end_date: "2026-11-03" });
    const q = (over: Record<string, unknown>) => listPetitions(petitionListQuery(2026).parse({ employee_id: String(e.id), ...over }));
    expect(q({ status: "1" }).items.map((p) => p.id)).toEqual([first.id, second.id]);
    expect(q({ type: "2" }).items.map((p) => p.id)).toEqual([second.id]);
    expect(q({}).items[0]?.employee.full_name).toContain("สมชาย");
    expect(q({ year: "2025" }).total).toBe(0);
    expect(petitionListQuery(2026).safeParse({ status: "9" }).success).toBe(false);
    expect(petitionListQuery(2026).safeParse({ year: "2019" }).success).toBe(false);
  });

  it("reads a year's page, and the pending page, in index order instead of sorting them", () => {
    const planOf = (over: Record<string, unknown>) => {
      const { sql: text, params } = petitionPageQuery(petitionListQuery(2026).parse(over)).toSQL();
      return db()
        .$client.prepare<unknown[], { detail: string }>(`explain query plan ${text}`)
        .all(...params)
        .map((r) => r.detail)
        .join("\n");
    };
    for (const over of [{}, { year: "2025" }, { status: "1" }]) {
      expect(planOf(over)).not.toContain("TEMP B-TREE");
    }
    expect(planOf({})).toContain("leave_petitions_year_start_idx");
  });
});
