import { Alert, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import { EmployeePicker, type Person } from "~/components/leave/EmployeePicker";
import { ThaiDateInput } from "~/components/ThaiDateInput";
import { TimeField } from "~/components/TimeField";
import { MAX_OVERTIME_REASON } from "~/models/overtime/window";

/**
 * An admin records overtime for an employee (approved at once): who, the date, from–to (an end at
 * or before the start is the next morning), the reason; posts `intent=record`.
 */
export function RecordOvertimeDialog({ opened, onClose, fetcher }: { opened: boolean; onClose: () => void; fetcher: DialogFetcher }) {
  const { fields, error, busy, clearField, formProps } = useDialogForm(fetcher);
  const [person, setPerson] = useState<Person | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="บันทึกการทำงานล่วงเวลา">
      <fetcher.Form method="post" noValidate {...formProps}>
        <input type="hidden" name="intent" value="record" />
        <input type="hidden" name="employee_id" value={person ? String(person.id) : ""} />
        <Stack>
          <Text fz="sm" c="dimmed">
            บันทึกโดยผู้ดูแลจะอนุมัติทันที และแจ้งพนักงานทาง LINE
          </Text>
          <div>
            <EmployeePicker
              label="พนักงาน"
              placeholder="พิมพ์ชื่อหรือรหัสพนักงาน"
              selected={person}
              clearable={false}
              inModal
              onChange={(_, picked) => {
                setPerson(picked ?? null);
                clearField("employee_id");
              }}
            />
            {fields.employee_id ? (
              <Text c="red.8" fz="sm" role="alert">
                {fields.employee_id}
              </Text>
            ) : null}
          </div>
          <ThaiDateInput name="date" label="วันที่" withAsterisk clearable={false} error={fields.date} onChange={() => clearField("date")} />
          <Group grow align="flex-start">
            <TimeField name="start" label="ตั้งแต่" withAsterisk error={fields.start} />
            <TimeField name="end" label="ถึง" withAsterisk error={fields.end} description="ก่อนเวลาเริ่ม = เช้าวันถัดไป" />
          </Group>
          <Textarea name="reason" label="เหตุผล / งานที่ทำ" withAsterisk autosize minRows={2} maxLength={MAX_OVERTIME_REASON} error={fields.reason} />
          {error ? <Alert color="red">{error}</Alert> : null}
          <DialogButtons busy={busy} onClose={onClose} submit="บันทึก" />
        </Stack>
      </fetcher.Form>
    </Modal>
  );
}
