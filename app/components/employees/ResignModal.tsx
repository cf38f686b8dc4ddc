import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { ThaiDateInput } from "~/components/ThaiDateInput";
import { todayInBangkok } from "~/lib/thai-date";
import type { EmployeeDto } from "~/models/employee.server";
import type { FormFetcher } from "./form-fetcher";

/** The confirmation step before a resignation: the admin picks the date and confirms. */
export function ResignModal({
  employee,
  onClose,
  fetcher,
}: {
  employee: EmployeeDto | null;
  onClose: () => void;
  fetcher: FormFetcher;
}) {
  const fields = fetcher.data && !fetcher.data.ok ? (fetcher.data.fields ?? {}) : {};
  return (
    <Modal opened={employee != null} onClose={onClose} title="บันทึกการลาออก">
      {employee ? (
        <fetcher.Form method="post" noValidate>
          <input type="hidden" name="intent" value="resign" />
          <input type="hidden" name="id" value={employee.id} />
          <Stack>
            <Text>
              ยืนยันให้ <b>{employee.full_name}</b> ({employee.code}) ลาออก?
            </Text>
            <ThaiDateInput name="resign_date" label="วันที่ลาออก" required defaultValue={todayInBangkok()} error={fields.resign_date} />
            {fetcher.data && !fetcher.data.ok && !fields.resign_date ? (
              <Alert color="red">{fetcher.data.error}</Alert>
            ) : null}
            <Text fz="sm" c="dimmed">
              ข้อมูลของพนักงานจะย้ายไปอยู่ในแท็บ "ลาออกแล้ว" และสามารถนำกลับเข้าทำงานได้ภายหลัง
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                ยกเลิก
              </Button>
              <Button color="red" type="submit" loading={fetcher.state !== "idle"}>
                ยืนยันการลาออก
              </Button>
            </Group>
          </Stack>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}
