import { BarChart } from "@mantine/charts";
import { Anchor, Button, Group, Paper, Select, Stack, Table, Text } from "@mantine/core";
import { IconChartBar, IconDownload } from "@tabler/icons-react";
import { useSearchParams } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { FIRST_STATISTICS_YEAR } from "~/lib/enums";
import { ListFooter } from "~/components/ListFooter";
import { PlainTd, PlainTr } from "~/components/PlainMantine";
import { useTabParams } from "~/components/tab-params";
import { thaiDecimal } from "~/lib/thai-number";
import { leaveColor } from "./leave-colors";
import { typeLabel } from "./leave-labels";
import { LeaveTypeDot } from "./LeaveTypeDot";

type StatisticItem = { employee: { id: number; code: string; full_name: string }; days: Record<string, number>; total: number };

/**
 * One page of the rows; `totals` and `top` (the chart) cover every employee of the year. `types`
 * are the columns (the types that are on, and any with days in the year), by id; `days` and
 * `totals` have a key (the id as a string) for each.
 */
export type StatisticsTabData = {
  year: number;
  this_year: number;
  types: number[];
  totals: Record<string, number>;
  top: StatisticItem[];
  items: StatisticItem[];
  total: number;
  page: number;
  page_size: number;
};

const days = thaiDecimal;

/** Approved leave days per employee and type for a year: a bar chart of who took most, the table, CSV. */
export function StatisticsTab({ data }: { data: StatisticsTabData }) {
  const [, setParams] = useSearchParams();
  const [, setPage] = useTabParams("statistics");
  const years = Array.from({ length: data.this_year + 1 - FIRST_STATISTICS_YEAR + 1 }, (_, i) => String(FIRST_STATISTICS_YEAR + i));
  const { top, totals } = data;
  const types = data.types.map(String);
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));

  return (
    <Stack>
      <Group justify="space-between" align="end">
        <Select
          label="ปี"
          data={years.map((y) => ({ value: y, label: `พ.ศ. ${Number(y) + 543}` }))}
          value={String(data.year)}
          onChange={(y) => y && setParams({ tab: "statistics", year: y }, { preventScrollReset: true })}
          allowDeselect={false}
          w={160}
        />
        <Button
          component="a"
          href={`/api/leave/statistic?year=${data.year}&format=csv`}
          download
          variant="default"
          leftSection={<IconDownload size={16} />}
        >
          ส่งออก CSV
        </Button>
      </Group>
      <Group gap="lg">
        {types.map((t) => (
          <Paper key={t} withBorder p="sm" miw={120} data-testid="type-total">
            <Group gap={6} wrap="nowrap">
              <LeaveTypeDot type={Number(t)} />
              <Text fz="sm" c="dimmed">
                {typeLabel(Number(t))}
              </Text>
            </Group>
            <Text fw={700} fz="lg">
              {days(totals[t] ?? 0)} วัน
            </Text>
          </Paper>
        ))}
      </Group>
      {top.length === 0 ? (
        <EmptyState icon={<IconChartBar />} title="ยังไม่มีวันลาที่อนุมัติในปีนี้" hint="เมื่ออนุมัติคำขอลาแล้ว สถิติจะแสดงที่นี่" />
      ) : (
        <Paper withBorder p="md">
          <Text fw={600} mb="sm">
            ผู้ที่ลามากที่สุด {top.length} คน (วัน)
          </Text>
          <BarChart
            h={Math.max(200, top.length * 28)}
            data={top.map((i) => ({ name: i.employee.full_name, ...Object.fromEntries(types.map((t) => [t, i.days[t] ?? 0])) }))}
            dataKey="name"
            type="stacked"
            orientation="vertical"
            yAxisProps={{ width: 140 }}
            series={types.map((t) => ({ name: t, label: typeLabel(Number(t)), color: leaveColor(Number(t)) }))}
            withLegend
          />
        </Paper>
      )}
      <Table.ScrollContainer minWidth={320 + types.length * 110}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>รหัส</Table.Th>
              <Table.Th>ชื่อ-นามสกุล</Table.Th>
              {types.map((t) => (
                <Table.Th key={t} ta="right">
                  {typeLabel(Number(t))}
                </Table.Th>
              ))}
              <Table.Th ta="right">รวม</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((i) => (
              <PlainTr striped hover key={i.employee.id}>
                <PlainTd>{i.employee.code}</PlainTd>
                <PlainTd>
                  <Anchor href={`/admin/leave-work?tab=all&year=${data.year}&employee_id=${i.employee.id}`} fz="sm">
                    {i.employee.full_name}
                  </Anchor>
                </PlainTd>
                {types.map((t) => (
                  <PlainTd key={t} style={{ textAlign: "right" }}>
                    {days(i.days[t] ?? 0)}
                  </PlainTd>
                ))}
                <PlainTd style={{ fontWeight: 600, textAlign: "right" }}>{days(i.total)}</PlainTd>
              </PlainTr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListFooter
        total={data.total}
        unit="คน"
        page={data.page}
        pages={pages}
        onPage={(page) => setPage({ page: String(page) })}
      />
    </Stack>
  );
}
