import { Alert, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useState, type FormEvent } from "react";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import { LeaveType } from "~/lib/enums";
import { LEAVE_PERS, LEAVE_UNITS, type LeaveTypeRules } from "~/models/leave/catalogue";
import { LEAVE_PER_LABELS, LEAVE_UNIT_LABELS } from "~/models/leave/labels";
import { MAX_QUOTA_DAYS } from "~/models/leave/quota-schema";

/** The intent the dialog posts (app/http/intents/leave-work.server.ts; its test keeps the two in step). */
export const LEAVE_TYPE_INTENT = "leave-type";

/** The spec's three types keep a yearly quota (their settings): it cannot be left empty. */
const YEARLY_QUOTA_TYPES: readonly number[] = [LeaveType.business, LeaveType.sick, LeaveType.vacation];

const blank = (n: number | null) => (n === null ? "" : n);

/**
 * Edits one leave type's rules (`intent=leave-type`, the model function of PATCH
 * /api/leave/types/:id). Every editable field is posted; an empty number is "none" (null). Turning a
 * type off asks first.
 */
export function LeaveTypeDialog({ type, onClose, fetcher }: { type: LeaveTypeRules | null; onClose: () => void; fetcher: DialogFetcher }) {
  return (
    <Modal opened={type != null} onClose={onClose} title={type ? `แก้ไขประเภทการลา: ${type.name_th}` : "แก้ไขประเภทการลา"} size="lg">
      {type ? <TypeForm key={type.id} type={type} onClose={onClose} fetcher={fetcher} /> : null}
    </Modal>
  );
}

function TypeForm({ type, onClose, fetcher }: { type: LeaveTypeRules; onClose: () => void; fetcher: DialogFetcher }) {
  const { fields, error, busy, clearField, formProps } = useDialogForm(fetcher);
  const [halfDay, setHalfDay] = useState(type.half_day);
  const [active, setActive] = useState(type.active);
  const yearly = YEARLY_QUOTA_TYPES.includes(type.id);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!type.active || active) return formProps.onSubmit(event);
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    modals.openConfirmModal({
      title: `ปิด${type.name_th}`,
      children: (
        <Text fz="sm">
          เมื่อปิดแล้ว พนักงานจะยื่นคำขอ{type.name_th}ไม่ได้จนกว่าจะเปิดอีกครั้ง คำขอที่ยื่นไว้แล้วยังอยู่ตามเดิม
        </Text>
      ),
      labels: { confirm: "ปิดประเภทการลา", cancel: "ยกเลิก" },
      confirmProps: { color: "red" },
      onConfirm: () => fetcher.submit(form, { method: "post" }),
    });
  };

  return (
    <fetcher.Form method="post" noValidate {...formProps} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={LEAVE_TYPE_INTENT} />
      <input type="hidden" name="id" value={type.id} />
      <input type="hidden" name="half_day" value={String(halfDay)} />
      <input type="hidden" name="active" value={String(active)} />
      <Stack>
        <Text fz="sm" c="dimmed">
          {type.section_th} · {type.who_th}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            name="quota_days"
            label="สิทธิ์การลา (วัน)"
            description={yearly ? "ใช้เป็นสิทธิ์ตั้งต้นของพนักงานทุกคน" : "เว้นว่าง: ตามใบรับรองแพทย์"}
            defaultValue={blank(type.quota_days)}
            min={0}
            max={MAX_QUOTA_DAYS}
            step={0.5}
            decimalScale={1}
            allowNegative={false}
            required={yearly}
            error={fields.quota_days}
          />
          <Select
            name="per"
            label="นับสิทธิ์"
            data={LEAVE_PERS.map((p) => ({ value: p, label: LEAVE_PER_LABELS[p] }))}
            defaultValue={type.per}
            allowDeselect={false}
            onChange={() => clearField("per")}
            error={fields.per}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            name="unit"
            label="นับวันลาเป็น"
            data={LEAVE_UNITS.map((u) => ({ value: u, label: LEAVE_UNIT_LABELS[u] }))}
            defaultValue={type.unit}
            allowDeselect={false}
            onChange={() => clearField("unit")}
            error={fields.unit}
            comboboxProps={{ withinPortal: false }}
          />
          <NumberInput
            name="certificate_from_days"
            label="ต้องมีใบรับรองแพทย์ตั้งแต่ (วัน)"
            description="เว้นว่าง: ไม่ต้องมี"
            defaultValue={blank(type.certificate_from_days)}
            min={1}
            max={MAX_QUOTA_DAYS}
            allowDecimal={false}
            allowNegative={false}
            error={fields.certificate_from_days}
          />
          <NumberInput
            name="paid_days"
            label="วันที่ได้รับค่าจ้าง"
            description="เว้นว่าง: ได้รับตลอดการลา · 0: ไม่ได้รับค่าจ้าง"
            defaultValue={blank(type.paid_days)}
            min={0}
            max={MAX_QUOTA_DAYS}
            step={0.5}
            decimalScale={1}
            allowNegative={false}
            error={fields.paid_days}
          />
          <NumberInput
            name="pay_percent"
            label="อัตราค่าจ้าง (ร้อยละ)"
            description="ของค่าจ้างในวันที่ได้รับค่าจ้าง"
            defaultValue={type.pay_percent}
            min={1}
            max={100}
            allowDecimal={false}
            allowNegative={false}
            required
            error={fields.pay_percent}
          />
          <NumberInput
            name="event_window_days"
            label="ต้องลาภายใน (วัน นับจากวันที่เกิดเหตุ)"
            description="เว้นว่าง: ไม่จำกัด"
            defaultValue={blank(type.event_window_days)}
            min={1}
            max={MAX_QUOTA_DAYS}
            allowDecimal={false}
            allowNegative={false}
            error={fields.event_window_days}
          />
        </SimpleGrid>
        <Switch
          label="ลาครึ่งวันได้"
          checked={halfDay}
          onChange={(e) => {
            setHalfDay(e.currentTarget.checked);
            clearField("half_day");
          }}
          error={fields.half_day}
        />
        <Switch
          label="เปิดให้พนักงานยื่นคำขอ"
          checked={active}
          onChange={(e) => {
            setActive(e.currentTarget.checked);
            clearField("active");
          }}
          error={fields.active}
        />
        {error ? <Alert color="red">{error}</Alert> : null}
        <DialogButtons busy={busy} onClose={onClose} submit="บันทึก" />
      </Stack>
    </fetcher.Form>
  );
}
