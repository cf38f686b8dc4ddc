// Employees from a CSV in the export's own format (docs/decisions/024-employee-import.md).
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { amphurs, districts, employees, provinces } from "../../../db/schema";
import { readCell } from "~/lib/csv.server";
import { db, immediate } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { fieldErrors } from "~/lib/validation";
import { validateAddressSelection, type AddressPlaces } from "~/models/core/address.server";
import { recordAudit, type Actor } from "~/models/audit/audit.server";
import { CSV_LABELS } from "./csv.server";
import {
  IMPORT_MESSAGES,
  MAX_IMPORT_ROWS,
  type ImportMode,
  type ImportProblem,
  type ImportReport,
} from "./import-schema";
import { EmployeeCreateSchema, titleOfWord, type EmployeeCreateInput } from "./schema";
import { employeeColumns, ledgerForNewEmployees } from "./employee.server";

type Key = keyof typeof CSV_LABELS;
const REQUIRED_COLUMNS: Key[] = ["code", "title", "first_name", "last_name"];

const MONTHS_SHORT = ["ม.ค.", "ก.พ.", "มี.ค.", "เม.ย.", "พ.ค.", "มิ.ย.", "ก.ค.", "ส.ค.", "ก.ย.", "ต.ค.", "พ.ย.", "ธ.ค."];
const MONTHS_LONG = [
  "มกราคม", "กุมภาพันธ์", "มีนาคม", "เมษายน", "พฤษภาคม", "มิถุนายน",
  "กรกฎาคม", "สิงหาคม", "กันยายน", "ตุลาคม", "พฤศจิกายน", "ธันวาคม",
];
const MONTH_BY_NAME = new Map<string, number>([
  ...MONTHS_SHORT.map((m, i) => [m, i + 1] as const),
  ...MONTHS_SHORT.map((m, i) => [m.replaceAll(".", ""), i + 1] as const),
  ...MONTHS_LONG.map((m, i) => [m, i + 1] as const),
]);

/** A year above this is Buddhist Era (พ.ศ.): 2569 is 2026. */
const BE_FROM = 2400;
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A date cell as the export writes it or a spreadsheet saves it again: `2026-03-09`,
 * `9 มี.ค. 2569` (or the month in full), `9/3/2569` or `09/03/2026` (day first, as in Thailand).
 * Years above 2400 are BE. Returns YYYY-MM-DD for the schema to check, or null when unreadable.
 */
export function importDate(text: string): string | null {
  const t = text.trim().replace(/\s+/g, " ");
  let y: number, m: number, d: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t))) [y, m, d] = [+match[1], +match[2], +match[3]];
  else if ((match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t))) [d, m, y] = [+match[1], +match[2], +match[3]];
  else if ((match = /^(\d{1,2}) (\S+) (?:พ\.ศ\. ?)?(\d{4})$/.exec(t)) && MONTH_BY_NAME.has(match[2])) {
    [d, m, y] = [+match[1], MONTH_BY_NAME.get(match[2])!, +match[3]];
  } else return null;
  if (y > BE_FROM) y -= 543;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/**
 * The spec's title and the free prefix from the คำนำหน้า and คำนำหน้าอื่น cells (ADR 037): one of
 * the two names the title (นาย, นาง, นางสาว, น.ส. or 1–3), the other may hold a prefix. So the
 * export's layout (นาย | ดร.) reads, and so does an office's sheet with ดร. in คำนำหน้า once นาย
 * is put beside it; ดร. alone has no title, which the spec requires.
 */
