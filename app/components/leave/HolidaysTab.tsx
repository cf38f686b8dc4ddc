import { Alert, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconAlertTriangle, IconCalendarOff, IconPencil, IconPlus, IconRefresh, IconTrash } from "@tabler/icons-react";
import { useFetcher, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useActionToasts, type ActionAnswer } from "~/components/action-toasts";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogFetcher, useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import { EmptyState } from "~/components/EmptyState";
import { PlainActionIcon } from "~/components/PlainControls";
import { PlainBadge, PlainGroup, PlainTd, PlainText, PlainTr } from "~/components/PlainMantine";
import { ThaiDateInput } from "~/components/ThaiDateInput";
import { businessDate, dayjs, formatThaiDateLong } from "~/lib/thai-date";
import {
  ADDED_HOLIDAY_KINDS,
  HOLIDAY_INTENTS,
  HOLIDAY_KIND_VALUES,
  MAX_HOLIDAY_NAME,
  type HolidayKindValue,
} from "~/models/leave/holiday-schema";
import { HOLIDAY_KIND_LABELS, HOLIDAY_SOURCE_LABELS } from "~/models/leave/labels";

const INTENTS = HOLIDAY_INTENTS;

export type HolidayItem = { date: string; name: string; kind: HolidayKindValue; source: "seed" | "admin" };

export type HolidaysTabData = {
  year: number;
  items: HolidayItem[];
  warnings: string[];
  seeded_at: string | null;
  this_year: number;
  min_year: number;
  max_year: number;
};

const KIND_COLORS: Record<HolidayKindValue, string> = { public: "blue", substitution: "grape", company: "teal" };

const be = (year: number) => year + 543;
const weekday = (date: string) => `วัน${dayjs(date).locale("th").format("dddd")}`;
const kindOptions = (kinds: readonly HolidayKindValue[]) => kinds.map((k) => ({ value: k, label: HOLIDAY_KIND_LABELS[k] }));

