import { and, count, eq, inArray, not, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { amphurs, auditLog, districts, employees, provinces } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db, immediate, keptUntilWrite, preparedQuery, type Db } from "~/lib/db.server";
import { rowFullName, TITLE_LABELS } from "~/lib/enums";
import { DomainError } from "~/lib/errors";
import { pageOffset, requireSomeChange, type Page } from "~/lib/validation";
import { encodeImage } from "~/lib/image.server";
import { deleteUploadAt, saveUpload, uploadUrl } from "~/lib/uploads.server";
import { validateAddressSelection } from "~/models/core/address.server";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { endAssignmentsOnResign } from "~/models/machines/assignment.server";
import { recomputeLedger } from "~/models/attendance/ledger.server";
import { getSetting } from "~/models/core/settings.server";
import type { EmployeeCreateInput, EmployeeListQuery, EmployeeStatusFilter, EmployeeUpdateInput, PayBasis } from "./schema";

type Row = typeof employees.$inferSelect;

export type EmployeeDto = {
  id: number;
  code: string;
  title: number;
  title_label: string;
  /** A free prefix (ดร., ว่าที่ ร.ต.) that full_name shows instead of title_label; "" = none. */
  name_prefix: string;
  first_name: string;
  last_name: string;
  full_name: string;
  nickname: string;
  phone: string;
  email: string;
  position: string;
  department: string;
  start_date: string | null;
  resign_date: string | null;
  /** Still on the staff today: no resign date, or one still ahead (see workingOn). */
  working: boolean;
  photo_url: string | null;
  line_linked: boolean;
  face_registered: boolean;
  face_url: string | null;
  address: string;
  province_id: number | null;
  amphur_id: number | null;
  district_id: number | null;
  zipcode: string;
  province_name: string | null;
  amphur_name: string | null;
  district_name: string | null;
  /** How overtime and holiday work are paid: monthly or daily. */
  pay_basis: PayBasis;
  /** The offices (by name) the employee may check in at; null: every office. */
  office_names: string[] | null;
};

const NOT_FOUND = "ไม่พบพนักงาน";

/**
 * The one "working employee" rule, as SQL: on `date` (YYYY-MM-DD, by default workDate()) an
 * employee works unless their resign date has come; on the resign date itself they have left.
 * A resignation recorded ahead of time keeps them in current staff, the CSV, LINE and pushes
 * until that date.
 */
export function workingOn(date: string | Placeholder = workDate()): SQL {
  return sql`(${employees.resignDate} is null or ${employees.resignDate} > ${date})`;
}

/** workingOn as a selected column (true/false). */
export function workingColumn(date: string | Placeholder = workDate()) {
  return sql<boolean>`${workingOn(date)}`.mapWith((v) => v === 1 || v === true);
}

const DUPLICATE_CODE = "รหัสพนักงานนี้มีอยู่แล้ว";

const selectWithPlaces = (d = db(), today: string | Placeholder = workDate()) =>
  d
    .select({
      e: employees,
      working: workingColumn(today),
      provinceName: provinces.nameTh,
      amphurName: amphurs.nameTh,
      districtName: districts.nameTh,
    })
    .from(employees)
    .leftJoin(provinces, eq(provinces.id, employees.provinceId))
    .leftJoin(amphurs, eq(amphurs.id, employees.amphurId))
    .leftJoin(districts, eq(districts.id, employees.districtId));

type JoinedRow = {
  e: Row;
  working: boolean;
  provinceName: string | null;
  amphurName: string | null;
  districtName: string | null;
};

function toDto({ e, working, provinceName, amphurName, districtName }: JoinedRow): EmployeeDto {
  return {
    id: e.id,
    code: e.code,
    title: e.title,
    title_label: TITLE_LABELS[e.title] ?? "",
    name_prefix: e.namePrefix,
    first_name: e.firstName,
    last_name: e.lastName,
    full_name: rowFullName(e),
    nickname: e.nickname,
    phone: e.phone,
    email: e.email,
    position: e.position,
    department: e.department,
    start_date: e.startDate,
    resign_date: e.resignDate,
    working,
    photo_url: e.photoUploadId ? uploadUrl("employees", e.photoUploadId) : null,
    line_linked: e.lineUserId != null,
    face_registered: e.faceDescriptor != null,
    face_url: e.faceUploadId ? uploadUrl("employees", e.faceUploadId) : null,
    address: e.address,
    province_id: e.provinceId,
    amphur_id: e.amphurId,
    district_id: e.districtId,
    zipcode: e.zipcode,
    province_name: provinceName,
    amphur_name: amphurName,
    district_name: districtName,
    pay_basis: e.payBasis,
    office_names: e.officeNames ?? null,
  };
}