export function importTitles(titleCell: string, prefixCell: string): { title?: number; name_prefix: string; error?: string } {
  const [titleText, prefixText] = [titleCell.trim(), prefixCell.trim()];
  const title = titleOfWord(titleText);
  if (title !== undefined) return { title, name_prefix: prefixText };
  if (titleText === "") return { name_prefix: prefixText, error: "กรุณากรอกคำนำหน้า" };
  const besides = titleOfWord(prefixText);
  if (besides !== undefined) return { title: besides, name_prefix: titleText };
  const error = prefixText
    ? `ไม่พบ นาย นาง หรือ นางสาว ในคอลัมน์ “${CSV_LABELS.title}” หรือ “${CSV_LABELS.name_prefix}” (ต้องมีในคอลัมน์ใดคอลัมน์หนึ่ง)`
    : `“${titleText}” ไม่ใช่ นาย นาง หรือ นางสาว: ใส่ นาย/นาง/นางสาว ในคอลัมน์ “${CSV_LABELS.title}” และ “${titleText}” ในคอลัมน์ “${CSV_LABELS.name_prefix}”`;
  return { name_prefix: prefixText || titleText, error };
}

const placeName = (v: string) => v.normalize("NFC").replace(/\s+/g, " ").trim();
const PLACE_PREFIX = /^(?:จังหวัด|จ\.|อำเภอ|อ\.|ตำบล|ต\.)\s*/;

/** Provinces, amphurs and districts loaded once, found by Thai name within their parent. */
function loadPlaces() {
  const provinceRows = db().select({ id: provinces.id, name: provinces.nameTh }).from(provinces).all();
  const amphurRows = db().select({ id: amphurs.id, provinceId: amphurs.provinceId, name: amphurs.nameTh }).from(amphurs).all();
  const districtRows = db()
    .select({ id: districts.id, amphurId: districts.amphurId, name: districts.nameTh, zipcode: districts.zipcode })
    .from(districts)
    .all();
  const provinceByName = new Map(provinceRows.map((p) => [placeName(p.name), p.id]));
  const amphurByName = new Map(amphurRows.map((a) => [`${a.provinceId}|${placeName(a.name)}`, a.id]));
  const districtByName = new Map(districtRows.map((d) => [`${d.amphurId}|${placeName(d.name)}`, d.id]));
  const byId: AddressPlaces = {
    province: ((m) => (id: number) => m.get(id))(new Map(provinceRows.map((p) => [p.id, p]))),
    amphur: ((m) => (id: number) => m.get(id))(new Map(amphurRows.map((a) => [a.id, a]))),
    district: ((m) => (id: number) => m.get(id))(new Map(districtRows.map((d) => [d.id, d]))),
  };
  const find = (names: Map<string, number>, parent: string, name: string) => {
    const clean = placeName(name);
    return names.get(`${parent}${clean}`) ?? names.get(`${parent}${clean.replace(PLACE_PREFIX, "")}`);
  };
  return {
    byId,
    province: (name: string) => find(provinceByName, "", name),
    amphur: (provinceId: number, name: string) => find(amphurByName, `${provinceId}|`, name),
    district: (amphurId: number, name: string) => find(districtByName, `${amphurId}|`, name),
  };
}
type Places = ReturnType<typeof loadPlaces>;

/** Lower-cased codes of every employee (working or not): codes are unique regardless of case. */
function loadCodes(): Set<string> {
  return new Set(db().select({ code: sql<string>`lower(${employees.code})` }).from(employees).all().map((r) => r.code));
}

/** The file's text: UTF-8 with or without a BOM; anything else (Excel's Thai ANSI CSV) is a 400. */
export function decodeImportFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (error) {
    if (error instanceof TypeError) throw new DomainError(400, IMPORT_MESSAGES.notUtf8);
    throw error;
  }
}

type Sheet = { column: Partial<Record<Key, number>>; records: string[][] };

function readSheet(text: string): Sheet {
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    if (error instanceof Error && "code" in error) throw new DomainError(400, `${IMPORT_MESSAGES.unreadable}: ${error.message}`);
    throw error;
  }
  const [header = [], ...body] = rows;
  const position = new Map(header.map((label, i) => [placeName(label), i]));
  const column: Sheet["column"] = {};
  for (const key of Object.keys(CSV_LABELS) as Key[]) {
    const at = position.get(CSV_LABELS[key]);
    if (at !== undefined) column[key] = at;
  }
  const missing = REQUIRED_COLUMNS.filter((k) => column[k] === undefined).map((k) => CSV_LABELS[k]);
  if (missing.length > 0) {
    throw new DomainError(400, `ไม่พบคอลัมน์ ${missing.join(", ")} (ใช้ไฟล์ในรูปแบบเดียวกับที่ส่งออก)`);
  }
  // Excel keeps rows of empty cells after the data.
  const records = body.filter((r) => r.some((cell) => cell.trim() !== ""));
  if (records.length === 0) throw new DomainError(400, IMPORT_MESSAGES.empty);
  if (records.length > MAX_IMPORT_ROWS) throw new DomainError(413, IMPORT_MESSAGES.tooManyRows);
  return { column, records };
}

