import { Group, Image, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconCalendarOff, IconClockPause, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTabParams } from "~/components/tab-params";
import { DayStepper } from "~/components/DayStepper";
import { EmptyState } from "~/components/EmptyState";
import { ATTENDANCE_STATUSES } from "~/models/attendance/status";
import { STATUS_LABELS } from "~/models/attendance/labels";
import { formatThaiDate, formatThaiDateLong } from "~/lib/thai-date";
import { STATUS_COLORS } from "./attendance-labels";
import type { DailyTabData } from "./daily-types";
import { DailyList } from "./DailyList";
import { KeysetPager } from "./KeysetPager";
import { RangeCsvExport } from "./RangeCsvExport";

/** Why a date has no rows at all: still ahead, or before attendance counted; null when it has rows or counts. */
function uncounted(data: DailyTabData): { title: string; hint: string } | null {
  if (data.headcount > 0) return null;
  const day = formatThaiDateLong(data.date);
  if (data.date > data.today) return { title: `ยังไม่ถึงวันที่ ${day}`, hint: "สถานะของวันจะแสดงเมื่อถึงวันนั้น" };
  if (data.attendance_start === null || data.date < data.attendance_start) {
    return {
      title: `ยังไม่เริ่มนับการลงเวลา (${day})`,
      hint: data.attendance_start
        ? `เริ่มนับการลงเวลาตั้งแต่ ${formatThaiDate(data.attendance_start)}`
        : "การลงเวลาจะเริ่มนับเมื่อตั้งค่าสำนักงานแห่งแรก",
    };
  }
  return null;
}

/** The daily view: every working employee's status for one date, with the evidence, a page at a time. */
export function DailyTab({ data }: { data: DailyTabData }) {
  const [params, setParams] = useTabParams("daily", { resetPage: true, replace: true });
  const [photo, setPhoto] = useState<{ url: string; label: string } | null>(null);
  const status = params.get("status") ?? "";
  // A new date, filter or search starts again at the first page.
  const update = (changes: Record<string, string | null>) => setParams({ ...changes, after: null, before: null });

  const search = useDebouncedCallback((q: string) => update({ q: q.trim() || null }), 350);
  const notCounted = uncounted(data);

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <DayStepper date={data.date} onDate={(date) => update({ date })} />
        <Text c="dimmed" fz="sm">
          พนักงาน {data.headcount} คน
          {data.summary.pending_review > 0 ? ` · รอตรวจสอบ ${data.summary.pending_review} รายการ` : ""}
        </Text>
        <Group ml="auto">
          <RangeCsvExport date={data.date} />
        </Group>
      </Group>

      {notCounted ? (
        <EmptyState icon={<IconClockPause size={24} />} title={notCounted.title} hint={notCounted.hint} />
      ) : (
        <DayList data={data} status={status} params={params} update={update} search={search} onPhoto={setPhoto} />
      )}

      <Modal opened={photo != null} onClose={() => setPhoto(null)} title={photo?.label ?? ""} size="lg" centered>
        {photo ? <Image src={photo.url} alt={photo.label} radius="md" /> : null}
      </Modal>
    </Stack>
  );
}

type DayListProps = {
  data: DailyTabData;
  status: string;
  params: URLSearchParams;
  update: (changes: Record<string, string | null>) => void;
  search: (q: string) => void;
  onPhoto: (photo: { url: string; label: string }) => void;
};

function DayList({ data, status, params, update, search, onPhoto }: DayListProps) {
  return (
    <>
      <SimpleGrid cols={{ base: 2, xs: 4, md: 8 }} spacing="xs">
        {ATTENDANCE_STATUSES.map((s) => (
          <UnstyledButton
            key={s}
            onClick={() => update({ status: status === s ? null : s })}
            aria-pressed={status === s}
            data-testid={`summary-${s}`}
          >
            <Paper withBorder p="xs" radius="md" bg={status === s ? `var(--mantine-color-${STATUS_COLORS[s]}-light)` : undefined}>
              <Text fz="xs" c="dimmed">
                {STATUS_LABELS[s]}
              </Text>
              <Text fz="xl" fw={700} c={STATUS_COLORS[s]}>
                {data.summary[s]}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>

      <Group gap="xs" wrap="wrap">
        <Select
          aria-label="สถานะ"
          placeholder="ทุกสถานะ"
          clearable
          w={200}
          value={status || null}
          data={ATTENDANCE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          onChange={(value) => update({ status: value })}
        />
        <TextInput
          aria-label="ค้นหาชื่อหรือรหัสพนักงาน"
          placeholder="ค้นหาชื่อหรือรหัส"
          leftSection={<IconSearch size={16} />}
          defaultValue={params.get("q") ?? ""}
          onChange={(e) => search(e.currentTarget.value)}
          w={240}
        />
      </Group>

      {data.items.length === 0 ? (
        <EmptyState
          icon={<IconCalendarOff size={24} />}
          title="ไม่มีรายการ"
          hint={data.headcount === 0 ? "ยังไม่มีพนักงานที่ทำงานในวันนี้" : "ไม่มีพนักงานตรงกับตัวกรองนี้"}
        />
      ) : (
        <DailyList date={data.date} items={data.items} onPhoto={onPhoto} />
      )}

      {data.prev_cursor || data.next_cursor ? (
        <KeysetPager prevCursor={data.prev_cursor} nextCursor={data.next_cursor} total={data.total} unit="คน" />
      ) : null}
    </>
  );
}
