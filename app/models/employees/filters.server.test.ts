import { eq } from "drizzle-orm";
import { employees } from "../../../db/schema";
import { readCsv } from "~/lib/csv.server";
import { db } from "~/lib/db.server";
import { employeesCsv } from "./csv.server";
import { EmployeeCreateSchema, EmployeeListQuery, EmployeeUpdateSchema } from "./schema";
import { createEmployee, employeeChoices, listEmployees, resignEmployee, updateEmployee } from "./employee.server";

const admin = { type: "admin" as const, id: 1 };
const make = (code: string, more: Record<string, unknown> = {}) =>
  createEmployee(EmployeeCreateSchema.parse({ code, title: 1, first_name: "สมชาย", last_name: code, ...more }), admin);
const codes = (status: "active" | "resigned", q: Record<string, string>) =>
  listEmployees(status, EmployeeListQuery.parse(q)).items.map((e) => e.code).sort();

beforeAll(() => {
  make("F-1", { department: "  ฝ่าย   ขาย ", position: "พนักงานขาย" });
  make("F-2", { department: "ฝ่ายขาย", position: "ผู้จัดการ" });
  const linked = make("F-3", { department: "บัญชี", position: "พนักงานขาย" });
  db().update(employees).set({ lineUserId: "U123" }).where(eq(employees.id, linked.id)).run();
  const leaving = make("F-4", { department: "บัญชี" });
  resignEmployee(leaving.id, "2999-01-01", admin);
  const gone = make("F-5", { department: "บัญชี" });
  resignEmployee(gone.id, "2020-01-01", admin);
});

describe("employee list filters", () => {
  test("department and position are saved with their spaces tidied", () => {
    expect(listEmployees("active", EmployeeListQuery.parse({ q: "F-1" })).items[0]).toMatchObject({ department: "ฝ่าย ขาย" });
    const updated = updateEmployee(listEmployees("active", EmployeeListQuery.parse({ q: "F-2" })).items[0].id, EmployeeUpdateSchema.parse({ position: " ผู้จัดการ   ทั่วไป " }), admin);
    expect(updated.position).toBe("ผู้จัดการ ทั่วไป");
  });

  test("by department (spaces tidied as the saved names are), within the working or the resigned list", () => {
    expect(codes("active", { department: "ฝ่าย  ขาย" })).toEqual(["F-1"]);
    expect(codes("active", { department: "บัญชี" })).toEqual(["F-3", "F-4"]);
    expect(codes("resigned", { department: "บัญชี" })).toEqual(["F-5"]);
  });

  test("by status, combined with the department and the search", () => {
    expect(codes("active", { q: "F-", status: "line_linked" })).toEqual(["F-3"]);
    expect(codes("active", { q: "F-", status: "line_unlinked", department: "บัญชี" })).toEqual(["F-4"]);
    expect(codes("active", { q: "F-", status: "leaving" })).toEqual(["F-4"]);
    expect(codes("active", { q: "F-", status: "face_unregistered" })).toEqual(["F-1", "F-2", "F-3", "F-4"]);
    expect(codes("active", { q: "F-", status: "face_registered" })).toEqual([]);
  });

  test("the CSV export follows the same filters", async () => {
    const csv = await readCsv(employeesCsv("active", EmployeeListQuery.parse({ department: "บัญชี", status: "line_unlinked" })));
    expect(csv).toContain("F-4");
    expect(csv).not.toContain("F-3");
  });

  test("an unknown status is refused in Thai", () => {
    const parsed = EmployeeListQuery.safeParse({ status: "retired" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toMatch(/^สถานะ \(status\) ต้องเป็น/);
  });

  test("the pickers offer each department and position once, in Thai order", () => {
    const { departments, positions } = employeeChoices();
    expect(departments).toEqual(["บัญชี", "ฝ่าย ขาย", "ฝ่ายขาย"]);
    expect(positions).toHaveLength(2);
    expect(positions[1]).toBe("พนักงานขาย");
  });

  test("the pickers are kept until a write: a new department shows at once", () => {
    const before = employeeChoices();
    expect(employeeChoices()).toBe(before);
    const e = make("F-6");
    updateEmployee(e.id, EmployeeUpdateSchema.parse({ department: "คลังสินค้า" }), admin);
    expect(before.departments).not.toContain("คลังสินค้า");
    expect(employeeChoices().departments).toContain("คลังสินค้า");
  });
});
