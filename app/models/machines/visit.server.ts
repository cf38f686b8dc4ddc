// Cabinet visit reports: the employee's machines, sending a report (the presence rule for type 2),
// and the admins' reads (history, a day's visits, open problems, the CSV).
import { and, asc, between, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { employees, machineAssignments, machines, machineVisits as visits } from "../../../db/schema";
import { appTimeZoneFromEnv, workDate } from "~/lib/business-day.server";
import { csvStream, type CsvColumn } from "~/lib/csv.server";
import { db, immediate, type Db } from "~/lib/db.server";
import { iterateSelect } from "~/lib/db-reader.server";
import { MACHINE_TYPE_LABELS, rowFullName } from "~/lib/enums";
import { DomainError } from "~/lib/errors";
import { classifyGeofence, haversineMeters, mapUrl, type Geofence, type Point } from "~/lib/geo";
import { encodeImage } from "~/lib/image.server";
import { saveUpload, uploadUrl } from "~/lib/uploads.server";
import { businessDate, clockTimeOf, formatThaiDate } from "~/lib/thai-date";
import { idField, isoDate, pageOffset, PageFields, type Page } from "~/lib/validation";
import { GEOFENCE_LABELS } from "~/models/attendance/labels";
import { reportRange } from "~/models/attendance/report.server";
import { ATTENDANCE_MESSAGES } from "~/models/attendance/attendance.server";
import { visitLocationCheck } from "~/models/attendance/location-evidence.server";
import { isOverdue, PROBLEM_STATUSES, machineDueDate, requiresPresence, type MachineVisitStatus } from "./rules";
import { MACHINE_VISIT_MESSAGES, type VisitInput } from "./visit-schema";
import { MACHINE_VISIT_STATUS_LABELS, VISIT_FLAG_LABELS, type VisitFlag } from "./labels";
import type { MachineDto } from "./machine.server";
import { getSetting } from "~/models/core/settings.server";

const photoUrl = (id: string | null) => (id ? uploadUrl("machines", id) : null);
const tenth = (m: number) => Math.round(m * 10) / 10;
const located = (m: { lat: number | null; lng: number | null }): m is { lat: number; lng: number } => m.lat != null && m.lng != null;

export type LastVisit = { visited_at: string; visit_date: string; status: MachineVisitStatus; status_label: string; employee_name: string };

/** A machine on the employee's screen: the registry's fields they need, its last visit, and the distance. */
export type EmployeeMachine = Pick<
  MachineDto,
  "id" | "code" | "name" | "type" | "type_label" | "lat" | "lng" | "radius_m" | "address" | "photo_url" | "due_date" | "overdue" | "map_url"
> & {
  last_visit: LastVisit | null;
  distance_m: number | null;
};

const visitor = alias(employees, "visitor");

/**
 * The employee's machines (open assignments of active machines) with their last visit and due
 * date, in one query. With a position: nearest first (machines without a location last), each
 * with its distance; without: by code.
 */
export function employeeMachines(employeeId: number, position?: Point, now: Date = new Date()): EmployeeMachine[] {
  const rows = db()
    .select({
      m: {
        id: machines.id,
        code: machines.code,
        name: machines.name,
        type: machines.type,
        lat: machines.lat,
        lng: machines.lng,
        radiusM: machines.radiusM,
        address: machines.address,
        photoUploadId: machines.photoUploadId,
        visitEveryDays: machines.visitEveryDays,
        createdAt: machines.createdAt,
      },
      visitedAt: visits.visitedAt,
      visitDate: visits.visitDate,
      status: visits.status,
      title: visitor.title,
      namePrefix: visitor.namePrefix,
      firstName: visitor.firstName,
      lastName: visitor.lastName,
    })
    .from(machineAssignments)
    .innerJoin(machines, eq(machines.id, machineAssignments.machineId))
    .leftJoin(visits, eq(visits.id, machines.lastVisitId))
    .leftJoin(visitor, eq(visitor.id, visits.employeeId))
    .where(and(eq(machineAssignments.employeeId, employeeId), isNull(machineAssignments.endedAt), eq(machines.active, true)))
    .orderBy(sql`${machines.code} collate nocase`, asc(machines.id))
    .all();
  const today = workDate(now);
  const tz = appTimeZoneFromEnv();
  const items = rows.map(({ m, ...v }): EmployeeMachine => {
    const lastVisit: LastVisit | null =
      v.visitedAt && v.visitDate && v.status
        ? {
            visited_at: v.visitedAt.toISOString(),
            visit_date: v.visitDate,
            status: v.status,
            status_label: MACHINE_VISIT_STATUS_LABELS[v.status],
            employee_name: v.firstName != null && v.lastName != null && v.title != null ? rowFullName({ title: v.title, namePrefix: v.namePrefix, firstName: v.firstName, lastName: v.lastName }) : "",
          }
        : null;
    const dueDate = machineDueDate({ visitEveryDays: m.visitEveryDays, lastVisitDate: v.visitDate, sinceDate: businessDate(m.createdAt, tz) });
    return {
      id: m.id,
      code: m.code,
      name: m.name,
      type: m.type,
      type_label: MACHINE_TYPE_LABELS[m.type] ?? String(m.type),
      lat: m.lat,
      lng: m.lng,
      radius_m: m.radiusM,
      address: m.address,
      photo_url: photoUrl(m.photoUploadId),
      last_visit: lastVisit,
      due_date: dueDate,
      overdue: isOverdue(dueDate, today),
      distance_m: position && located(m) ? tenth(haversineMeters(m, position)) : null,
      map_url: located(m) ? mapUrl(m.lat, m.lng) : null,
    };
  });
  if (!position) return items;
  // Stable: equal distances (and the unlocated) keep the code order.
  return items.sort((a, b) => (a.distance_m ?? Infinity) - (b.distance_m ?? Infinity));
}

export type VisitDto = {
  id: number;
  machine: { id: number; code: string; name: string; type: number; type_label: string };
  employee: { id: number; code: string; full_name: string };
  visited_at: string;
  visit_date: string;
  status: MachineVisitStatus;
  status_label: string;
  note: string;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  distance_m: number | null;
  geofence: Geofence | null;
  flags: string[];
  /** What a location flag saw, by flag code (impossible_travel: the two points, the distance, the minutes, the speed). */
  flag_evidence: Record<string, unknown>;
  photo_url: string | null;
  map_url: string | null;
};

const VISIT_FIELDS = {
  id: visits.id,
  machineId: visits.machineId,
  machineCode: machines.code,
  machineName: machines.name,
  machineType: machines.type,
  employeeId: visits.employeeId,
  employeeCode: employees.code,
  title: employees.title,
  namePrefix: employees.namePrefix,
  firstName: employees.firstName,
  lastName: employees.lastName,
  visitedAt: visits.visitedAt,
  visitDate: visits.visitDate,
  status: visits.status,
  note: visits.note,
  lat: visits.lat,
  lng: visits.lng,
  accuracy: visits.accuracy,
  distanceM: visits.distanceM,
  geofence: visits.geofence,
  flags: visits.flags,
  flagEvidence: visits.flagEvidence,
  photoUploadId: visits.photoUploadId,
};

const visitSelect = (tx: Db = db()) =>
  tx
    .select(VISIT_FIELDS)
    .from(visits)
    .innerJoin(machines, eq(machines.id, visits.machineId))
    .innerJoin(employees, eq(employees.id, visits.employeeId));
type VisitRow = ReturnType<typeof visitSelect>["_"]["result"][number];

function toVisitDto(r: VisitRow): VisitDto {
  return {
    id: r.id,
    machine: { id: r.machineId, code: r.machineCode, name: r.machineName, type: r.machineType, type_label: MACHINE_TYPE_LABELS[r.machineType] ?? String(r.machineType) },
    employee: { id: r.employeeId, code: r.employeeCode, full_name: rowFullName(r) },
    visited_at: r.visitedAt.toISOString(),
    visit_date: r.visitDate,
    status: r.status,
    status_label: MACHINE_VISIT_STATUS_LABELS[r.status],
    note: r.note,
    lat: r.lat,
    lng: r.lng,
    accuracy: r.accuracy,
    distance_m: r.distanceM,
    geofence: r.geofence,
    flags: r.flags,
    flag_evidence: r.flagEvidence,
    photo_url: photoUrl(r.photoUploadId),
    map_url: r.lat != null && r.lng != null ? mapUrl(r.lat, r.lng) : null,
  };
}

const activeMachine = (tx: Db, id: number) =>
  tx
    .select({ id: machines.id, code: machines.code, name: machines.name, type: machines.type, lat: machines.lat, lng: machines.lng, radiusM: machines.radiusM })
    .from(machines)
    .where(and(eq(machines.id, id), eq(machines.active, true)))
    .get();

const isAssigned = (tx: Db, machineId: number, employeeId: number) =>
  tx
    .select({ id: machineAssignments.id })
    .from(machineAssignments)
    .where(and(eq(machineAssignments.machineId, machineId), eq(machineAssignments.employeeId, employeeId), isNull(machineAssignments.endedAt)))
    .get() != null;

/** 404 for an unknown or inactive machine, 403 when it is not (or no longer) the employee's. */
function requireOwnMachine(tx: Db, machineId: number, employeeId: number) {
  const machine = activeMachine(tx, machineId);
  if (!machine) throw new DomainError(404, MACHINE_VISIT_MESSAGES.notFound);
  if (!isAssigned(tx, machineId, employeeId)) throw new DomainError(403, MACHINE_VISIT_MESSAGES.notAssigned);
  return machine;
}

type Placement = { distanceM: number | null; geofence: Geofence | null; flags: VisitFlag[] };

/**
 * Where the report was sent from, judged against the machine. Type 2: a position of acceptable
 * accuracy inside the radius (uncertain is accepted and flagged), and a photo. Type 1: the
 * position is only recorded.
 */
function placeVisit(machine: NonNullable<ReturnType<typeof activeMachine>>, input: VisitInput, hasPhoto: boolean): Placement {
  const position = input.lat !== undefined && input.lng !== undefined && input.accuracy !== undefined ? { lat: input.lat, lng: input.lng, accuracy: input.accuracy } : null;
  const distance = position && located(machine) ? haversineMeters(machine, position) : null;
  const geofence = position && distance !== null ? classifyGeofence(distance, position.accuracy, machine.radiusM) : null;
  if (!requiresPresence(machine.type)) {
    return { distanceM: distance === null ? null : tenth(distance), geofence, flags: position ? [] : ["no_position"] };
  }
  if (!located(machine)) throw new DomainError(409, MACHINE_VISIT_MESSAGES.noLocation);
  if (!position) throw new DomainError(400, MACHINE_VISIT_MESSAGES.positionRequired, { lat: MACHINE_VISIT_MESSAGES.positionRequired });
  if (!hasPhoto) throw new DomainError(400, MACHINE_VISIT_MESSAGES.photoRequired, { photo: MACHINE_VISIT_MESSAGES.photoRequired });
  const max = getSetting("max_accuracy_m");
  if (position.accuracy > max) {
    throw new DomainError(422, ATTENDANCE_MESSAGES.poorAccuracy(position.accuracy, max), { accuracy: `ต้องไม่เกิน ${max} เมตร` });
  }
  if (geofence === "outside") throw new DomainError(422, MACHINE_VISIT_MESSAGES.outside(distance ?? 0, machine.radiusM));
  return { distanceM: tenth(distance ?? 0), geofence, flags: geofence === "uncertain" ? ["uncertain"] : [] };
}

/**
 * Records a visit report on the server's clock. The rules run first (machine, assignment, the
 * presence rule), then the photo is re-encoded; the checks again, the photo, the visit and the
 * machine's last_visit_id are written in one transaction, so a refused report leaves nothing.
 */
export async function sendVisit(employeeId: number, input: VisitInput, photo: Uint8Array | null, now: Date = new Date()): Promise<VisitDto> {
  const machine = requireOwnMachine(db(), input.machine_id, employeeId);
  const placement = placeVisit(machine, input, photo != null);
  // Visits have no review queue: the flag and its evidence show on the visit in the admin's pages.
  const located =
    input.lat !== undefined && input.lng !== undefined
      ? visitLocationCheck(employeeId, { lat: input.lat, lng: input.lng, accuracy: input.accuracy ?? null, at: now })
      : { flags: [], evidence: {} };
  const encoded = photo ? await encodeImage(photo) : null;
  const id = immediate((tx) => {
    requireOwnMachine(tx, input.machine_id, employeeId);
    const stored = encoded ? saveUpload(tx, encoded, "machines", employeeId) : null;
    const visit = tx
      .insert(visits)
      .values({
        machineId: machine.id,
        employeeId,
        visitedAt: now,
        visitDate: workDate(now),
        status: input.status,
        note: input.note,
        lat: input.lat ?? null,
        lng: input.lng ?? null,
        accuracy: input.accuracy ?? null,
        distanceM: placement.distanceM,
        geofence: placement.geofence,
        flags: [...placement.flags, ...located.flags],
        flagEvidence: located.evidence,
        photoUploadId: stored?.id ?? null,
        createdAt: now,
      })
      .returning({ id: visits.id })
      .get();
    tx.update(machines).set({ lastVisitId: visit.id }).where(eq(machines.id, machine.id)).run();
    return visit.id;
  });
  return getVisit(id);
}

export function getVisit(id: number): VisitDto {
  const row = visitSelect().where(eq(visits.id, id)).get();
  if (!row) throw new DomainError(404, "ไม่พบรายงานการเข้าตู้");
  return toVisitDto(row);
}

const blankAsMissing = (v: unknown) => (v === "" ? undefined : v);

/** `GET /api/machine/visits`: a day's visits, one machine's history, the open problems, or the CSV of a range. */
export const VisitListQuery = z.object({
  date: z.preprocess(blankAsMissing, isoDate("วันที่ (date) ").optional()),
  machine_id: z.preprocess(blankAsMissing, idField("รหัสตู้ (machine_id) ").optional()),
  problems: z.preprocess(blankAsMissing, z.enum(["0", "1"], { error: "problems ต้องเป็น 0 หรือ 1" }).optional()),
  format: z.preprocess(blankAsMissing, z.enum(["json", "csv"], { error: "รูปแบบ (format) ต้องเป็น csv" }).optional()),
  from: z.preprocess(blankAsMissing, isoDate("วันที่เริ่ม (from) ").optional()),
  to: z.preprocess(blankAsMissing, isoDate("วันที่สิ้นสุด (to) ").optional()),
  ...PageFields,
});
export type VisitListQuery = z.infer<typeof VisitListQuery>;

/** Visits newest first, paged: one machine's (all dates, or one date) or one date's (every machine). */
function listVisits(where: SQL, page: { page: number; page_size: number }): Page<VisitDto> {
  const total = db().select({ n: count() }).from(visits).where(where).get()?.n ?? 0;
  const items = visitSelect()
    .where(where)
    .orderBy(desc(visits.visitedAt), desc(visits.id))
    .limit(page.page_size)
    .offset(pageOffset(page))
    .all()
    .map(toVisitDto);
  return { items, total, page: page.page, page_size: page.page_size };
}

const DEFAULT_PAGE = { page: 1, page_size: 20 };

/** One machine's visit history (newest first), with the machine. 404 for an unknown machine. */
export function visitHistory(machineId: number, page: { page: number; page_size: number } = DEFAULT_PAGE) {
  const machine = db()
    .select({ id: machines.id, code: machines.code, name: machines.name, type: machines.type, active: machines.active })
    .from(machines)
    .where(eq(machines.id, machineId))
    .get();
  if (!machine) throw new DomainError(404, "ไม่พบตู้นี้");
  return { machine: { ...machine, type_label: MACHINE_TYPE_LABELS[machine.type] ?? String(machine.type) }, ...listVisits(eq(visits.machineId, machineId), page) };
}

/** Every visit of a business date (newest first). */
export function dailyVisits(date: string, page: { page: number; page_size: number } = DEFAULT_PAGE) {
  return { date, ...listVisits(eq(visits.visitDate, date), page) };
}

export type OpenProblem = {
  machine: { id: number; code: string; name: string; type: number; type_label: string; address: string; photo_url: string | null };
  visit: VisitDto;
};

/** Active machines whose newest report is a problem (out of stock, broken), the oldest problem first. */
export function openProblems(): OpenProblem[] {
  const rows = db()
    .select({ ...VISIT_FIELDS, address: machines.address, machinePhoto: machines.photoUploadId })
    .from(machines)
    .innerJoin(visits, eq(visits.id, machines.lastVisitId))
    .innerJoin(employees, eq(employees.id, visits.employeeId))
    .where(and(eq(machines.active, true), inArray(visits.status, [...PROBLEM_STATUSES])))
    .orderBy(asc(visits.visitedAt))
    .all();
  return rows.map(({ address, machinePhoto, ...r }) => {
    const visit = toVisitDto(r);
    return { machine: { ...visit.machine, address, photo_url: photoUrl(machinePhoto) }, visit };
  });
}

const EXPORT_FIELDS = {
  visitedAt: visits.visitedAt,
  visitDate: visits.visitDate,
  machineCode: machines.code,
  machineName: machines.name,
  machineType: machines.type,
  employeeCode: employees.code,
  title: employees.title,
  namePrefix: employees.namePrefix,
  firstName: employees.firstName,
  lastName: employees.lastName,
  status: visits.status,
  note: visits.note,
  lat: visits.lat,
  lng: visits.lng,
  accuracy: visits.accuracy,
  distanceM: visits.distanceM,
  geofence: visits.geofence,
  flags: visits.flags,
  photo: sql<boolean>`${visits.photoUploadId} is not null`.mapWith(Boolean),
};
const exportSelect = () =>
  db().select(EXPORT_FIELDS).from(visits).innerJoin(machines, eq(machines.id, visits.machineId)).innerJoin(employees, eq(employees.id, visits.employeeId));
type ExportRow = ReturnType<typeof exportSelect>["_"]["result"][number];

const round = (m: number | null) => (m == null ? null : Math.round(m));
const flagText = (flags: string[]) => flags.map((f) => VISIT_FLAG_LABELS[f as VisitFlag] ?? f).join(", ");

function exportColumns(): CsvColumn<ExportRow>[] {
  const thaiDates = new Map<string, string>();
  const thaiDate = (d: string) => {
    let text = thaiDates.get(d);
    if (text === undefined) thaiDates.set(d, (text = formatThaiDate(d)));
    return text;
  };
  // Dates twice (ADR 012): Thai BE for reading, ISO beside it for sorting and formulas.
  return [
    { label: "วันที่", value: (r) => thaiDate(r.visitDate) },
    { label: "วันที่ (ค.ศ.)", value: (r) => r.visitDate },
    { label: "เวลา", value: (r) => clockTimeOf(r.visitedAt) },
    { label: "รหัสตู้", value: (r) => r.machineCode },
    { label: "ชื่อตู้", value: (r) => r.machineName },
    { label: "ประเภทตู้", value: (r) => MACHINE_TYPE_LABELS[r.machineType] ?? String(r.machineType) },
    { label: "รหัสพนักงาน", value: (r) => r.employeeCode },
    { label: "ชื่อ-นามสกุล", value: (r) => rowFullName(r) },
    { label: "สถานะ", value: (r) => MACHINE_VISIT_STATUS_LABELS[r.status] },
    { label: "หมายเหตุ", value: (r) => r.note },
    { label: "ละติจูด", value: (r) => r.lat },
    { label: "ลองจิจูด", value: (r) => r.lng },
    { label: "ความคลาดเคลื่อนของตำแหน่ง (ม.)", value: (r) => round(r.accuracy) },
    { label: "ระยะจากตู้ (ม.)", value: (r) => round(r.distanceM) },
    { label: "พื้นที่", value: (r) => (r.geofence ? GEOFENCE_LABELS[r.geofence] : "") },
    { label: "ข้อสังเกต", value: (r) => flagText(r.flags) },
    { label: "รูปถ่าย", value: (r) => (r.photo ? "มี" : "ไม่มี") },
  ];
}

/**
 * Every visit of a date range (at most MAX_REPORT_DAYS, as the attendance export; `date` alone is
 * that one day), oldest first, streamed from the reader connection (ADR 012).
 */
export function visitsCsv(query: Pick<VisitListQuery, "from" | "to" | "date" | "machine_id">, now: Date = new Date()) {
  const { from, to } = query.date && !query.from && !query.to ? { from: query.date, to: query.date } : reportRange(query, now);
  const inRange = between(visits.visitDate, from, to);
  const where = query.machine_id ? and(inRange, eq(visits.machineId, query.machine_id))! : inRange;
  const rows = iterateSelect(exportSelect().where(where).orderBy(asc(visits.visitedAt), asc(visits.id)));
  return { from, to, stream: csvStream(exportColumns(), rows) };
}

/** What `GET /api/machine/visits` answers for a query (besides the CSV). */
export function visitList(query: VisitListQuery, now: Date = new Date()) {
  if (query.problems === "1") return { items: openProblems() };
  if (query.machine_id) return visitHistory(query.machine_id, query);
  return dailyVisits(query.date ?? workDate(now), query);
}
