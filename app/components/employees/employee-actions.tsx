import { Menu, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconArrowBackUp, IconEdit, IconFaceId, IconKey, IconLinkOff, IconMessage, IconPhoto, IconUserOff } from "@tabler/icons-react";
import type { EmployeeDto } from "~/models/employees/employee.server";
import { useLineConfigured } from "~/components/line/NeedsLine";

export type EmployeeRowAction = "edit" | "photo" | "resign" | "reinstate" | "issue-code" | "unlink" | "push" | "face" | "reset-face";

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

/** Shown in the push item while LINE is not set up: in the item itself, where a tooltip would not be seen. */
export const PUSH_ITEM_LINE_OFF = "ยังไม่ได้ตั้งค่า LINE ของระบบ";

/**
 * An employee's action menu items, the same on the list's rows and the profile's menu. Messaging
 * needs LINE set up (the admin layout says whether it is): otherwise that item is disabled and says why.
 */
export function EmployeeActionItems({
  resigned,
  lineLinked,
  onAction,
}: {
  resigned: boolean;
  lineLinked: boolean;
  onAction: (kind: EmployeeRowAction) => void;
}) {
  const lineConfigured = useLineConfigured();
  return (
    <>
      <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onAction("edit")}>
        แก้ไขข้อมูล
      </Menu.Item>
      <Menu.Item leftSection={<IconPhoto size={16} />} onClick={() => onAction("photo")}>
        เปลี่ยนรูป
      </Menu.Item>
      <Menu.Item leftSection={<IconFaceId size={16} />} onClick={() => onAction("face")}>
        ใบหน้าที่ลงทะเบียน
      </Menu.Item>
      {!resigned && !lineLinked ? (
        <Menu.Item leftSection={<IconKey size={16} />} onClick={() => onAction("issue-code")}>
          ออกรหัสเชื่อม LINE
        </Menu.Item>
      ) : null}
      {lineLinked ? (
        <>
          <Menu.Item leftSection={<IconMessage size={16} />} onClick={() => onAction("push")} disabled={!lineConfigured}>
            ส่งข้อความ LINE
            {lineConfigured ? null : (
              <Text component="span" display="block" fz="xs" c="dimmed">
                {PUSH_ITEM_LINE_OFF}
              </Text>
            )}
          </Menu.Item>
          <Menu.Item leftSection={<IconLinkOff size={16} />} onClick={() => onAction("unlink")}>
            ยกเลิกการเชื่อม LINE
          </Menu.Item>
        </>
      ) : null}
      {resigned ? (
        <Menu.Item leftSection={<IconArrowBackUp size={16} />} onClick={() => onAction("reinstate")}>
          กลับเข้าทำงาน
        </Menu.Item>
      ) : (
        <Menu.Item color="red" leftSection={<IconUserOff size={16} />} onClick={() => onAction("resign")}>
          บันทึกการลาออก
        </Menu.Item>
      )}
    </>
  );
}
