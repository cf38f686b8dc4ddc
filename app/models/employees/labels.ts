import type { EmployeeStatusFilter, PayBasis } from "./schema";

// The employee domain's Thai wording (client-safe: the list's filters, the form).

export const EMPLOYEE_STATUS_LABELS: Record<EmployeeStatusFilter, string> = {
  leaving: "จะลาออก (แจ้งล่วงหน้า)",
  line_linked: "เชื่อม LINE แล้ว",
  line_unlinked: "ยังไม่เชื่อม LINE",
  face_registered: "ลงทะเบียนใบหน้าแล้ว",
  face_unregistered: "ยังไม่ลงทะเบียนใบหน้า",
};

export const PAY_BASIS_LABELS: Record<PayBasis, string> = { monthly: "รายเดือน", daily: "รายวัน" };

/** An employee not limited to some offices (office_names null). */
export const ALL_OFFICES_LABEL = "ทุกสำนักงาน";

/** The offices an employee may check in at, in one line. */
export const officeNamesText = (names: readonly string[] | null) => (names ? names.join(", ") : ALL_OFFICES_LABEL);