const employeeById = preparedQuery((d) =>
  selectWithPlaces(d, sql.placeholder("today")).where(eq(employees.id, sql.placeholder("id"))).prepare(),
);

export function getEmployee(id: number): EmployeeDto | null {
  const row = employeeById().get({ id, today: workDate() });
  return row ? toDto(row) : null;
}

export function requireEmployee(id: number): EmployeeDto {
  const found = getEmployee(id);
  if (!found) throw new DomainError(404, NOT_FOUND);
  return found;
}

const collator = new Intl.Collator("th", { numeric: true, sensitivity: "base" });

function escapeLike(q: string) {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const STATUS_CONDITIONS: Record<EmployeeStatusFilter, () => SQL> = {
  leaving: () => sql`${employees.resignDate} is not null`,
  line_linked: () => sql`${employees.lineUserId} is not null`,
  line_unlinked: () => sql`${employees.lineUserId} is null`,
  face_registered: () => sql`${employees.faceDescriptor} is not null`,
  face_unregistered: () => sql`${employees.faceDescriptor} is null`,
};

/** The list's filter; the CSV export streams the same rows (csv.server.ts). */
export function listConditions(
  status: "active" | "resigned",
  { q, department, status: badge }: Pick<EmployeeListQuery, "q" | "department" | "status">,
) {
  const working = workingOn();
  const conditions: SQL[] = [status === "active" ? working : not(working)];
  if (department) conditions.push(eq(employees.department, department));
  if (badge) conditions.push(STATUS_CONDITIONS[badge]());
  if (q) {
    const text = sql`${employees.searchText} like ${`%${escapeLike(q.toLowerCase())}%`} escape '\\'`;
    const digits = q.replace(/[\s()+-]/g, "");
    conditions.push(/^\d{3,}$/.test(digits) && digits !== q ? or(text, sql`${employees.searchText} like ${`%${digits}%`}`)! : text);
  }
  return and(...conditions)!;
}

/** The departments and positions in use (working or not), in Thai order: the form's pickers and the list's filter. Kept until a write. */
export function employeeChoices(): { departments: string[]; positions: string[] } {
  return keptUntilWrite("employee choices", "", readEmployeeChoices);
}

function readEmployeeChoices(): { departments: string[]; positions: string[] } {
  const distinct = (column: typeof employees.department | typeof employees.position) =>
    db()
      .selectDistinct({ v: column })
      .from(employees)
      .where(sql`${column} <> ''`)
      .all()
      .map((r) => r.v)
      .sort(collator.compare);
  return { departments: distinct(employees.department), positions: distinct(employees.position) };
}

// Codes and ISO dates sort correctly byte by byte, so SQLite pages them; Thai text does not.
const SQL_SORTS = {
  code: sql`${employees.code} collate nocase`,
  start_date: employees.startDate,
  resign_date: employees.resignDate,
} as const;

const THAI_SORTS = {
  name: (e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}`,
  position: (e: { position: string }) => e.position,
} as const;

/**
 * Active (working today, see workingOn) or resigned employees, searched by code, name prefix,
 * Thai names, nickname or phone, then sorted and paged. Name and position sort in Thai collation order
 * (SQLite's binary order puts เ แ โ ใ ไ words in the wrong place): those sort light rows in
 * memory, then load one page.
 */
export function listEmployees(
  status: "active" | "resigned",
  query: EmployeeListQuery,
): Page<EmployeeDto> {
  const where = listConditions(status, query);
  const offset = pageOffset(query);
  const order = sqlListOrder(query);
  let items: EmployeeDto[];
  let total: number;
  if (order) {
    total = db().select({ n: count() }).from(employees).where(where).get()?.n ?? 0;
    items = selectWithPlaces().where(where).orderBy(...order).limit(query.page_size).offset(offset).all().map(toDto);
  } else {
    const sorted = thaiSortedIds(where, query);
    total = sorted.length;
    const ids = sorted.slice(offset, offset + query.page_size);
    const byId = new Map(ids.length ? selectWithPlaces().where(inArray(employees.id, ids)).all().map((r) => [r.e.id, toDto(r)]) : []);
    items = ids.map((id) => byId.get(id)!);
  }
  return { items, total, page: query.page, page_size: query.page_size };
}

/** ORDER BY for the sorts SQLite can do, or null for the Thai-collated ones (thaiSortedIds). */
export function sqlListOrder(query: Pick<EmployeeListQuery, "sort" | "order">): SQL[] | null {
  if (!(query.sort in SQL_SORTS)) return null;
  const column = SQL_SORTS[query.sort as keyof typeof SQL_SORTS];
  return [query.order === "desc" ? sql`${column} desc` : sql`${column}`, sql`${employees.id}`];
}

/** Every matching id in Thai collation order, sorted in memory from light rows. */
export function thaiSortedIds(where: SQL, query: Pick<EmployeeListQuery, "sort" | "order">): number[] {
  const key = THAI_SORTS[query.sort as keyof typeof THAI_SORTS] ?? THAI_SORTS.name;
  const desc = query.order === "desc";
  const light = db()
    .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName, position: employees.position })
    .from(employees)
    .where(where)
    .all();
  light.sort((a, b) => (desc ? -1 : 1) * collator.compare(key(a), key(b)) || a.id - b.id);
  return light.map((r) => r.id);
}

function assertAddress(input: {
  province_id?: number | null;
  amphur_id?: number | null;
  district_id?: number | null;
  zipcode?: string;
}) {
  const result = validateAddressSelection({
    province_id: input.province_id ?? null,
    amphur_id: input.amphur_id ?? null,
    district_id: input.district_id ?? null,
    zipcode: input.zipcode ?? "",
  });
  if (!result.ok) throw new DomainError(400, "ที่อยู่ไม่ถูกต้อง", result.fields);
  return result.zipcode ?? input.zipcode ?? "";
}

function codeTaken(code: string, exceptId?: number) {
  const row = db()
    .select({ id: employees.id })
    .from(employees)
    .where(eq(sql`lower(${employees.code})`, code.toLowerCase()))
    .get();
  return row != null && row.id !== exceptId;
}

function toColumns(input: EmployeeUpdateInput) {
  const columns: Partial<typeof employees.$inferInsert> = {};
  if (input.code !== undefined) columns.code = input.code;
  if (input.title !== undefined) columns.title = input.title;
  if (input.name_prefix !== undefined) columns.namePrefix = input.name_prefix;
  if (input.first_name !== undefined) columns.firstName = input.first_name;
  if (input.last_name !== undefined) columns.lastName = input.last_name;
  if (input.nickname !== undefined) columns.nickname = input.nickname;
  if (input.phone !== undefined) columns.phone = input.phone;
  if (input.email !== undefined) columns.email = input.email;
  if (input.position !== undefined) columns.position = input.position;
  if (input.department !== undefined) columns.department = input.department;
  if (input.start_date !== undefined) columns.startDate = input.start_date;
  if (input.address !== undefined) columns.address = input.address;
  if (input.pay_basis !== undefined) columns.payBasis = input.pay_basis;
  if (input.office_names !== undefined) columns.officeNames = input.office_names;
  return columns;
}

/** The names of the offices in the settings: what an employee may be limited to. */
export const officeChoices = (): string[] => getSetting("offices").map((o) => o.name);

const unknownOffice = (name: string) => `ไม่พบสำนักงาน "${name}" ในการตั้งค่า (ลงเวลาเข้า-ออก > ตั้งค่า)`;

/** An employee may only be limited to offices the settings hold. */
function assertOffices(names: readonly string[] | null | undefined) {
  if (!names) return;
  const known = new Set(officeChoices());
  const missing = names.find((n) => !known.has(n));
  if (missing !== undefined) throw new DomainError(400, unknownOffice(missing), { office_names: unknownOffice(missing) });
}

/** A new employee's row from checked input and the zipcode its address check settled (create, import). */
export function employeeColumns(input: EmployeeCreateInput, zipcode: string): typeof employees.$inferInsert {
  return {
    ...(toColumns(input) as typeof employees.$inferInsert),
    provinceId: input.province_id ?? null,
    amphurId: input.amphur_id ?? null,
    districtId: input.district_id ?? null,
    zipcode,
  };
}

/** How long a create that repeats one exactly (a double click, a resend) counts as the same create. */
export const REPEAT_CREATE_WINDOW_MS = 5 * 60_000;

/**
 * The employee this create repeats: same code, every submitted field equal to what is stored,
 * created by the same actor within {@link REPEAT_CREATE_WINDOW_MS}, not resigned since.
 */
function repeatedCreate(values: typeof employees.$inferInsert, actor: Actor, now: number): number | null {
  const row = db()
    .select()
    .from(employees)
    .where(eq(sql`lower(${employees.code})`, values.code.toLowerCase()))
    .get();
  if (!row || row.resignDate != null || now - row.createdAt.getTime() > REPEAT_CREATE_WINDOW_MS) return null;
  const same =
    row.code === values.code &&
    row.title === values.title &&
    row.namePrefix === (values.namePrefix ?? "") &&
    row.firstName === values.firstName &&
    row.lastName === values.lastName &&
    row.nickname === (values.nickname ?? "") &&
    row.phone === (values.phone ?? "") &&
    row.email === (values.email ?? "") &&
    row.position === (values.position ?? "") &&
    row.department === (values.department ?? "") &&
    row.startDate === (values.startDate ?? null) &&
    row.address === (values.address ?? "") &&
    row.provinceId === values.provinceId &&
    row.amphurId === values.amphurId &&
    row.districtId === values.districtId &&
    row.zipcode === values.zipcode &&
    row.payBasis === (values.payBasis ?? "monthly") &&
    JSON.stringify(row.officeNames ?? null) === JSON.stringify(values.officeNames ?? null);
  if (!same) return null;
  const created = db()
    .select({ actorType: auditLog.actorType, actorId: auditLog.actorId })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "employee"), eq(auditLog.entityId, String(row.id)), eq(auditLog.action, "create")))
    .get();
  const byActor = created != null && created.actorType === actor.type && created.actorId === (actor.id ?? null);
  return byActor ? row.id : null;
}

const FAR_PAST = "0001-01-01";
const FAR_FUTURE = "9999-12-31";

/**
 * New employees' rows on the ledger's dates filled already (from their start date, never before
 * attendance_start: the ledger decides), inside the transaction that added them (ADR 043).
 */
export function ledgerForNewEmployees(tx: Db, employeeIds: readonly number[]) {
  if (employeeIds.length > 0) recomputeLedger(tx, { from: FAR_PAST, to: FAR_FUTURE }, { employeeIds });
}

/**
 * Recomputes an employee's ledger rows between a start or resign date's old and new values (an
 * open start is the far past, an open resignation none at all): the rows before the start or
 * from the resignation go, the others come. Inside the change's transaction (ADR 043).
 */
function ledgerForMovedDate(tx: Db, employeeId: number, edge: "start" | "resign", before: string | null, after: string | null) {
  if (before === after) return;
  const open = edge === "start" ? FAR_PAST : FAR_FUTURE;
  const [from, to] = [before ?? open, after ?? open].sort();
  recomputeLedger(tx, { from, to }, { employeeIds: [employeeId] });
}

/**
 * Adds an employee. A code already in use is a 409, except for an exact repeat of a recent
 * create by the same admin (a double click): that answers with the employee it created.
 */
export function createEmployee(input: EmployeeCreateInput, actor: Actor, now = Date.now()): EmployeeDto {
  const values = employeeColumns(input, assertAddress(input));
  const id = immediate((tx) => {
    assertOffices(input.office_names);
    if (codeTaken(input.code)) {
      const repeated = repeatedCreate(values, actor, now);
      if (repeated != null) return repeated;
      throw new DomainError(409, DUPLICATE_CODE, { code: DUPLICATE_CODE });
    }
    const row = tx
      .insert(employees)
      .values(values)
      .returning({ id: employees.id })
      .get();
    recordAudit({ actor, action: "create", entity: "employee", entityId: row.id, changes: input });
    ledgerForNewEmployees(tx, [row.id]);
    return row.id;
  });
  return requireEmployee(id);
}

const AUDITED_FIELDS = [
  "code", "title", "name_prefix", "first_name", "last_name", "nickname", "phone", "email", "position",
  "department", "start_date", "address", "province_id", "amphur_id", "district_id", "zipcode", "pay_basis", "office_names",
] as const;

export function updateEmployee(id: number, input: EmployeeUpdateInput, actor: Actor): EmployeeDto {
  const before = requireEmployee(id);
  requireSomeChange(input);
  const addressTouched = (["province_id", "amphur_id", "district_id", "zipcode"] as const).some(
    (k) => input[k] !== undefined,
  );
  const merged = {
    province_id: input.province_id !== undefined ? input.province_id : before.province_id,
    amphur_id: input.amphur_id !== undefined ? input.amphur_id : before.amphur_id,
    district_id: input.district_id !== undefined ? input.district_id : before.district_id,
    zipcode: input.zipcode ?? before.zipcode,
  };
  const zipcode = addressTouched ? assertAddress(merged) : before.zipcode;
  immediate((tx) => {
    assertOffices(input.office_names);
    if (input.code !== undefined && codeTaken(input.code, id)) {
      throw new DomainError(409, DUPLICATE_CODE, { code: DUPLICATE_CODE });
    }
    const stored = tx.select({ startDate: employees.startDate }).from(employees).where(eq(employees.id, id)).get();
    tx.update(employees)
      .set({
        ...toColumns(input),
        ...(addressTouched
          ? { provinceId: merged.province_id, amphurId: merged.amphur_id, districtId: merged.district_id, zipcode }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(employees.id, id))
      .run();
    if (stored && input.start_date !== undefined) ledgerForMovedDate(tx, id, "start", stored.startDate, input.start_date);
  });
  const after = requireEmployee(id);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of AUDITED_FIELDS) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) changes[field] = { from: before[field], to: after[field] };
  }
  if (Object.keys(changes).length > 0) {
    recordAudit({ actor, action: "update", entity: "employee", entityId: id, changes });
  }
  return after;
}

/**
 * Records a resignation on `resignDate` (past, today or ahead). A resignation still ahead may be
 * moved to another date; one that has come cannot (reinstate first). The employee's machine
 * assignments end now (so the admin reassigns the machines); reinstating does not restore them.
 */
export function resignEmployee(id: number, resignDate: string, actor: Actor): EmployeeDto {
  immediate((tx) => {
    const current = requireEmployee(id);
    if (!current.working) throw new DomainError(409, "พนักงานคนนี้ลาออกแล้ว");
    if (current.start_date && resignDate < current.start_date) {
      throw new DomainError(400, "วันที่ลาออกต้องไม่ก่อนวันเริ่มงาน", {
        resign_date: "วันที่ลาออกต้องไม่ก่อนวันเริ่มงาน",
      });
    }
    tx.update(employees).set({ resignDate, updatedAt: new Date() }).where(eq(employees.id, id)).run();
    endAssignmentsOnResign(tx, id, actor);
    ledgerForMovedDate(tx, id, "resign", current.resign_date, resignDate);
    const changes = current.resign_date ? { resign_date: { from: current.resign_date, to: resignDate } } : { resign_date: resignDate };
    recordAudit({ actor, action: "resign", entity: "employee", entityId: id, changes });
  });
  return requireEmployee(id);
}

/** Clears the resign date: brings a resigned employee back, or cancels a resignation still ahead. */
export function reinstateEmployee(id: number, actor: Actor): EmployeeDto {
  immediate((tx) => {
    const current = requireEmployee(id);
    if (!current.resign_date) throw new DomainError(409, "พนักงานคนนี้ยังทำงานอยู่");
    tx.update(employees).set({ resignDate: null, updatedAt: new Date() }).where(eq(employees.id, id)).run();
    ledgerForMovedDate(tx, id, "resign", current.resign_date, null);
    recordAudit({
      actor,
      action: "reinstate",
      entity: "employee",
      entityId: id,
      changes: { resign_date: { from: current.resign_date, to: null } },
    });
  });
  return requireEmployee(id);
}

/**
 * Re-encodes the photo, then stores it, points the employee at it and deletes the previous one
 * in one transaction: a refused write leaves neither a new picture nor a lost old one.
 */
export async function setEmployeePhoto(id: number, bytes: Uint8Array, actor: Actor) {
  requireEmployee(id);
  const encoded = await encodeImage(bytes);
  return immediate((tx) => {
    const before = requireEmployee(id);
    const stored = saveUpload(tx, encoded, "employees", id);
    tx.update(employees)
      .set({ photoUploadId: stored.id, updatedAt: new Date() })
      .where(eq(employees.id, id))
      .run();
    deleteUploadAt(before.photo_url, tx);
    recordAudit({
      actor,
      action: "photo",
      entity: "employee",
      entityId: id,
      changes: { photo_url: { from: before.photo_url, to: stored.url } },
    });
    return { photo_url: stored.url };
  });
}
