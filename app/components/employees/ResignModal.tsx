import { Alert, Modal, Stack, Text } from "@mantine/core";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import { ThaiDateInput } from "~/components/ThaiDateInput";
import { businessDate } from "~/lib/thai-date";
import type { EmployeeDto } from "~/models/employees/employee.server";

/** The confirmation step before a resignation: the admin picks the date and confirms. */
export function ResignModal({
  employee,
  onClose,
  fetcher,
  action,
}: {
  employee: EmployeeDto | null;
  onClose: () => void;
  fetcher: DialogFetcher;
  /** The page action to post to, when the dialog is used on another page (the profile posts to the list's). */
  action?: string;
}) {
  const { fields, error, busy, formProps } = useDialogForm(fetcher);
  return (
    <Modal opened={employee != null} onClose={onClose} title="บันทึกการลาออก">
      {employee ? (
        <fetcher.Form method="post" action={action} noValidate {...formProps}>
          <input type="hidden" name="intent" value="resign" />
          <input type="hidden" name="id" value={employee.id} />
          <Stack>
            <Text>
              ยืนยันให้ <b>{employee.full_name}</b> ({employee.code}) ลาออก?
            </Text>
            <ThaiDateInput name="resign_date" label="วันที่ลาออก" required defaultValue={businessDate()} error={fields.resign_date} />
            {error ? <Alert color="red">{error}</Alert> : null}
            <Text fz="sm" c="dimmed">
              ข้อมูลของพนักงานจะย้ายไปอยู่ในแท็บ "ลาออกแล้ว" และสามารถนำกลับเข้าทำงานได้ภายหลัง
            </Text>
            <DialogButtons busy={busy} onClose={onClose} submit="ยืนยันการลาออก" submitProps={{ color: "red" }} />
          </Stack>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}
