import { Alert, Button, Checkbox, Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconCopy } from "@tabler/icons-react";
import { useRef, useState, type FormEvent } from "react";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import { ThaiDateInput } from "~/components/ThaiDateInput";
import { TimeField } from "~/components/TimeField";
import { formatThaiDate } from "~/lib/thai-date";
import { WEEKDAY_NAMES } from "~/models/schedules/labels";
import { MAX_GRACE_MINUTES, MAX_SCHEDULE_NAME, type ScheduleDto } from "~/models/schedules/schedule-schema";
import { daysOf, rowErrors, rowsOf, sameHoursForAll, switchRow, type WeekRow } from "./week-rows";

type TimeKey = "start" | "end" | "break_start" | "break_end";
const TIME_FIELDS: { key: TimeKey; label: string }[] = [
  { key: "start", label: "เข้างาน" },
  { key: "end", label: "เลิกงาน" },
  { key: "break_start", label: "เริ่มพัก" },
  { key: "break_end", label: "สิ้นสุดพัก" },
];

function DayRow({
  row,
  errors,
  onSwitch,
  onTime,
}: {
  row: WeekRow;
  errors: Record<string, string> | undefined;
  onSwitch: (on: boolean) => void;
  onTime: (key: TimeKey, value: string) => void;
}) {
  const name = WEEKDAY_NAMES[row.weekday];
  return (
    <Paper withBorder radius="sm" p="xs" role="group" aria-label={`วัน${name}`} data-testid="schedule-day">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Checkbox label={name} checked={row.on} onChange={(e) => onSwitch(e.currentTarget.checked)} fw={500} />
        {row.on ? null : (
          <Text fz="sm" c="dimmed">
            วันหยุด
          </Text>
        )}
      </Group>
      {row.on ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="xs">
          {TIME_FIELDS.map(({ key, label }) => (
            <TimeField
              key={key}
              label={label}
              aria-label={`${label} วัน${name}`}
              value={row[key]}
              onChange={(value) => onTime(key, value)}
              error={errors?.[key]}
              placeholder={key.startsWith("break") ? "ไม่มีพัก" : "ชช:นน"}
            />
          ))}
        </SimpleGrid>
      ) : null}
    </Paper>
  );
}

function Editor({ schedule, today, fetcher, onClose }: { schedule: ScheduleDto | null; today: string; fetcher: DialogFetcher; onClose: () => void }) {
  const [rows, setRows] = useState(() => rowsOf(schedule?.days ?? null));
  const [from, setFrom] = useState<string | null>(today);
  const confirmed = useRef(false);
  const { fields, error, busy, formProps, clearField } = useDialogForm(fetcher);
  const { list, byDay } = rowErrors(rows, fields);
  const isDefault = schedule?.is_default ?? false;

  const touch = (next: WeekRow[]) => {
    setRows(next);
    clearField("days", ...Object.keys(fields).filter((k) => k.startsWith("days.")));
  };

  // An edit from a date already past recomputes the days since then: asked once before it is sent.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const past = schedule && !isDefault && from !== null && from < today;
    if (past && !confirmed.current) {
      event.preventDefault();
      modals.openConfirmModal({
        title: "แก้ไขย้อนหลัง",
        children: (
          <Text fz="sm">
            การแก้ไขนี้มีผลตั้งแต่ {formatThaiDate(from)} ซึ่งผ่านมาแล้ว ระบบจะคำนวณการลงเวลาของพนักงานที่ใช้ตารางเวลานี้ใหม่ตั้งแต่วันนั้น ยืนยันหรือไม่?
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
    <fetcher.Form method="post" noValidate onChange={formProps.onChange} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={schedule ? "update" : "create"} />
      {schedule ? <input type="hidden" name="id" value={schedule.id} /> : null}
      <input type="hidden" name="days" value={JSON.stringify(daysOf(rows))} />
      <Stack gap="sm">
        {error ? (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        ) : null}
        <TextInput
          name="name"
          label="ชื่อตารางเวลา"
          required
          maxLength={MAX_SCHEDULE_NAME}
          defaultValue={schedule?.name}
          error={fields.name}
          data-autofocus
        />
        {isDefault ? (
          <Alert color="blue" variant="light">
            เวลาทำงานปกติใช้เวลาเดียวกันทุกวันทำงานและต้องมีเวลาพัก เป็นค่าเดียวกับ “เวลาทำงาน” ในหน้าลงเวลาเข้า-ออก &gt; ตั้งค่า
            และมีผลตั้งแต่วันนี้ (วันก่อนหน้าใช้เวลาเดิม)
          </Alert>
        ) : null}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={500} fz="sm">
            วันและเวลาทำงาน
          </Text>
          <Button variant="subtle" size="xs" leftSection={<IconCopy size={14} />} onClick={() => touch(sameHoursForAll(rows))}>
            ใช้เวลาของวันแรกกับทุกวันทำงาน
          </Button>
        </Group>
        <Text fz="xs" c="dimmed">
          เวลาเลิกงานก่อนเวลาเข้างาน คือกะข้ามเที่ยงคืน (เช่น 22:00–06:00 นับเป็นวันที่เริ่มกะ) เว้นเวลาพักว่างได้
        </Text>
        {list ? (
          <Text c="red" fz="sm" role="alert">
            {list}
          </Text>
        ) : null}
        <Stack gap={6}>
          {rows.map((row) => (
            <DayRow
              key={row.weekday}
              row={row}
              errors={byDay.get(row.weekday)}
              onSwitch={(on) => touch(switchRow(rows, row.weekday, on))}
              onTime={(key, value) => touch(rows.map((r) => (r.weekday === row.weekday ? { ...r, [key]: value } : r)))}
            />
          ))}
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            name="late_grace_minutes"
            label="ผ่อนผันมาสาย (นาที)"
            min={0}
            max={MAX_GRACE_MINUTES}
            allowDecimal={false}
            allowNegative={false}
            defaultValue={schedule?.late_grace_minutes ?? 0}
            error={fields.late_grace_minutes}
          />
          <NumberInput
            name="early_grace_minutes"
            label="ผ่อนผันออกก่อน (นาที)"
            min={0}
            max={MAX_GRACE_MINUTES}
            allowDecimal={false}
            allowNegative={false}
            defaultValue={schedule?.early_grace_minutes ?? 0}
            error={fields.early_grace_minutes}
          />
        </SimpleGrid>
        {schedule && !isDefault ? (
          <ThaiDateInput
            name="from"
            label="มีผลตั้งแต่"
            description="วันก่อนหน้านี้ใช้เวลาเดิม"
            value={from}
            onChange={(value) => {
              setFrom(value);
              clearField("from");
            }}
            clearable={false}
            error={fields.from}
          />
        ) : null}
        <DialogButtons busy={busy} onClose={onClose} submit="บันทึก" />
      </Stack>
    </fetcher.Form>
  );
}

/** Create (no schedule) or edit one; posts to /admin/schedule's action through the given fetcher. */
export function ScheduleFormModal({
  opened,
  schedule,
  today,
  fetcher,
  onClose,
}: {
  opened: boolean;
  schedule: ScheduleDto | null;
  /** Today's work date: an edit's default "มีผลตั้งแต่". */
  today: string;
  fetcher: DialogFetcher;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={schedule ? `แก้ไข ${schedule.name}` : "เพิ่มตารางเวลาทำงาน"} size="lg">
      {opened ? <Editor key={schedule?.id ?? "new"} schedule={schedule} today={today} fetcher={fetcher} onClose={onClose} /> : null}
    </Modal>
  );
}
