// Cabinets (vending machines): the registry, its list filters and the machine DTO (DESIGN.md §8).
import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { employees, machineAssignments, machines, machineVisits } from "../../../db/schema";
import { appTimeZoneFromEnv, workDate } from "~/lib/business-day.server";
import { db, immediate, sqliteCode } from "~/lib/db.server";
import { MACHINE_TYPE_LABELS, rowFullName } from "~/lib/enums";
import { mapLink } from "~/lib/geo";
import { DomainError } from "~/lib/errors";
import { encodeImage, type EncodedImage } from "~/lib/image.server";
import { addDays } from "~/lib/iso-day";
import { businessDate, zonedTime } from "~/lib/thai-date";
import { deleteUploadAt, saveUpload, uploadUrl } from "~/lib/uploads.server";
import { pageOffset, requireSomeChange, type Page } from "~/lib/validation";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { DEFAULT_MACHINE_RADIUS_M, isOverdue, isProblemStatus, machineDueDate, requiresPresence, type MachineVisitStatus } from "./rules";
import type { MachineCreateInput, MachineListQuery, MachineUpdateInput } from "./schema";

export type MachineAssigneeDto = { employee_id: number; code: string; full_name: string };

export type MachineDto = {
  id: number;
  code: string;
  name: string;
  type: number;
  type_label: string;
  lat: number | null;
  lng: number | null;
  radius_m: number;
  address: string;
  photo_url: string | null;
  visit_every_days: number | null;
  note: string;
  active: boolean;
  assigned: MachineAssigneeDto[];
  last_visit: { id: number; visited_at: string; visit_date: string; status: MachineVisitStatus; employee_name: string } | null;
  /** The date it must be visited by (null: no schedule). */
  due_date: string | null;
  /** Active, scheduled and past its due date (today is the server's work date). */
  overdue: boolean;
  /** The newest report says out of stock or broken. */
  open_problem: boolean;
  /** Google Maps at the machine's location, when it has one. */
  map_url: string | null;
  created_at: string;
  updated_at: string;
};

export const MACHINE_MESSAGES = {
  notFound: "ไม่พบตู้",
  duplicateCode: "รหัสตู้นี้มีอยู่แล้ว",
  invalid: "ข้อมูลตู้ไม่ถูกต้อง",
  locationPair: "กรุณากรอกทั้งละติจูดและลองจิจูด หรือเว้นว่างทั้งคู่",
  locationRequired: "ตู้ประเภทผูกกับตู้ต้องมีตำแหน่ง (ละติจูดและลองจิจูด)",
} as const;

const visitor = alias(employees, "visitor");

const selectMachines = () =>
  db()
    .select({
      m: machines,
      visit: {
        id: machineVisits.id,
        visitedAt: machineVisits.visitedAt,
        visitDate: machineVisits.visitDate,
        status: machineVisits.status,
      },
      visitor: { title: visitor.title, namePrefix: visitor.namePrefix, firstName: visitor.firstName, lastName: visitor.lastName },
    })
    .from(machines)
    .leftJoin(machineVisits, eq(machineVisits.id, machines.lastVisitId))
    .leftJoin(visitor, eq(visitor.id, machineVisits.employeeId));

type JoinedRow = Awaited<ReturnType<ReturnType<typeof selectMachines>["all"]>>[number];


/** The business date (APP_TIMEZONE) a machine was registered on: its schedule counts from there until the first visit. */
export const registeredDate = (createdAt: Date) => businessDate(createdAt, appTimeZoneFromEnv());

