import { eq, sql } from "drizzle-orm";
import { auditLog, leavePetitions, machines, provinces } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { readCsv } from "~/lib/csv.server";
import { createAdmin } from "~/models/admins/admin.server";
import { AuditQuery, auditAdminOptions, auditCsv, employeeAuditHistory, listAuditEntries, recordAudit } from "./audit.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee } from "~/models/employees/employee.server";

const query = (q: Record<string, unknown> = {}) => AuditQuery.parse(q);
const at = (id: number, iso: string) => db().update(auditLog).set({ createdAt: new Date(iso) }).where(eq(auditLog.id, id)).run();
const lastId = () => db().select({ id: sql<number>`max(${auditLog.id})` }).from(auditLog).get()!.id;

let named: { id: number };
let bare: { id: number };
let employee: { id: number };
let other: { id: number };

beforeAll(async () => {
  named = await createAdmin({ username: "audit-named", password: "audit-named-pw", fullName: "สมหญิง ผู้ดูแล" });
  bare = await createAdmin({ username: "audit-bare", password: "audit-bare-pw" });
  const make = (code: string, first: string) =>
    createEmployee(EmployeeCreateSchema.parse({ code, title: 1, first_name: first, last_name: "ทดสอบ" }), { type: "admin", id: named.id });
  employee = make("A001", "มานะ");
  other = make("A002", "ปิติ");
  db().delete(auditLog).run();
});

describe("listAuditEntries", () => {
  let ids: Record<string, number>;
  beforeAll(() => {
    db().delete(auditLog).run();
    const add = (key: string, entry: Parameters<typeof recordAudit>[0], when: string) => {
      recordAudit(entry);
      const id = lastId();
      at(id, when);
      return [key, id] as const;
    };
    ids = Object.fromEntries([
      // 2026-11-20 23:30 in Bangkok is 16:30 UTC: the 20th there, whatever the server's zone.
      add("edit", { actor: { type: "admin", id: named.id }, action: "update", entity: "employee", entityId: employee.id, changes: { phone: { from: "", to: "0812345678" } } }, "2026-11-20T16:30:00Z"),
      add("quota", { actor: { type: "admin", id: bare.id }, action: "update", entity: "leave_quota", entityId: other.id, changes: { year: 2026, type: 1, quota: { from: null, to: 5 } } }, "2026-11-20T17:30:00Z"),
      add("own", { actor: { type: "employee", id: employee.id }, action: "create", entity: "leave_petition", entityId: 999, changes: { reason: "ธุระ" } }, "2026-11-21T03:00:00Z"),
      add("system", { actor: { type: "system" }, action: "purge_selfies", entity: "attendance", changes: { deleted: 3 } }, "2026-11-22T03:00:00Z"),
      add("gone", { actor: { type: "admin", id: 9999 }, action: "backup", entity: "database" }, "2026-11-23T03:00:00Z"),
    ]);
  });

  test("newest first, with who acted by name, Thai labels, the subject employee and the change lines", () => {
    const page = listAuditEntries(query());
    expect(page.total).toBe(5);
    expect(page.items.map((i) => i.id)).toEqual([ids.gone, ids.system, ids.own, ids.quota, ids.edit]);
    const byId = new Map(page.items.map((i) => [i.id, i]));
    expect(byId.get(ids.edit)).toMatchObject({
      actor: { type: "admin", id: named.id, name: "สมหญิง ผู้ดูแล" },
      action_label: "แก้ไข",
      entity_label: "พนักงาน",
      entity_id: String(employee.id),
      entity_name: "นายมานะ ทดสอบ (A001)",
      subject: { id: employee.id, code: "A001", full_name: "นายมานะ ทดสอบ" },
      lines: [{ field: "phone", label: "เบอร์โทร", from: "-", to: "0812345678" }],
    });
    expect(byId.get(ids.quota)).toMatchObject({ actor: { name: "audit-bare" }, subject: { id: other.id }, entity_label: "สิทธิ์การลา" });
    expect(byId.get(ids.own)).toMatchObject({ actor: { type: "employee", name: "นายมานะ ทดสอบ" }, subject: null });
    expect(byId.get(ids.system)?.actor.name).toBe("ระบบ");
    expect(byId.get(ids.gone)?.actor.name).toBe("ผู้ดูแลระบบ #9999");
    expect(byId.get(ids.gone)?.lines).toEqual([]);
  });

  test("filters: entity, entity id, actor type, one admin", () => {
    expect(listAuditEntries(query({ entity: "employee" })).items.map((i) => i.id)).toEqual([ids.edit]);
    expect(listAuditEntries(query({ entity: "leave_quota", entity_id: String(other.id) })).total).toBe(1);
    expect(listAuditEntries(query({ actor: "system" })).items.map((i) => i.id)).toEqual([ids.system]);
    expect(listAuditEntries(query({ actor: "admin" })).total).toBe(3);
    expect(listAuditEntries(query({ actor: "admin", actor_id: bare.id })).items.map((i) => i.id)).toEqual([ids.quota]);
    expect(listAuditEntries(query({ actor: "employee", actor_id: employee.id })).items.map((i) => i.id)).toEqual([ids.own]);
  });

  test("the date range is in business days (Asia/Bangkok), both ends included", () => {
    expect(listAuditEntries(query({ from: "2026-11-20", to: "2026-11-20" })).items.map((i) => i.id)).toEqual([ids.edit]);
    expect(listAuditEntries(query({ from: "2026-11-21", to: "2026-11-22" })).items.map((i) => i.id)).toEqual([ids.system, ids.own, ids.quota]);
    expect(listAuditEntries(query({ from: "2026-11-23" })).items.map((i) => i.id)).toEqual([ids.gone]);
    expect(listAuditEntries(query({ to: "2026-11-19" })).total).toBe(0);
  });

  test("paging", () => {
    const second = listAuditEntries(query({ page: "2", page_size: "2" }));
    expect(second).toMatchObject({ total: 5, page: 2, page_size: 2 });
    expect(second.items.map((i) => i.id)).toEqual([ids.own, ids.quota]);
    expect(listAuditEntries(query({ page: "4", page_size: "2" })).items).toEqual([]);
  });

  test("the CSV: BOM, Thai headers, names and the changes in words, with the filter", async () => {
    const text = await readCsv(auditCsv(query({ entity: "employee" })));
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, row, rest] = text.slice(1).split("\r\n");
    expect(header).toBe("วันที่เวลา,วันที่เวลา (ค.ศ.),ผู้ทำ,ชื่อผู้ทำ,การกระทำ,รายการ,รหัสรายการ,ชื่อรายการ,พนักงานที่เกี่ยวข้อง,รายละเอียด");
    expect(row).toBe(
      `20 พ.ย. 2569 23:30,2026-11-20 23:30:00,ผู้ดูแลระบบ,สมหญิง ผู้ดูแล,แก้ไข,พนักงาน,${employee.id},นายมานะ ทดสอบ (A001),A001 นายมานะ ทดสอบ,เบอร์โทร: - → 0812345678`,
    );
    expect(rest).toBe("");
  });
});

