import { Button, Group, Image, Modal, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { EmployeeDto } from "~/models/employees/employee.server";

/** The registered face photo, and the reset that makes the employee register again. */
export function FaceModal({
  employee,
  onClose,
  onReset,
}: {
  employee: EmployeeDto | null;
  onClose: () => void;
  onReset: (employee: EmployeeDto) => void;
}) {
  return (
    <Modal opened={employee != null} onClose={onClose} title="ใบหน้าที่ลงทะเบียน">
      {employee ? (
        <Stack>
          {employee.face_url ? (
            <Image src={employee.face_url} alt={`ใบหน้าของ ${employee.full_name}`} radius="md" mah={360} fit="contain" />
          ) : (
            <Text c="dimmed">ยังไม่ได้ลงทะเบียนใบหน้า</Text>
          )}
          <Text fz="sm" c="dimmed">
            ใช้เทียบกับรูปถ่ายตอนลงเวลาเข้า-ออกงาน หากรูปไม่ตรงกับตัวพนักงาน ให้รีเซ็ตแล้วให้พนักงานลงทะเบียนใหม่จากแอปใน LINE
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              ปิด
            </Button>
            {employee.face_registered ? (
              <Button
                color="red"
                onClick={() =>
                  modals.openConfirmModal({
                    title: "รีเซ็ตใบหน้า",
                    children: <Text fz="sm">ลบใบหน้าที่ลงทะเบียนของ {employee.full_name}? พนักงานต้องลงทะเบียนใหม่ก่อนลงเวลา</Text>,
                    labels: { confirm: "รีเซ็ต", cancel: "ยกเลิก" },
                    confirmProps: { color: "red" },
                    onConfirm: () => onReset(employee),
                  })
                }
              >
                รีเซ็ตใบหน้า
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