function toDto(row: JoinedRow, assigned: MachineAssigneeDto[], today: string): MachineDto {
  const { m, visit } = row;
  const lastVisit =
    visit && visit.id != null && row.visitor
      ? {
          id: visit.id,
          visited_at: visit.visitedAt.toISOString(),
          visit_date: visit.visitDate,
          status: visit.status,
          employee_name: rowFullName(row.visitor),
        }
      : null;
  const dueDate = machineDueDate({
    visitEveryDays: m.visitEveryDays,
    lastVisitDate: lastVisit?.visit_date ?? null,
    sinceDate: registeredDate(m.createdAt),
  });
  return {
    id: m.id,
    code: m.code,
    name: m.name,
    type: m.type,
    type_label: MACHINE_TYPE_LABELS[m.type] ?? "",
    lat: m.lat,
    lng: m.lng,
    radius_m: m.radiusM,
    address: m.address,
    photo_url: m.photoUploadId ? uploadUrl("machines", m.photoUploadId) : null,
    visit_every_days: m.visitEveryDays,
    note: m.note,
    active: m.active,
    assigned,
    last_visit: lastVisit,
    due_date: dueDate,
    overdue: m.active && isOverdue(dueDate, today),
    open_problem: isProblemStatus(lastVisit?.status),
    map_url: mapLink(m.lat, m.lng),
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}

/** Who looks after each machine now (open assignments), by name order of code. */
export function assigneesOf(machineIds: number[]): Map<number, MachineAssigneeDto[]> {
  const out = new Map<number, MachineAssigneeDto[]>(machineIds.map((id) => [id, []]));
  if (machineIds.length === 0) return out;
  const rows = db()
    .select({
      machineId: machineAssignments.machineId,
      employeeId: employees.id,
      code: employees.code,
      title: employees.title,
      namePrefix: employees.namePrefix,
      firstName: employees.firstName,
      lastName: employees.lastName,
    })
    .from(machineAssignments)
    .innerJoin(employees, eq(employees.id, machineAssignments.employeeId))
    .where(and(inArray(machineAssignments.machineId, machineIds), isNull(machineAssignments.endedAt)))
    .orderBy(sql`${employees.code} collate nocase`, asc(employees.id))
    .all();
  for (const r of rows) {
    out.get(r.machineId)?.push({ employee_id: r.employeeId, code: r.code, full_name: rowFullName(r) });
  }
  return out;
}

function toDtos(rows: JoinedRow[]): MachineDto[] {
  const today = workDate();
  const assigned = assigneesOf(rows.map((r) => r.m.id));
  return rows.map((r) => toDto(r, assigned.get(r.m.id) ?? [], today));
}

export function getMachine(id: number): MachineDto | null {
  const row = selectMachines().where(eq(machines.id, id)).get();
  return row ? toDtos([row])[0] : null;
}

export function requireMachine(id: number): MachineDto {
  const found = getMachine(id);
  if (!found) throw new DomainError(404, MACHINE_MESSAGES.notFound);
  return found;
}

function escapeLike(q: string) {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Overdue as SQL, the same rule as machineDueDate + isOverdue: due = (last visit's date, or the
 * registration's business date) + visit_every_days, overdue once today is past it. Since
 * `date + n < today` ⇔ `date < today − n`, each schedule length in use gets its cut-off date, and
 * for never-visited machines the instant that date starts in APP_TIMEZONE (created_at is epoch ms),
 * so no date arithmetic on created_at happens in SQL. The query must join machine_visits on
 * machines.last_visit_id (as listMachines does).
 */
export function overdueCondition(today: string = workDate()): SQL {
  const lengths = db()
    .selectDistinct({ n: machines.visitEveryDays })
    .from(machines)
    .where(isNotNull(machines.visitEveryDays))
    .all()
    .map((r) => r.n)
    .filter((n): n is number => n != null);
  if (lengths.length === 0) return sql`0`;
  const tz = appTimeZoneFromEnv();
  const terms = lengths.map((n) => {
    const cut = addDays(today, -n);
    const cutMs = zonedTime(cut, "00:00", tz).getTime();
    return sql`(${machines.visitEveryDays} = ${n} and (case when ${machineVisits.visitDate} is not null then ${machineVisits.visitDate} < ${cut} else ${machines.createdAt} < ${cutMs} end))`;
  });
  return and(eq(machines.active, true), or(...terms))!;
}

const openAssignment = (employeeId?: number) =>
  sql`exists (select 1 from ${machineAssignments} where ${machineAssignments.machineId} = ${machines.id} and ${machineAssignments.endedAt} is null${
    employeeId !== undefined ? sql` and ${machineAssignments.employeeId} = ${employeeId}` : sql``
  })`;

export function listConditions(query: Omit<MachineListQuery, "page" | "page_size">): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.active === "1") conditions.push(eq(machines.active, true));
  if (query.active === "0") conditions.push(eq(machines.active, false));
  if (query.q) {
    const like = `%${escapeLike(query.q.toLowerCase())}%`;
    conditions.push(
      sql`(lower(${machines.code}) like ${like} escape '\\' or lower(${machines.name}) like ${like} escape '\\' or lower(${machines.address}) like ${like} escape '\\')`,
    );
  }
  if (query.type !== undefined) conditions.push(eq(machines.type, query.type));
  if (query.employee_id !== undefined) conditions.push(openAssignment(query.employee_id));
  if (query.unassigned) conditions.push(sql`not ${openAssignment()}`);
  if (query.overdue) conditions.push(overdueCondition());
  return conditions.length ? and(...conditions) : undefined;
}

/** Machines by code, searched (code, name, address) and filtered, one page at a time. */
export function listMachines(query: MachineListQuery): Page<MachineDto> {
  const where = listConditions(query);
  const total =
    db()
      .select({ n: count() })
      .from(machines)
      .leftJoin(machineVisits, eq(machineVisits.id, machines.lastVisitId))
      .where(where)
      .get()?.n ?? 0;
  const rows = selectMachines()
    .where(where)
    .orderBy(sql`${machines.code} collate nocase`, asc(machines.id))
    .limit(query.page_size)
    .offset(pageOffset(query))
    .all();
  return { items: toDtos(rows), total, page: query.page, page_size: query.page_size };
}

function codeTaken(code: string, exceptId?: number) {
  const row = db()
    .select({ id: machines.id })
    .from(machines)
    .where(eq(sql`lower(${machines.code})`, code.toLowerCase()))
    .get();
  return row != null && row.id !== exceptId;
}

const duplicate = () => new DomainError(409, MACHINE_MESSAGES.duplicateCode, { code: MACHINE_MESSAGES.duplicateCode });

/** The unique index on lower(code) is the last word: a duplicate it catches is the same 409. */
function withUniqueCode<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (sqliteCode(error) === "SQLITE_CONSTRAINT_UNIQUE") throw duplicate();
    throw error;
  }
}

