import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { amphurs, districts, employees, provinces } from "../../../db/schema";
import { csvStream, type CsvColumn } from "~/lib/csv.server";
import { db } from "~/lib/db.server";
import { iterateSelect } from "~/lib/db-reader.server";
import { TITLE_LABELS } from "~/lib/enums";
import { formatThaiDate } from "~/lib/thai-date";
import type { EmployeeListQuery } from "./schema";
import { listConditions, sqlListOrder, thaiSortedIds } from "./employee.server";

const EXPORT_FIELDS = {
  id: employees.id,
  code: employees.code,
  title: employees.title,
  name_prefix: employees.namePrefix,
  first_name: employees.firstName,
  last_name: employees.lastName,
  nickname: employees.nickname,
  position: employees.position,
  department: employees.department,
  phone: employees.phone,
  email: employees.email,
  start_date: employees.startDate,
  resign_date: employees.resignDate,
  address: employees.address,
  district_name: districts.nameTh,
  amphur_name: amphurs.nameTh,
  province_name: provinces.nameTh,
  zipcode: employees.zipcode,
  line_linked: sql<boolean>`${employees.lineUserId} is not null`.mapWith(Boolean),
  face_registered: sql<boolean>`${employees.faceDescriptor} is not null`.mapWith(Boolean),
};

const exportSelect = () =>
  db()
    .select(EXPORT_FIELDS)
    .from(employees)
    .leftJoin(provinces, eq(provinces.id, employees.provinceId))
    .leftJoin(amphurs, eq(amphurs.id, employees.amphurId))
    .leftJoin(districts, eq(districts.id, employees.districtId));

type ExportRow = ReturnType<typeof exportSelect>["_"]["result"][number];

const thaiDate = (d: string | null) => (d ? formatThaiDate(d) : "");

/** The export's column headers; the import reads a file by the same headers (import.server.ts). */
export const CSV_LABELS = {
  code: "รหัสพนักงาน",
  title: "คำนำหน้า",
  first_name: "ชื่อ",
  last_name: "นามสกุล",
  name_prefix: "คำนำหน้าอื่น",
  nickname: "ชื่อเล่น",
  position: "ตำแหน่ง",
  department: "แผนก",
  phone: "เบอร์โทรศัพท์",
  email: "อีเมล",
  start_date: "วันเริ่มงาน",
  start_date_iso: "วันเริ่มงาน (ค.ศ.)",
  resign_date: "วันที่ลาออก",
  resign_date_iso: "วันที่ลาออก (ค.ศ.)",
  address: "ที่อยู่",
  district: "ตำบล/แขวง",
  amphur: "อำเภอ/เขต",
  province: "จังหวัด",
  zipcode: "รหัสไปรษณีย์",
  line_linked: "เชื่อม LINE",
  face_registered: "ลงทะเบียนใบหน้า",
} as const;
const L = CSV_LABELS;

// Each date twice: as Thai readers expect it (BE), and ISO beside it so Excel sorts and computes.
const COLUMNS: CsvColumn<ExportRow>[] = [
  { label: L.code, value: (e) => e.code },
  { label: L.title, value: (e) => TITLE_LABELS[e.title] ?? "" },
  { label: L.first_name, value: (e) => e.first_name },
  { label: L.last_name, value: (e) => e.last_name },
  // After the four required columns, which stay first (ADR 037).
  { label: L.name_prefix, value: (e) => e.name_prefix },
  { label: L.nickname, value: (e) => e.nickname },
  { label: L.position, value: (e) => e.position },
  { label: L.department, value: (e) => e.department },
  { label: L.phone, value: (e) => e.phone },
  { label: L.email, value: (e) => e.email },
  { label: L.start_date, value: (e) => thaiDate(e.start_date) },
  { label: L.start_date_iso, value: (e) => e.start_date },
  { label: L.resign_date, value: (e) => thaiDate(e.resign_date) },
  { label: L.resign_date_iso, value: (e) => e.resign_date },
  { label: L.address, value: (e) => e.address },
  { label: L.district, value: (e) => e.district_name },
  { label: L.amphur, value: (e) => e.amphur_name },
  { label: L.province, value: (e) => e.province_name },
  { label: L.zipcode, value: (e) => e.zipcode },
  { label: L.line_linked, value: (e) => (e.line_linked ? "เชื่อมแล้ว" : "ยังไม่เชื่อม") },
  { label: L.face_registered, value: (e) => (e.face_registered ? "ลงทะเบียนแล้ว" : "ยังไม่ลงทะเบียน") },
];

/** Ids sorted in Thai order are loaded this many full rows at a time. */
const ID_BATCH = 200;

function* rowsByIds(ids: number[]): Generator<ExportRow> {
  for (let i = 0; i < ids.length; i += ID_BATCH) {
    const batch = ids.slice(i, i + ID_BATCH);
    const byId = new Map(exportSelect().where(inArray(employees.id, batch)).all().map((r) => [r.id, r]));
    for (const id of batch) {
      const row = byId.get(id);
      if (row) yield row;
    }
  }
}

/** The list's rows (same filter and order, every page), read lazily. */
export function employeeExportRows(status: "active" | "resigned", query: EmployeeListQuery): Iterable<ExportRow> {
  const where: SQL = listConditions(status, query);
  const order = sqlListOrder(query);
  if (order) return iterateSelect(exportSelect().where(where).orderBy(...order));
  // Thai collation is not SQLite's: the light (id, names) rows are sorted here, full rows follow in batches.
  return {
    *[Symbol.iterator]() {
      yield* rowsByIds(thaiSortedIds(where, query));
    },
  };
}

/** Every employee matching the list's filter (not just one page), as a streamed, Excel-friendly CSV. */
export function employeesCsv(status: "active" | "resigned", query: EmployeeListQuery) {
  return csvStream(COLUMNS, employeeExportRows(status, query));
}