type CheckedRow =
  | { ok: true; row: number; input: EmployeeCreateInput; resignDate: string | null; zipcode: string }
  | { ok: false; problem: ImportProblem };

/** A date given in the Thai column, the ISO column or both (they must agree). */
function dateOf(cell: (k: Key) => string, thai: Key, iso: Key, label: string, fields: Record<string, string>) {
  const values = [cell(iso), cell(thai)].filter((v) => v !== "");
  if (values.length === 0) return "";
  const parsed = values.map(importDate);
  if (parsed.some((v) => v === null)) {
    fields[thai] = `${label}ไม่ถูกต้อง (ใช้ 2026-03-09 หรือ 9 มี.ค. 2569)`;
    return "";
  }
  if (parsed.length === 2 && parsed[0] !== parsed[1]) {
    fields[thai] = `${label}ในสองคอลัมน์ไม่ตรงกัน`;
    return "";
  }
  return parsed[0]!;
}

function checkRow(record: string[], index: number, sheet: Sheet, places: Places): CheckedRow {
  const row = index + 2;
  const cell = (k: Key) => {
    const at = sheet.column[k];
    return at === undefined ? "" : readCell(record[at] ?? "");
  };
  const fields: Record<string, string> = {};
  const { title, name_prefix: namePrefix, error: titleError } = importTitles(cell("title"), cell("name_prefix"));
  if (titleError) fields.title = titleError;

  let provinceId: number | null = null;
  let amphurId: number | null = null;
  let districtId: number | null = null;
  const [provinceName, amphurName, districtName] = [cell("province"), cell("amphur"), cell("district")].map((v) => v.trim());
  if (provinceName) {
    provinceId = places.province(provinceName) ?? null;
    if (provinceId === null) fields.province_id = `ไม่พบจังหวัด “${provinceName}”`;
  }
  if (amphurName) {
    if (provinceId !== null) {
      amphurId = places.amphur(provinceId, amphurName) ?? null;
      if (amphurId === null) fields.amphur_id = `ไม่พบอำเภอ/เขต “${amphurName}” ในจังหวัด${provinceName}`;
    } else if (!provinceName) fields.province_id = "กรุณากรอกจังหวัด";
  }
  if (districtName) {
    if (amphurId !== null) {
      districtId = places.district(amphurId, districtName) ?? null;
      if (districtId === null) fields.district_id = `ไม่พบตำบล/แขวง “${districtName}” ใน${amphurName}`;
    } else if (!amphurName) fields.amphur_id = "กรุณากรอกอำเภอ/เขต";
  }

  const startDate = dateOf(cell, "start_date", "start_date_iso", "วันเริ่มงาน", fields);
  const resignDate = dateOf(cell, "resign_date", "resign_date_iso", "วันที่ลาออก", fields);

  const parsed = EmployeeCreateSchema.safeParse({
    code: cell("code"),
    title: title ?? 0,
    name_prefix: namePrefix,
    first_name: cell("first_name"),
    last_name: cell("last_name"),
    nickname: cell("nickname"),
    phone: cell("phone"),
    email: cell("email"),
    position: cell("position"),
    department: cell("department"),
    start_date: startDate,
    address: cell("address"),
    province_id: provinceId ?? "",
    amphur_id: amphurId ?? "",
    district_id: districtId ?? "",
    zipcode: cell("zipcode"),
  });
  if (!parsed.success) {
    for (const [field, message] of Object.entries(fieldErrors(parsed.error))) fields[field] ??= message;
  }
  let zipcode = "";
  if (parsed.success) {
    const address = validateAddressSelection(parsed.data, places.byId);
    if (address.ok) zipcode = address.zipcode;
    else for (const [field, message] of Object.entries(address.fields)) fields[field] ??= message;
    if (resignDate && parsed.data.start_date && resignDate < parsed.data.start_date) {
      fields.resign_date ??= "วันที่ลาออกต้องไม่ก่อนวันเริ่มงาน";
    }
  }
  if (!parsed.success || Object.keys(fields).length > 0) {
    const name = `${cell("first_name")} ${cell("last_name")}`.trim();
    return { ok: false, problem: { row, code: cell("code").trim(), name, fields } };
  }
  return { ok: true, row, input: parsed.data, resignDate: resignDate || null, zipcode };
}