describe("names instead of ids, BE years, Thai values: the page, the profile's history and the CSV alike", () => {
  let machine: { id: number };
  const provinceIds = Array.from({ length: 30 }, (_, i) => 9100 + i);
  beforeAll(() => {
    db().delete(auditLog).run();
    db()
      .insert(provinces)
      .values(provinceIds.map((id) => ({ id, code: `T${id}`, nameTh: `จังหวัดทดสอบ${id}`, nameEn: `Test ${id}` })))
      .onConflictDoNothing()
      .run();
    machine = db().insert(machines).values({ code: "M001", name: "ตู้หน้าโรงงาน", type: 1 }).returning({ id: machines.id }).get();
    const admin = { type: "admin" as const, id: named.id };
    for (const id of provinceIds) {
      recordAudit({ actor: admin, action: "update", entity: "employee", entityId: employee.id, changes: { province_id: { from: null, to: id } } });
    }
    recordAudit({ actor: admin, action: "map", entity: "machine", entityId: machine.id, changes: { employee_id: employee.id } });
    recordAudit({ actor: admin, action: "update", entity: "leave_quota", entityId: employee.id, changes: { year: 2026, type: 1, quota: { from: null, to: 5 } } });
    recordAudit({ actor: admin, action: "update", entity: "admin", entityId: named.id, changes: { active: { from: true, to: false } } });
  });

  test("the page: the cabinet and the employee by name, the province by name, the year in BE", () => {
    const { items } = listAuditEntries(query({ page_size: "50" }));
    const [adminRow, quota, map, lastProvince] = items;
    expect(adminRow).toMatchObject({ entity_name: "สมหญิง ผู้ดูแล", lines: [{ label: "ใช้งาน", from: "ใช่", to: "ไม่ใช่" }] });
    expect(quota.lines).toEqual([
      { field: "year", label: "ปี", value: "2569" },
      { field: "type", label: "ประเภทการลา", value: "ลากิจ" },
      { field: "quota", label: "สิทธิ์ (วัน)", from: "-", to: "5" },
    ]);
    expect(map).toMatchObject({ entity_name: "M001 ตู้หน้าโรงงาน", lines: [{ label: "พนักงาน", value: "นายมานะ ทดสอบ (A001)" }] });
    expect(lastProvince.lines).toEqual([{ field: "province_id", label: "จังหวัด", from: "-", to: "จังหวัดทดสอบ9129" }]);
  });

  test("the names are read once per kind of record for a page, not once per row", () => {
    const prepare = vi.spyOn(db().$client, "prepare");
    try {
      listAuditEntries(query({ page_size: "50" }));
      const fromProvinces = prepare.mock.calls.filter(([text]) => /from "provinces"/.test(String(text)));
      expect(fromProvinces).toHaveLength(1);
    } finally {
      prepare.mockRestore();
    }
  });

  test("the profile's history says the same", () => {
    const history = employeeAuditHistory(employee.id, 50);
    expect(history.items.find((i) => i.entity === "leave_quota")?.lines[0]).toEqual({ field: "year", label: "ปี", value: "2569" });
    expect(history.items.find((i) => i.entity === "employee")?.lines[0]).toMatchObject({ label: "จังหวัด", to: "จังหวัดทดสอบ9129" });
  });

  test("the CSV: the record's name column and the details in words", async () => {
    const text = await readCsv(auditCsv(query()));
    const rows = text.slice(1).trimEnd().split("\r\n");
    expect(rows).toHaveLength(1 + provinceIds.length + 3);
    expect(rows[3]).toContain(`,ตู้,${machine.id},M001 ตู้หน้าโรงงาน,,พนักงาน: นายมานะ ทดสอบ (A001)`);
    expect(rows[2]).toContain("ปี: 2569; ประเภทการลา: ลากิจ; สิทธิ์ (วัน): - → 5");
    expect(rows[4]).toContain("จังหวัด: - → จังหวัดทดสอบ9129");
    const details = rows.slice(1).map((r) => r.slice(r.lastIndexOf(",") + 1));
    expect(details.join("\n")).not.toMatch(/\(รหัส\)|2026|_id|[a-z]{3}/);
  });
});

