import { eq, inArray } from "drizzle-orm";
import {
  admins,
  amphurs,
  attendance,
  attendanceCorrections,
  districts,
  employees,
  leavePetitions,
  lineGroups,
  machines,
  provinces,
  replyMessages,
} from "../../../db/schema";
import { db } from "~/lib/db.server";
import { LEAVE_TYPE_LABELS, rowFullName } from "~/lib/enums";
import { formatThaiDate } from "~/lib/thai-date";
import { spanText } from "~/models/leave/labels";
import { auditRefs, type AuditNames, type AuditRefKind, type AuditRefSource } from "./changes";

type NameReader = (ids: number[]) => [number, string][];

const person = { title: employees.title, namePrefix: employees.namePrefix, firstName: employees.firstName, lastName: employees.lastName };

/** How each kind of record is named in the log: a person by name (and code), a cabinet by code and name, a leave by who and when. */
const READERS: Record<AuditRefKind, NameReader> = {
  employee: (ids) =>
    db()
      .select({ id: employees.id, code: employees.code, ...person })
      .from(employees)
      .where(inArray(employees.id, ids))
      .all()
      .map((e) => [e.id, `${rowFullName(e)} (${e.code})`]),
  admin: (ids) =>
    db()
      .select({ id: admins.id, username: admins.username, fullName: admins.fullName })
      .from(admins)
      .where(inArray(admins.id, ids))
      .all()
      .map((a) => [a.id, a.fullName || a.username]),
  province: (ids) =>
    db().select({ id: provinces.id, name: provinces.nameTh }).from(provinces).where(inArray(provinces.id, ids)).all().map((r) => [r.id, r.name]),
  amphur: (ids) =>
    db().select({ id: amphurs.id, name: amphurs.nameTh }).from(amphurs).where(inArray(amphurs.id, ids)).all().map((r) => [r.id, r.name]),
  district: (ids) =>
    db().select({ id: districts.id, name: districts.nameTh }).from(districts).where(inArray(districts.id, ids)).all().map((r) => [r.id, r.name]),
  machine: (ids) =>
    db()
      .select({ id: machines.id, code: machines.code, name: machines.name })
      .from(machines)
      .where(inArray(machines.id, ids))
      .all()
      .map((m) => [m.id, `${m.code} ${m.name}`]),
  line_group: (ids) =>
    db()
      .select({ id: lineGroups.id, name: lineGroups.name })
      .from(lineGroups)
      .where(inArray(lineGroups.id, ids))
      .all()
      .map((g) => [g.id, g.name || "(ยังไม่ทราบชื่อกลุ่ม)"]),
  reply_message: (ids) =>
    db()
      .select({ id: replyMessages.id, keyword: replyMessages.keyword })
      .from(replyMessages)
      .where(inArray(replyMessages.id, ids))
      .all()
      .map((r) => [r.id, `“${r.keyword}”`]),
  leave_petition: (ids) =>
    db()
      .select({ id: leavePetitions.id, type: leavePetitions.type, start: leavePetitions.startDate, end: leavePetitions.endDate, half: leavePetitions.half, ...person })
      .from(leavePetitions)
      .innerJoin(employees, eq(employees.id, leavePetitions.employeeId))
      .where(inArray(leavePetitions.id, ids))
      .all()
      .map((p) => [
        p.id,
        `${rowFullName(p)} · ${LEAVE_TYPE_LABELS[p.type] ?? ""} ${spanText({ start_date: p.start, end_date: p.end, half: p.half ?? "full" })}`,
      ]),
  attendance: (ids) =>
    db()
      .select({ id: attendance.id, date: attendance.workDate, ...person })
      .from(attendance)
      .innerJoin(employees, eq(employees.id, attendance.employeeId))
      .where(inArray(attendance.id, ids))
      .all()
      .map((a) => [a.id, `${rowFullName(a)} · ${formatThaiDate(a.date)}`]),
  attendance_correction: (ids) =>
    db()
      .select({ id: attendanceCorrections.id, date: attendanceCorrections.workDate, ...person })
      .from(attendanceCorrections)
      .innerJoin(employees, eq(employees.id, attendanceCorrections.employeeId))
      .where(inArray(attendanceCorrections.id, ids))
      .all()
      .map((c) => [c.id, `${rowFullName(c)} · ${formatThaiDate(c.date)}`]),
};

/** The names of every record the rows point at: one query per kind of record, whatever the number of rows. */
export function readAuditNames(rows: Iterable<AuditRefSource>): AuditNames {
  const names: AuditNames = {};
  for (const [kind, ids] of auditRefs(rows)) names[kind] = new Map(READERS[kind]([...ids]));
  return names;
}
