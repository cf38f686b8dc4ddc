// An employee's start and resign dates move their day-ledger rows in the same transaction (ADR 043).
import { and, asc, eq } from "drizzle-orm";
import { attendanceDays, employees } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { ensureLedger } from "~/models/attendance/ledger.server";
import { setSetting } from "~/models/core/settings.server";
import { createEmployee, reinstateEmployee, resignEmployee, updateEmployee } from "./employee.server";
import { CSV_LABELS } from "./csv.server";
import { importEmployees } from "./import.server";
import { EmployeeCreateSchema, EmployeeUpdateSchema } from "./schema";

const system = { type: "system" as const };
// The office started counting on Monday 3 March 2025; Friday 28 February was filled before that.
const START = "2025-03-03";

beforeAll(() => {
  setSetting("attendance_start", START);
  ensureLedger("2025-02-28", "2025-03-05");
});

const rows = (employeeId: number) =>
  db()
    .select({ date: attendanceDays.workDate, status: attendanceDays.status })
    .from(attendanceDays)
    .where(eq(attendanceDays.employeeId, employeeId))
    .orderBy(asc(attendanceDays.workDate))
    .all()
    .map((r) => `${r.date} ${r.status}`);

const ALL = ["2025-03-03 absent", "2025-03-04 absent", "2025-03-05 absent"];

test("an employee added today with a start date in 2024 gets the filled dates from attendance_start on, no earlier", () => {
  const e = createEmployee(EmployeeCreateSchema.parse({ code: "EL1", title: 1, first_name: "สมชาย", last_name: "เริ่มงาน", start_date: "2024-06-01" }), system);
  expect(rows(e.id)).toEqual(ALL);
  expect(db().select().from(attendanceDays).where(and(eq(attendanceDays.employeeId, e.id), eq(attendanceDays.workDate, "2025-02-28"))).get()).toBeUndefined();
});

test("moving the start date removes the rows before it and adds them back when it moves earlier", () => {
  const e = createEmployee(EmployeeCreateSchema.parse({ code: "EL2", title: 1, first_name: "สมชาย", last_name: "ย้ายวัน" }), system);
  expect(rows(e.id)).toEqual(ALL);
  updateEmployee(e.id, EmployeeUpdateSchema.parse({ start_date: "2025-03-05" }), system);
  expect(rows(e.id)).toEqual(["2025-03-05 absent"]);
  updateEmployee(e.id, EmployeeUpdateSchema.parse({ start_date: "2025-03-04" }), system);
  expect(rows(e.id)).toEqual(ALL.slice(1));
  updateEmployee(e.id, EmployeeUpdateSchema.parse({ start_date: null }), system);
  expect(rows(e.id)).toEqual(ALL);
});

test("a resignation removes the rows from its date; reinstating brings them back", () => {
  const e = createEmployee(EmployeeCreateSchema.parse({ code: "EL3", title: 1, first_name: "สมชาย", last_name: "ลาออก" }), system);
  resignEmployee(e.id, "2025-03-04", system);
  expect(rows(e.id)).toEqual(["2025-03-03 absent"]);
  reinstateEmployee(e.id, system);
  expect(rows(e.id)).toEqual(ALL);
});

test("employees imported from a CSV get their rows too, from their start date", () => {
  const L = CSV_LABELS;
  const csv = `${[L.code, L.title, L.first_name, L.last_name, L.start_date_iso].join(",")}\nEL4,นาย,สมชาย,นำเข้า,2025-03-04\n`;
  expect(importEmployees(csv, "all_or_nothing", system)).toMatchObject({ created: 1, invalid: 0 });
  const imported = db().select({ id: employees.id }).from(employees).where(eq(employees.code, "EL4")).get();
  expect(rows(imported?.id ?? 0)).toEqual(ALL.slice(1));
});