/** Every row checked against the schema, the address tables and the codes already taken. */
function checkSheet(sheet: Sheet, takenCodes: Set<string>) {
  const places = loadPlaces();
  const seen = new Map<string, number>();
  const good: Extract<CheckedRow, { ok: true }>[] = [];
  const problems: ImportProblem[] = [];
  sheet.records.forEach((record, index) => {
    const checked = checkRow(record, index, sheet, places);
    const code = checked.ok ? checked.input.code : checked.problem.code;
    const row = checked.ok ? checked.row : checked.problem.row;
    const key = code.toLowerCase();
    let duplicate: string | null = null;
    if (code && takenCodes.has(key)) duplicate = "รหัสพนักงานนี้มีอยู่แล้วในระบบ";
    else if (code && seen.has(key)) duplicate = `รหัสพนักงานซ้ำกับแถวที่ ${seen.get(key)} ในไฟล์`;
    if (code && !seen.has(key)) seen.set(key, row);
    if (checked.ok && !duplicate) return void good.push(checked);
    const problem = checked.ok
      ? { row, code, name: `${checked.input.first_name} ${checked.input.last_name}`, fields: {} }
      : checked.problem;
    if (duplicate) problem.fields.code ??= duplicate;
    problems.push(problem);
  });
  return { good, problems };
}

const INSERT_BATCH = 400;

/**
 * Checks the CSV's rows and, unless `mode` is preview, writes them in one immediate()
 * transaction: every row or none (all_or_nothing), or the good rows (valid_only). Each new
 * employee gets a "create" audit row like createEmployee's, and the import one summary row.
 * Throws a DomainError for a file that cannot be read as the export's format (400/413).
 */
export function importEmployees(text: string, mode: ImportMode, actor: Actor): ImportReport {
  const sheet = readSheet(text);
  const report = (good: number, problems: ImportProblem[], created: number): ImportReport => ({
    mode,
    total: sheet.records.length,
    valid: good,
    invalid: problems.length,
    created,
    problems,
  });
  if (mode === "preview") {
    const { good, problems } = checkSheet(sheet, loadCodes());
    return report(good.length, problems, 0);
  }
  return immediate((tx) => {
    const { good, problems } = checkSheet(sheet, loadCodes());
    if (mode === "all_or_nothing" && problems.length > 0) return report(good.length, problems, 0);
    for (let i = 0; i < good.length; i += INSERT_BATCH) {
      const batch = good.slice(i, i + INSERT_BATCH);
      const ids = tx
        .insert(employees)
        .values(batch.map((r) => ({ ...employeeColumns(r.input, r.zipcode), resignDate: r.resignDate })))
        .returning({ id: employees.id })
        .all();
      ids.forEach(({ id }, j) => {
        const { input, resignDate } = batch[j];
        recordAudit({ actor, action: "create", entity: "employee", entityId: id, changes: resignDate ? { ...input, resign_date: resignDate } : input });
      });
      ledgerForNewEmployees(tx, ids.map(({ id }) => id));
    }
    recordAudit({
      actor,
      action: "import",
      entity: "employee",
      changes: { mode, total: sheet.records.length, created: good.length, skipped: problems.length },
    });
    return report(good.length, problems, good.length);
  });
}