describe("AuditQuery refuses bad filters in Thai", () => {
  test.each([
    [{ from: "2026-02-30" }, "from"],
    [{ from: "2026-11-10", to: "2026-11-01" }, "to"],
    [{ actor: "robot" }, "actor"],
    [{ actor: "system", actor_id: "3" }, "actor_id"],
    [{ actor_id: "3" }, "actor_id"],
    [{ entity: "DROP TABLE" }, "entity"],
    [{ page: "0" }, "page"],
  ])("%j → %s", (input, field) => {
    const result = AuditQuery.safeParse(input);
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toMatch(/[\u0E00-\u0E7F]/);
  });
});

describe("employeeAuditHistory", () => {
  test("rows about the employee, by them, and on their leaves; not other employees' rows", () => {
    db().delete(auditLog).run();
    const petition = db()
      .insert(leavePetitions)
      .values({ employeeId: employee.id, type: 1, startDate: "2026-11-24", endDate: "2026-11-24", days: 1, year: 2026, reason: "ธุระ" })
      .returning({ id: leavePetitions.id })
      .get();
    const admin = { type: "admin" as const, id: named.id };
    recordAudit({ actor: admin, action: "update", entity: "employee", entityId: employee.id, changes: { nickname: { from: "", to: "นะ" } } });
    recordAudit({ actor: admin, action: "update", entity: "leave_quota", entityId: employee.id, changes: { quota: { from: 3, to: 4 } } });
    recordAudit({ actor: { type: "employee", id: employee.id }, action: "create", entity: "leave_petition", entityId: petition.id });
    recordAudit({ actor: admin, action: "accept", entity: "leave_petition", entityId: petition.id, changes: { status: { from: 1, to: 2 } } });
    recordAudit({ actor: admin, action: "update", entity: "employee", entityId: other.id });
    recordAudit({ actor: { type: "employee", id: other.id }, action: "create", entity: "leave_petition", entityId: petition.id + 1000 });

    const history = employeeAuditHistory(employee.id);
    expect(history.total).toBe(4);
    expect(history.items.map((i) => i.action)).toEqual(["accept", "create", "update", "update"]);
    expect(history.items[0].lines).toEqual([{ field: "status", label: "สถานะ", from: "ยื่นคำขอ", to: "อนุมัติ" }]);
    expect(employeeAuditHistory(employee.id, 2).items).toHaveLength(2);

    // Kept until a write: the same answer while nothing changes, the next entry at once.
    expect(employeeAuditHistory(employee.id)).toBe(employeeAuditHistory(employee.id));
    recordAudit({ actor: admin, action: "reject", entity: "leave_petition", entityId: petition.id });
    expect(employeeAuditHistory(employee.id).items.map((i) => i.action)).toEqual(["reject", "accept", "create", "update", "update"]);
  });

  test("each part of the history is an index lookup, not a scan of the log", () => {
    const plan = db()
      .all<{ detail: string }>(
        sql`explain query plan select id from audit_log where (entity in ('employee','leave_quota') and entity_id = '1') or (actor_type = 'employee' and actor_id = 1) or (entity = 'leave_petition' and entity_id in (select cast(id as text) from leave_petitions where employee_id = 1)) or (entity = 'attendance' and entity_id in (select cast(id as text) from attendance where employee_id = 1)) order by id desc limit 30`,
      )
      .map((r) => r.detail)
      .join("\n");
    expect(plan).not.toMatch(/SCAN audit_log(?! USING)/);
  });
});

test("auditAdminOptions lists every admin by name", () => {
  expect(auditAdminOptions()).toEqual(
    expect.arrayContaining([
      { id: named.id, name: "สมหญิง ผู้ดูแล (audit-named)" },
      { id: bare.id, name: "audit-bare" },
    ]),
  );
});