/** The วันหยุด tab of /admin/leave-work: the office's holidays of one year, editable. */
export function HolidaysTab({ data }: { data: HolidaysTabData }) {
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<HolidayItem | null>(null);
  const add = useDialogFetcher("holiday-add", () => setAdding(false));
  const rename = useDialogFetcher("holiday-rename", () => setRenaming(null));
  const row = useFetcher<ActionAnswer>({ key: "holiday-row" });
  useActionToasts(row);

  const years = [];
  for (let y = data.min_year; y <= data.max_year; y++) years.push({ value: String(y), label: `พ.ศ. ${be(y)}` });

  const pickYear = (value: string | null) => {
    if (!value) return;
    const next = new URLSearchParams(params);
    next.set("year", value);
    setParams(next, { preventScrollReset: true });
  };

  const confirmRemove = (h: HolidayItem) =>
    modals.openConfirmModal({
      title: "ลบวันหยุด",
      children: (
        <Text fz="sm">
          ลบ <b>{h.name}</b> ({formatThaiDateLong(h.date)}) ออกจากวันหยุดของบริษัท? วันนี้จะกลายเป็นวันทำงาน
          {h.source === "seed" ? " และจะไม่ถูกเพิ่มกลับเอง (เว้นแต่กดดึงวันหยุดราชการใหม่)" : ""}
        </Text>
      ),
      labels: { confirm: "ลบวันหยุด", cancel: "ยกเลิก" },
      confirmProps: { color: "red" },
      onConfirm: () => row.submit({ intent: INTENTS.remove, date: h.date }, { method: "post" }),
    });

  const confirmReseed = () =>
    modals.openConfirmModal({
      title: `ดึงวันหยุดราชการปี ${be(data.year)} ใหม่`,
      children: (
        <Stack gap="xs">
          <Text fz="sm">วันหยุดราชการและวันหยุดชดเชยตามประกาศของปี {be(data.year)} จะถูกดึงมาใหม่ตามวันทำงานในการตั้งค่าปัจจุบัน</Text>
          <Text fz="sm">
            วันหยุดที่ผู้ดูแลระบบเพิ่มเองหรือแก้ไขชื่อไว้จะยังอยู่เหมือนเดิม ส่วนวันหยุดราชการที่เคยลบออกจะกลับมาอีกครั้ง
          </Text>
        </Stack>
      ),
      labels: { confirm: "ดึงวันหยุดใหม่", cancel: "ยกเลิก" },
      onConfirm: () => row.submit({ intent: INTENTS.reseed, year: String(data.year) }, { method: "post" }),
    });

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Select
          label="ปี"
          data={years}
          value={String(data.year)}
          onChange={pickYear}
          allowDeselect={false}
          w={160}
          comboboxProps={{ withinPortal: true }}
        />
        <Group>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={confirmReseed}
            loading={row.state !== "idle" && row.formData?.get("intent") === INTENTS.reseed}
          >
            ดึงวันหยุดราชการใหม่
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              add.renew();
              setAdding(true);
            }}
          >
            เพิ่มวันหยุด
          </Button>
        </Group>
      </Group>

      {data.warnings.length > 0 ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="วันหยุดไม่ครบตามกฎหมาย">
          <Stack gap={4}>
            {data.warnings.map((w) => (
              <PlainText key={w} fz="sm">
                {w}
              </PlainText>
            ))}
          </Stack>
        </Alert>
      ) : null}

      {data.items.length === 0 ? (
        <EmptyState
          icon={<IconCalendarOff size={24} />}
          title={`ยังไม่มีวันหยุดในปี ${be(data.year)}`}
          hint="กด ดึงวันหยุดราชการใหม่ เพื่อเพิ่มวันหยุดตามประกาศ หรือกด เพิ่มวันหยุด เพื่อเพิ่มวันหยุดของบริษัทเอง"
        />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>วันที่</Table.Th>
                <Table.Th>ชื่อวันหยุด</Table.Th>
                <Table.Th>ประเภท</Table.Th>
                <Table.Th>ที่มา</Table.Th>
                <Table.Th aria-label="จัดการ" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((h) => (
                <PlainTr striped hover key={h.date} data-testid="holiday-row">
                  <PlainTd>
                    <PlainText fz="sm">{formatThaiDateLong(h.date)}</PlainText>
                    <PlainText fz="xs" c="dimmed">
                      {weekday(h.date)}
                    </PlainText>
                  </PlainTd>
                  <PlainTd>{h.name}</PlainTd>
                  <PlainTd>
                    <PlainBadge variant="light" color={KIND_COLORS[h.kind]}>
                      {HOLIDAY_KIND_LABELS[h.kind]}
                    </PlainBadge>
                  </PlainTd>
                  <PlainTd>
                    <PlainText fz="sm" c="dimmed">
                      {HOLIDAY_SOURCE_LABELS[h.source]}
                    </PlainText>
                  </PlainTd>
                  <PlainTd>
                    <PlainGroup gap={4} justify="flex-end" wrap="nowrap">
                      {/* The browser's own tooltip: a Mantine Tooltip per row ran floating-ui's hooks on every render. */}
                      <PlainActionIcon
                        variant="subtle"
                        title="แก้ไข"
                        aria-label={`แก้ไข ${h.name}`}
                        onClick={() => {
                          rename.renew();
                          setRenaming(h);
                        }}
                      >
                        <IconPencil size={16} />
                      </PlainActionIcon>
                      <PlainActionIcon variant="subtle" color="red" title="ลบ" aria-label={`ลบ ${h.name}`} onClick={() => confirmRemove(h)}>
                        <IconTrash size={16} />
                      </PlainActionIcon>
                    </PlainGroup>
                  </PlainTd>
                </PlainTr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <AddHolidayModal
        opened={adding}
        // This year's picker opens on the current month; another year's on its January.
        openOn={data.year === data.this_year ? businessDate() : `${data.year}-01-01`}
        onClose={() => setAdding(false)}
        fetcher={add.fetcher}
      />
      <RenameHolidayModal holiday={renaming} onClose={() => setRenaming(null)} fetcher={rename.fetcher} />
    </Stack>
  );
}

function AddHolidayModal({
  opened,
  openOn,
  onClose,
  fetcher,
}: {
  opened: boolean;
  /** The month the date picker opens on (YYYY-MM-DD). */
  openOn: string;
  onClose: () => void;
  fetcher: DialogFetcher;
}) {
  const { fields, error, busy, clearField, formProps } = useDialogForm(fetcher);
  return (
    <Modal opened={opened} onClose={onClose} title="เพิ่มวันหยุด">
      <fetcher.Form method="post" noValidate {...formProps}>
        <input type="hidden" name="intent" value={INTENTS.add} />
        <Stack>
          <ThaiDateInput
            name="date"
            label="วันที่"
            required
            defaultDate={openOn}
            error={fields.date}
            onChange={() => clearField("date")}
          />
          <TextInput name="name" label="ชื่อวันหยุด" required maxLength={MAX_HOLIDAY_NAME} error={fields.name} />
          <Select
            name="kind"
            label="ประเภท"
            data={kindOptions(ADDED_HOLIDAY_KINDS)}
            defaultValue="company"
            allowDeselect={false}
            error={fields.kind}
            comboboxProps={{ withinPortal: false }}
          />
          {error ? <Alert color="red">{error}</Alert> : null}
          <DialogButtons busy={busy} onClose={onClose} submit="เพิ่มวันหยุด" />
        </Stack>
      </fetcher.Form>
    </Modal>
  );
}

function RenameHolidayModal({
  holiday,
  onClose,
  fetcher,
}: {
  holiday: HolidayItem | null;
  onClose: () => void;
  fetcher: DialogFetcher;
}) {
  const { fields, error, busy, formProps } = useDialogForm(fetcher);
  return (
    <Modal opened={holiday != null} onClose={onClose} title="แก้ไขวันหยุด">
      {holiday ? (
        <fetcher.Form method="post" noValidate {...formProps}>
          <input type="hidden" name="intent" value={INTENTS.rename} />
          <input type="hidden" name="date" value={holiday.date} />
          <Stack>
            <Text fz="sm">
              {formatThaiDateLong(holiday.date)} ({weekday(holiday.date)})
            </Text>
            <TextInput
              name="name"
              label="ชื่อวันหยุด"
              required
              maxLength={MAX_HOLIDAY_NAME}
              defaultValue={holiday.name}
              error={fields.name ?? fields.date}
            />
            <Select
              name="kind"
              label="ประเภท"
              data={kindOptions(HOLIDAY_KIND_VALUES)}
              defaultValue={holiday.kind}
              allowDeselect={false}
              error={fields.kind}
              comboboxProps={{ withinPortal: false }}
            />
            {holiday.source === "seed" ? (
              <Text fz="xs" c="dimmed">
                วันหยุดที่แก้ไขแล้วจะถือเป็นวันหยุดที่ผู้ดูแลระบบกำหนด และจะไม่ถูกแทนที่เมื่อดึงวันหยุดราชการใหม่
              </Text>
            ) : null}
            {error ? <Alert color="red">{error}</Alert> : null}
            <DialogButtons busy={busy} onClose={onClose} submit="บันทึก" />
          </Stack>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}
