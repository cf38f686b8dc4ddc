import { toCsv, type CsvColumn } from "~/lib/csv.server";
import { formatThaiDate } from "~/lib/thai-date";
import type { EmployeeListQuery } from "./employee-schema";
import { listEmployees, type EmployeeDto } from "./employee.server";

const thaiDate = (d: string | null) => (d ? formatThaiDate(d) : "");

const COLUMNS: CsvColumn<EmployeeDto>[] = [
  { label: "รหัสพนักงาน", value: (e) => e.code },
  { label: "คำนำหน้า", value: (e) => e.title_label },
  { label: "ชื่อ", value: (e) => e.first_name },
  { label: "นามสกุล", value: (e) => e.last_name },
  { label: "ชื่อเล่น", value: (e) => e.nickname },
  { label: "ตำแหน่ง", value: (e) => e.position },
  { label: "แผนก", value: (e) => e.department },
  { label: "เบอร์โทรศัพท์", value: (e) => e.phone },
  { label: "อีเมล", value: (e) => e.email },
  { label: "วันเริ่มงาน", value: (e) => thaiDate(e.start_date) },
  { label: "วันที่ลาออก", value: (e) => thaiDate(e.resign_date) },
  { label: "ที่อยู่", value: (e) => e.address },
  { label: "ตำบล/แขวง", value: (e) => e.district_name },
  { label: "อำเภอ/เขต", value: (e) => e.amphur_name },
  { label: "จังหวัด", value: (e) => e.province_name },
  { label: "รหัสไปรษณีย์", value: (e) => e.zipcode },
  { label: "เชื่อม LINE", value: (e) => (e.line_linked ? "เชื่อมแล้ว" : "ยังไม่เชื่อม") },
  { label: "ลงทะเบียนใบหน้า", value: (e) => (e.face_registered ? "ลงทะเบียนแล้ว" : "ยังไม่ลงทะเบียน") },
];

/** Every employee matching the list's filter (not just one page), as an Excel-friendly CSV. */
export function employeesCsv(status: "active" | "resigned", query: EmployeeListQuery) {
  const { items } = listEmployees(status, { ...query, page: 1, page_size: Number.MAX_SAFE_INTEGER });
  return toCsv(COLUMNS, items);
}
