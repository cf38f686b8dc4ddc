import type { EmployeeStatusFilter } from "./schema";

// The employee domain's Thai wording (client-safe: the list's filters).

export const EMPLOYEE_STATUS_LABELS: Record<EmployeeStatusFilter, string> = {
  leaving: "จะลาออก (แจ้งล่วงหน้า)",
  line_linked: "เชื่อม LINE แล้ว",
  line_unlinked: "ยังไม่เชื่อม LINE",
  face_registered: "ลงทะเบียนใบหน้าแล้ว",
  face_unregistered: "ยังไม่ลงทะเบียนใบหน้า",
};
