import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { EmployeeDto } from "~/models/employees/employee.server";
import type { EmployeeRowAction } from "./EmployeeTable";

/** The employee list's page action: its intents serve the list and the profile alike. */
export const EMPLOYEE_ACTIONS_ROUTE = "/admin/employee";

/** The actions that run after a confirmation (rather than in a dialog of their own). */
export const ACTION_CONFIRMS: Partial<Record<EmployeeRowAction, { title: string; body: string; danger?: boolean }>> = {
  reinstate: { title: "นำพนักงานกลับเข้าทำงาน", body: "กลับมาอยู่ในรายชื่อพนักงานปัจจุบัน" },
  unlink: { title: "ยกเลิกการเชื่อม LINE", body: "ต้องใช้รหัสใหม่เพื่อเชื่อมบัญชี LINE อีกครั้ง", danger: true },
  "issue-code": { title: "ออกรหัสเชื่อม LINE", body: "รหัสเดิมที่ยังไม่ได้ใช้จะใช้ไม่ได้อีก" },
};

/** Asks before an action of ACTION_CONFIRMS and runs it on yes; false when `kind` needs no confirmation. */
export function confirmEmployeeAction(kind: EmployeeRowAction, employee: Pick<EmployeeDto, "full_name" | "code">, onConfirm: () => void) {
  const confirm = ACTION_CONFIRMS[kind];
  if (!confirm) return false;
  modals.openConfirmModal({
    title: confirm.title,
    children: (
      <Text fz="sm">
        {employee.full_name} ({employee.code}): {confirm.body}
      </Text>
    ),
    labels: { confirm: "ยืนยัน", cancel: "ยกเลิก" },
    confirmProps: confirm.danger ? { color: "red" } : undefined,
    onConfirm,
  });
  return true;
}