/** Location rules on the values the machine will have: lat and lng together, and required for type 2. */
function assertLocation(values: { type: number; lat: number | null; lng: number | null }) {
  if ((values.lat == null) !== (values.lng == null)) {
    const field = values.lat == null ? "lat" : "lng";
    throw new DomainError(400, MACHINE_MESSAGES.locationPair, { [field]: MACHINE_MESSAGES.locationPair });
  }
  if (requiresPresence(values.type) && values.lat == null) {
    throw new DomainError(400, MACHINE_MESSAGES.locationRequired, {
      lat: MACHINE_MESSAGES.locationRequired,
      lng: MACHINE_MESSAGES.locationRequired,
    });
  }
}

const encodePhoto = (photo: Uint8Array | null): Promise<EncodedImage | null> =>
  photo ? encodeImage(photo) : Promise.resolve(null);

/**
 * Registers a machine. Input is checked first (400), then the photo is re-encoded (400 for a
 * non-image), then the code, the row and the picture are written in one transaction (409 for a
 * code in use, whatever its case).
 */
export async function createMachine(input: MachineCreateInput, photo: Uint8Array | null, actor: Actor): Promise<MachineDto> {
  const location = { type: input.type, lat: input.lat ?? null, lng: input.lng ?? null };
  assertLocation(location);
  const encoded = await encodePhoto(photo);
  const id = withUniqueCode(() =>
    immediate((tx) => {
      if (codeTaken(input.code)) throw duplicate();
      const stored = encoded ? saveUpload(tx, encoded, "machines", null) : null;
      const row = tx
        .insert(machines)
        .values({
          code: input.code,
          name: input.name,
          type: input.type,
          lat: location.lat,
          lng: location.lng,
          radiusM: input.radius_m ?? DEFAULT_MACHINE_RADIUS_M,
          address: input.address ?? "",
          photoUploadId: stored?.id ?? null,
          visitEveryDays: input.visit_every_days ?? null,
          note: input.note ?? "",
          active: input.active ?? true,
        })
        .returning({ id: machines.id })
        .get();
      recordAudit({ actor, action: "create", entity: "machine", entityId: row.id, changes: { ...input, photo_url: stored?.url ?? null } });
      return row.id;
    }),
  );
  return requireMachine(id);
}

const AUDITED_FIELDS = [
  "code", "name", "type", "lat", "lng", "radius_m", "address", "visit_every_days", "note", "active", "photo_url",
] as const;

function toColumns(input: MachineUpdateInput): Partial<typeof machines.$inferInsert> {
  const columns: Partial<typeof machines.$inferInsert> = {};
  if (input.code !== undefined) columns.code = input.code;
  if (input.name !== undefined) columns.name = input.name;
  if (input.type !== undefined) columns.type = input.type;
  if (input.lat !== undefined) columns.lat = input.lat;
  if (input.lng !== undefined) columns.lng = input.lng;
  if (input.radius_m !== undefined) columns.radiusM = input.radius_m;
  if (input.address !== undefined) columns.address = input.address;
  if (input.visit_every_days !== undefined) columns.visitEveryDays = input.visit_every_days;
  if (input.note !== undefined) columns.note = input.note;
  if (input.active !== undefined) columns.active = input.active;
  return columns;
}

/**
 * Changes any subset of a machine's fields (PATCH), `active` included (deactivate/reactivate),
 * and replaces its photo when one is given. The location rules are checked on the result.
 */
export async function updateMachine(id: number, input: MachineUpdateInput, photo: Uint8Array | null, actor: Actor): Promise<MachineDto> {
  requireMachine(id);
  if (!photo) requireSomeChange(input);
  const encoded = await encodePhoto(photo);
  withUniqueCode(() =>
    immediate((tx) => {
      const before = requireMachine(id);
      assertLocation({
        type: input.type ?? before.type,
        lat: input.lat !== undefined ? input.lat : before.lat,
        lng: input.lng !== undefined ? input.lng : before.lng,
      });
      if (input.code !== undefined && codeTaken(input.code, id)) throw duplicate();
      const stored = encoded ? saveUpload(tx, encoded, "machines", null) : null;
      tx.update(machines)
        .set({ ...toColumns(input), ...(stored ? { photoUploadId: stored.id } : {}), updatedAt: new Date() })
        .where(eq(machines.id, id))
        .run();
      if (stored) deleteUploadAt(before.photo_url, tx);
      const after = requireMachine(id);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const field of AUDITED_FIELDS) {
        if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
      }
      if (Object.keys(changes).length > 0) {
        const action = changes.active && Object.keys(changes).length === 1 ? (after.active ? "reactivate" : "deactivate") : "update";
        recordAudit({ actor, action, entity: "machine", entityId: id, changes });
      }
    }),
  );
  return requireMachine(id);
}
