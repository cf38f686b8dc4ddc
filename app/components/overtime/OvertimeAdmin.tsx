import { ActionIcon, Button, Group, Select, Stack, Text } from "@mantine/core";
import { MonthPickerInput } from "@mantine/dates";
import { IconChevronLeft, IconChevronRight, IconClockPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useDialogFetcher } from "~/components/dialog-fetcher";
import { EmptyState } from "~/components/EmptyState";
import { useSearchParamsUpdate } from "~/components/tab-params";
import { useLabelWithValue } from "~/components/value-label";
import { shiftMonth } from "~/lib/iso-day";
import { dayjs } from "~/lib/thai-date";
import { OVERTIME_STATUS_LABELS, OVERTIME_STATUS_VALUES, type OvertimeStatus } from "~/models/overtime/labels";
import { OvertimeDecisionDialog } from "./OvertimeDecisionDialog";
import type { OvertimeListView } from "./overtime-types";
import { OvertimeTable, type OvertimeAction } from "./OvertimeTable";
import { RecordOvertimeDialog } from "./RecordOvertimeDialog";

export type OvertimePageData = {
  month: string;
  status: OvertimeStatus | null;
  this_month: string;
  pending_count: number;
  items: OvertimeListView[];
};

const STATUS_OPTIONS = [{ value: "", label: "ทุกสถานะ" }, ...OVERTIME_STATUS_VALUES.map((s) => ({ value: s, label: OVERTIME_STATUS_LABELS[s] }))];

/** /admin/overtime: a month's requests (by status), their decisions, and a form to record one. */
export function OvertimeAdmin({ data }: { data: OvertimePageData }) {
  const [, update] = useSearchParamsUpdate();
  const [target, setTarget] = useState<{ kind: OvertimeAction; item: OvertimeListView } | null>(null);
  const [recording, setRecording] = useState(false);
  const decision = useDialogFetcher("overtime-decision", () => setTarget(null));
  const record = useDialogFetcher("overtime-record", () => setRecording(false));
  const monthName = useLabelWithValue("เดือน");
  const go = (month: string) => update({ month: month === data.this_month ? null : month });
  const open = (kind: OvertimeAction, item: OvertimeListView) => {
    decision.renew();
    setTarget({ kind, item });
  };
  const over = data.items.filter((o) => o.over_weekly_limit && o.status !== "rejected" && o.status !== "cancelled").length;

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap" align="flex-end">
        <Group gap="xs" wrap="nowrap" align="center">
          <ActionIcon variant="default" size="lg" aria-label="เดือนก่อนหน้า" onClick={() => go(shiftMonth(data.month, -1))}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          {monthName.label}
          <MonthPickerInput
            {...monthName.props}
            value={`${data.month}-01`}
            onChange={(value) => value && go(dayjs(value).format("YYYY-MM"))}
            valueFormat="MMMM BBBB"
            yearLabelFormat="BBBB"
            decadeLabelFormat="BBBB"
            yearsListFormat="BBBB"
            monthsListFormat="MMM"
            popoverProps={{ zIndex: 1200 }}
            w={170}
          />
          <ActionIcon variant="default" size="lg" aria-label="เดือนถัดไป" onClick={() => go(shiftMonth(data.month, 1))}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
        <Select
          label="สถานะ"
          data={STATUS_OPTIONS}
          value={data.status ?? ""}
          onChange={(value) => update({ status: value || null })}
          allowDeselect={false}
          w={160}
        />
        <Button
          ml="auto"
          leftSection={<IconClockPlus size={16} />}
          onClick={() => {
            record.renew();
            setRecording(true);
          }}
        >
          บันทึกโอที
        </Button>
      </Group>
      <Text fz="sm" c="dimmed">
        {data.items.length} รายการ · รออนุมัติทั้งหมด {data.pending_count} รายการ
        {over > 0 ? ` · ${over} รายการอยู่ในสัปดาห์ที่เกิน 36 ชม.` : ""}
      </Text>
      {data.items.length === 0 ? (
        <EmptyState
          icon={<IconClockPlus size={24} />}
          title="ไม่มีรายการทำงานล่วงเวลาในเดือนนี้"
          hint="พนักงานขอทำงานล่วงเวลาใน LINE ได้ หรือกด บันทึกโอที เพื่อบันทึกให้พนักงาน"
        />
      ) : (
        <OvertimeTable items={data.items} onAction={open} />
      )}
      <OvertimeDecisionDialog target={target} onClose={() => setTarget(null)} fetcher={decision.fetcher} />
      <RecordOvertimeDialog opened={recording} onClose={() => setRecording(false)} fetcher={record.fetcher} />
    </Stack>
  );
}
