import { ActionIcon, Badge, Button, Group, Pagination, Stack, Table, Text } from "@mantine/core";
import { MonthPickerInput } from "@mantine/dates";
import { IconChevronLeft, IconChevronRight, IconDownload, IconUsersGroup } from "@tabler/icons-react";
import { useSearchParams } from "@remix-run/react";
import type { CSSProperties } from "react";
import { EmptyState } from "~/components/EmptyState";
import { dayjs } from "~/lib/thai-date";
import {
  DAY_CODE_LEGEND,
  TOTAL_KEYS,
  TOTAL_LABELS,
  WEEKDAY_SHORT,
  type DayKind,
  type MonthlyTotals,
} from "~/models/attendance-codes";

export type MonthlyTabData = {
  month: string;
  days: { date: string; weekday: number; kind: DayKind }[];
  items: { employee: { id: number; code: string; full_name: string }; days: Record<string, string>; totals: MonthlyTotals }[];
  total: number;
  page: number;
  page_size: number;
};

const CODE_COLORS: Record<string, string> = {
  ม: "green",
  ส: "orange",
  อ: "yellow",
  ลืม: "pink",
  ข: "red",
  ล: "blue",
  ห: "gray",
};

const shiftMonth = (month: string, by: number) => dayjs(`${month}-01`).add(by, "month").format("YYYY-MM");

export const monthlyCsvUrl = (month: string) => `/api/checkin-out/monthly?month=${month}&format=csv`;

// The name column stays put while the days scroll sideways.
const sticky: CSSProperties = { position: "sticky", left: 0, zIndex: 1, background: "var(--mantine-color-body)", minWidth: 160 };
const offDay: CSSProperties = { background: "var(--mantine-color-gray-light)" };

function Code({ code }: { code: string }) {
  if (!code) return null;
  return (
    <Text component="span" fz="xs" fw={600} c={CODE_COLORS[code] ?? undefined}>
      {code}
    </Text>
  );
}

/** The monthly sheet: a row per employee, a short code per day, the month's totals. */
export function MonthlyTab({ data }: { data: MonthlyTabData }) {
  const [params, setParams] = useSearchParams();

  const go = (changes: { month?: string; page?: number }) => {
    const next = new URLSearchParams(params);
    next.set("tab", "monthly");
    if (changes.month) next.set("month", changes.month);
    if (changes.page && changes.page > 1) next.set("page", String(changes.page));
    else next.delete("page");
    setParams(next, { preventScrollReset: true });
  };
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <ActionIcon variant="default" size="lg" aria-label="เดือนก่อนหน้า" onClick={() => go({ month: shiftMonth(data.month, -1) })}>
          <IconChevronLeft size={18} />
        </ActionIcon>
        <MonthPickerInput
          aria-label="เดือน"
          value={`${data.month}-01`}
          onChange={(value) => value && go({ month: dayjs(value).format("YYYY-MM") })}
          valueFormat="MMMM BBBB"
          yearLabelFormat="BBBB"
          decadeLabelFormat="BBBB"
          yearsListFormat="BBBB"
          monthsListFormat="MMM"
          popoverProps={{ zIndex: 1200 }}
          w={180}
        />
        <ActionIcon variant="default" size="lg" aria-label="เดือนถัดไป" onClick={() => go({ month: shiftMonth(data.month, 1) })}>
          <IconChevronRight size={18} />
        </ActionIcon>
        <Text c="dimmed" fz="sm">
          พนักงาน {data.total} คน
        </Text>
        <Button
          component="a"
          href={monthlyCsvUrl(data.month)}
          download
          variant="light"
          size="sm"
          leftSection={<IconDownload size={16} />}
          ml="auto"
        >
          ส่งออก CSV
        </Button>
      </Group>

      <Group gap="xs" wrap="wrap" aria-label="คำอธิบายรหัส" data-testid="monthly-legend">
        {DAY_CODE_LEGEND.map(({ code, label }) => (
          <Badge key={code} variant="light" color={CODE_COLORS[code]} radius="sm" tt="none">
            {code} = {label}
          </Badge>
        ))}
        <Text fz="xs" c="dimmed">
          ช่องว่าง = ยังไม่ถึงวัน หรือยังไม่ได้เป็น/พ้นจากการเป็นพนักงาน
        </Text>
      </Group>

      {data.items.length === 0 ? (
        <EmptyState
          icon={<IconUsersGroup size={24} />}
          title={data.total === 0 ? "ไม่มีพนักงานในเดือนนี้" : "ไม่มีรายการในหน้านี้"}
          hint={data.total === 0 ? "ยังไม่มีพนักงานที่ทำงานในเดือนที่เลือก" : "กลับไปหน้าแรกของเดือนนี้"}
        />
      ) : (
        <Table.ScrollContainer minWidth={data.days.length * 32 + 160 + TOTAL_KEYS.length * 64}>
          <Table withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing={4} fz="xs" ta="center">
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={{ ...sticky, textAlign: "left" }}>พนักงาน</Table.Th>
                {data.days.map((d) => (
                  <Table.Th key={d.date} style={d.kind === "work" ? undefined : offDay} title={d.kind === "holiday" ? "วันหยุด" : undefined}>
                    <div>{Number(d.date.slice(8))}</div>
                    <Text fz={10} c="dimmed">
                      {WEEKDAY_SHORT[d.weekday - 1]}
                    </Text>
                  </Table.Th>
                ))}
                {TOTAL_KEYS.map((k) => (
                  <Table.Th key={k} fz={10}>
                    {TOTAL_LABELS[k]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map(({ employee, days, totals }) => (
                <Table.Tr key={employee.id} data-testid="monthly-row">
                  <Table.Td style={{ ...sticky, textAlign: "left" }}>
                    <Text fz="xs" fw={500} lineClamp={1}>
                      {employee.full_name}
                    </Text>
                    <Text fz={10} c="dimmed">
                      {employee.code}
                    </Text>
                  </Table.Td>
                  {data.days.map((d) => (
                    <Table.Td key={d.date} style={d.kind === "work" ? undefined : offDay}>
                      <Code code={days[d.date] ?? ""} />
                    </Table.Td>
                  ))}
                  {TOTAL_KEYS.map((k) => (
                    <Table.Td key={k} fw={600}>
                      {totals[k]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {pages > 1 ? <Pagination total={pages} value={data.page} onChange={(page) => go({ page })} size="sm" /> : null}
    </Stack>
  );
}
