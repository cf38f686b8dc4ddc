import { Group, Image, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconCalendarOff, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTabParams } from "~/components/tab-params";
import { DayStepper } from "~/components/DayStepper";
import { EmptyState } from "~/components/EmptyState";
import { ATTENDANCE_STATUSES } from "~/models/attendance/status";
import { STATUS_LABELS } from "~/models/attendance/labels";
import { ThaiPagination } from "~/components/ListFooter";
import { STATUS_COLORS } from "./attendance-labels";
import type { DailyTabData } from "./daily-types";
import { DailyList } from "./DailyList";
import { RangeCsvExport } from "./RangeCsvExport";

/** The daily view: every working employee's status for one date, with the evidence. */
export function DailyTab({ data }: { data: DailyTabData }) {
  const [params, update] = useTabParams("daily", { resetPage: true, replace: true });
  const [photo, setPhoto] = useState<{ url: string; label: string } | null>(null);
  const status = params.get("status") ?? "";

  const search = useDebouncedCallback((q: string) => update({ q: q.trim() || null }), 350);

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
        <DailyList date={data.date} items={data.items} onPhoto={setPhoto} />
      )}

      {data.total && data.page_size && data.total > data.page_size ? (
        <Group justify="space-between">
          <Text fz="sm" c="dimmed">
            {`แสดง ${((data.page ?? 1) - 1) * data.page_size + 1}–${Math.min(data.total, (data.page ?? 1) * data.page_size)} จาก ${data.total} คน`}
          </Text>
          <ThaiPagination
            total={Math.ceil(data.total / data.page_size)}
            value={data.page ?? 1}
            onChange={(p) => update({ page: p === 1 ? null : String(p) })}
            size="sm"
          />
        </Group>
      ) : null}

      <Modal opened={photo != null} onClose={() => setPhoto(null)} title={photo?.label ?? ""} size="lg" centered>
        {photo ? <Image src={photo.url} alt={photo.label} radius="md" /> : null}
      </Modal>
    </Stack>
  );
}
