import { Alert, Modal, Select, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useRef, useState, type FormEvent } from "react";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import { ThaiDateInput } from "~/components/ThaiDateInput";
import { formatThaiDate } from "~/lib/thai-date";

export type ScheduleOption = { id: number; name: string; summary: string };

type Props = {
  opened: boolean;
  title: string;
  /** Whom it is for, shown at the top ("สมชาย ใจดี", "พนักงาน 12 คน"). */
  subject: string;
  /** How many employees it changes: more than one is confirmed first. */
  count: number;
  schedules: readonly ScheduleOption[];
  /** The schedule picked when it opens (the employee's current one). */
  scheduleId?: number;
  today: string;
  fetcher: DialogFetcher;
  /** The fields that say what to post: the intent, and the employee's id or the ids of several. */
  hidden: Record<string, string>;
  /** The page action to post to, when it is another page's. */
  action?: string;
  onClose: () => void;
};

function AssignForm({ title, subject, count, schedules, scheduleId, today, fetcher, hidden, action, onClose }: Omit<Props, "opened">) {
  const [schedule, setSchedule] = useState<string | null>(scheduleId ? String(scheduleId) : null);
  const [from, setFrom] = useState<string | null>(today);
  const confirmed = useRef(false);
  const { fields, error, busy, formProps, clearField } = useDialogForm(fetcher);
  const picked = schedules.find((s) => String(s.id) === schedule);

  // Several employees at once, or a date already past (the days since are counted again): asked first.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const past = from !== null && from < today;
    if ((past || count > 1) && picked && from && !confirmed.current) {
      event.preventDefault();
      modals.openConfirmModal({
        title,
        children: (
          <Text fz="sm">
            {subject} จะใช้ “{picked.name}” ตั้งแต่ {formatThaiDate(from)}
            {past ? " ซึ่งผ่านมาแล้ว ระบบจะคำนวณการลงเวลาตั้งแต่วันนั้นใหม่" : ""} ยืนยันหรือไม่?
          </Text>
        ),
        labels: { confirm: "ยืนยัน", cancel: "ยกเลิก" },
        onConfirm: () => {
          confirmed.current = true;
          form.requestSubmit();
        },
      });
      return;
    }
    confirmed.current = false;
    formProps.onSubmit(event);
  };

  return (
    <fetcher.Form method="post" action={action} noValidate onChange={formProps.onChange} onSubmit={onSubmit}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Stack gap="sm">
        <Text fw={500}>{subject}</Text>
        {error ? (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        ) : null}
        <Select
          name="schedule_id"
          label="ตารางเวลาทำงาน"
          required
          data={schedules.map((s) => ({ value: String(s.id), label: s.name }))}
          value={schedule}
          onChange={(value) => {
            setSchedule(value);
            clearField("schedule_id");
          }}
          allowDeselect={false}
          error={fields.schedule_id}
          description={picked?.summary}
          comboboxProps={{ zIndex: 1200 }}
        />
        <ThaiDateInput
          name="from"
          label="มีผลตั้งแต่"
          description="วันก่อนหน้านี้ใช้ตารางเวลาเดิม"
          required
          value={from}
          onChange={(value) => {
            setFrom(value);
            clearField("from");
          }}
          clearable={false}
          error={fields.from}
        />
        {fields.employee_ids ? (
          <Text c="red" fz="sm" role="alert">
            {fields.employee_ids}
          </Text>
        ) : null}
        <DialogButtons busy={busy} onClose={onClose} submit="บันทึก" />
      </Stack>
    </fetcher.Form>
  );
}

/** Puts one employee, or several, under a schedule from a date on (the employee page's intents). */
export function ScheduleAssignDialog({ opened, onClose, title, ...props }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      {opened ? <AssignForm title={title} onClose={onClose} {...props} /> : null}
    </Modal>
  );
}
