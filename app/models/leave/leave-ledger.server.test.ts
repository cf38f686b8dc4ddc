// Approved leave comes and goes with the day ledger's rows in the same transaction (ADR 043).
import { and, asc, between, eq } from "drizzle-orm";
import { attendanceDays, leavePetitions } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { LeaveStatus } from "~/lib/enums";
import { ensureLedger } from "~/models/attendance/ledger.server";
import { setSetting } from "~/models/core/settings.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee } from "~/models/employees/employee.server";
import { decidePetition, transitionPetition } from "./leave.server";

const system = { type: "system" as const };
// Monday to Wednesday, no public holiday; long past, so the ledger holds them whatever the clock.
const FROM = "2025-03-03";
const TO = "2025-03-05";

beforeAll(() => setSetting("attendance_start", "2020-01-01"));

function employee(code: string) {
  return createEmployee(EmployeeCreateSchema.parse({ code, title: 1, first_name: "สมชาย", last_name: "ลาหยุด" }), system);
}

function petition(employeeId: number, status: number = LeaveStatus.request) {
  return db()
    .insert(leavePetitions)
    .values({ employeeId, type: 1, startDate: FROM, endDate: TO, half: null, days: 3, year: 2025, reason: "ธุระ", status })
    .returning()
    .get();
}

const statuses = (employeeId: number) =>
  db()
    .select({ date: attendanceDays.workDate, status: attendanceDays.status, leave: attendanceDays.leaveFraction })
    .from(attendanceDays)
    .where(and(eq(attendanceDays.employeeId, employeeId), between(attendanceDays.workDate, FROM, TO)))
    .orderBy(asc(attendanceDays.workDate))
    .all()
    .map((r) => `${r.date} ${r.status} ${r.leave}`);

test("approving fills the leave into the employee's filled dates; cancelling it brings the absences back", () => {
  const e = employee("LL1");
  const other = employee("LL2");
  ensureLedger(FROM, TO);
  const absent = [`${FROM} absent 0`, "2025-03-04 absent 0", `${TO} absent 0`];
  expect(statuses(e.id)).toEqual(absent);

  const p = petition(e.id);
  expect(statuses(e.id)).toEqual(absent);
  decidePetition({ id: p.id, action: "accept", note: "" }, system);
  expect(statuses(e.id)).toEqual([`${FROM} leave 1`, "2025-03-04 leave 1", `${TO} leave 1`]);
  expect(statuses(other.id)).toEqual(absent);

  transitionPetition(p.id, LeaveStatus.cancel, system, { note: "ยกเลิก" });
  expect(statuses(e.id)).toEqual(absent);
});

test("a rejected petition leaves the ledger alone", () => {
  const e = employee("LL3");
  ensureLedger(FROM, TO);
  const before = statuses(e.id);
  const p = petition(e.id);
  decidePetition({ id: p.id, action: "reject", note: "งานเร่ง" }, system);
  expect(statuses(e.id)).toEqual(before);
});
