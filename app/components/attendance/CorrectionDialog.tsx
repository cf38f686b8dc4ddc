import { Alert, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { IconClockEdit } from "@tabler/icons-react";
import { useState } from "react";
import { DialogButtons } from "~/components/DialogButtons";
import { PlainButton } from "~/components/PlainControls";
import { PlainBadge, PlainGroup } from "~/components/PlainMantine";
import { useDialogFetcher, useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import { businessDate, formatThaiDate } from "~/lib/thai-date";
import { clockTime } from "./attendance-labels";
import { TimeField } from "~/components/TimeField";

export type CorrectionTarget = {
  employee: { id: number; code: string; full_name: string };
  date: string;
  record: { checkin_at: string | null; checkout_at: string | null; corrected?: boolean } | null;
};

const hhmm = (iso: string | null | undefined) => (iso ? clockTime(iso) : "");

/** The admin's correction of one employee's day: times (prefilled with the current ones) and a required note. */
export function CorrectionDialog({ target, onClose, fetcher }: { target: CorrectionTarget | null; onClose: () => void; fetcher: DialogFetcher }) {
  const { fields, error, busy, formProps } = useDialogForm(fetcher);
  return (
    <Modal opened={target != null} onClose={onClose} title="แก้ไขเวลาเข้า-ออกงาน">
      {target ? (
        <fetcher.Form method="post" noValidate {...formProps}>
          <input type="hidden" name="intent" value="correct" />
          <input type="hidden" name="employee_id" value={target.employee.id} />
          <input type="hidden" name="work_date" value={target.date} />
          <Stack>
            <Text fz="sm">
              <b>{target.employee.full_name}</b> ({target.employee.code}) วันที่ {formatThaiDate(target.date)}
            </Text>
            <Group grow align="flex-start">
              <TimeField name="checkin_at" label="เวลาเข้างาน" defaultValue={hhmm(target.record?.checkin_at)} error={fields.checkin_at} />
              <TimeField name="checkout_at" label="เวลาออกงาน" defaultValue={hhmm(target.record?.checkout_at)} error={fields.checkout_at} />
            </Group>
            <Textarea
              name="note"
              label="หมายเหตุ"
              description="เหตุผลของการแก้ไข (บันทึกในประวัติการแก้ไข)"
              required
              autosize
              minRows={2}
              maxLength={500}
              error={fields.note}
            />
            {error ? <Alert color="red">{error}</Alert> : null}
            <DialogButtons busy={busy} onClose={onClose} submit="บันทึกการแก้ไข" />
          </Stack>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}

/** The daily view row's action: "แก้ไขแล้ว" when the times were corrected, and the button that opens the dialog. */
export function CorrectionAction({ target }: { target: CorrectionTarget }) {
  const [open, setOpen] = useState(false);
  const { fetcher, renew } = useDialogFetcher(`attendance-correct-${target.employee.id}`, () => setOpen(false));
  const future = target.date > businessDate();
  return (
    <PlainGroup gap={4} wrap="nowrap">
      {target.record?.corrected ? (
        <PlainBadge size="xs" color="blue" variant="light">
          แก้ไขแล้ว
        </PlainBadge>
      ) : null}
      {future ? null : (
        <PlainButton
          size="compact-xs"
          variant="subtle"
          leftSection={<IconClockEdit size={14} />}
          aria-label={`แก้ไขเวลา ${target.employee.full_name}`}
          onClick={() => {
            renew();
            setOpen(true);
          }}
        >
          แก้ไขเวลา
        </PlainButton>
      )}
      {/* Mounted only while open: a closed Modal per row of a 50-row list still cost its hooks. */}
      {open ? <CorrectionDialog target={target} onClose={() => setOpen(false)} fetcher={fetcher} /> : null}
    </PlainGroup>
  );
}
