import { Anchor } from "~mantine-core/components/Anchor/Anchor";
import { Group } from "~mantine-core/components/Group/Group";
import { Paper } from "~mantine-core/components/Paper/Paper";
import { SimpleGrid } from "~mantine-core/components/SimpleGrid/SimpleGrid";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { Link } from "@remix-run/react";
import { beYear, formatDays, typeLabel } from "./leave-format";
import type { LeaveBalance } from "./leave-types";
import { thaiDecimal } from "~/lib/thai-number";

const num = thaiDecimal;

/** Per type: quota, used (approved), pending and what remains; a negative remainder in red. */
export function LeaveBalanceCard({ balances, year }: { balances: LeaveBalance[]; year: number }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="วันลาคงเหลือ">
      <Text fw={700} mb="xs">
        วันลาคงเหลือ ปี {beYear(year)}
      </Text>
      <Stack gap="xs">
        {balances.map((b) => (
          <Group key={b.type} justify="space-between" wrap="nowrap" data-testid={`balance-${b.type}`}>
            <div>
              <Text fw={600}>{typeLabel(b.type)}</Text>
              <Text fz="xs" c="dimmed">
                สิทธิ์ {num(b.quota)} · อนุมัติแล้ว {num(b.used)} · รออนุมัติ {num(b.pending)}
              </Text>
            </div>
            <Text fw={700} fz="lg" c={b.remaining < 0 ? "red" : undefined} data-testid="remaining" style={{ whiteSpace: "nowrap" }}>
              คงเหลือ {formatDays(b.remaining)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The employee home's small card: the days left per type this year, leading to the petition page. */
export function LeaveBalanceSummary({ balances, year }: { balances: LeaveBalance[]; year: number }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="วันลาคงเหลือ">
      <Group justify="space-between" mb="xs">
        <Text fz="sm" c="dimmed">
          วันลาคงเหลือ ปี {beYear(year)}
        </Text>
        <Anchor component={Link} to="/employee/petition?tab=history" fz="sm">
          ดูประวัติการลา
        </Anchor>
      </Group>
      <SimpleGrid cols={3} spacing="xs">
        {balances.map((b) => (
          <div key={b.type} data-testid={`home-balance-${b.type}`}>
            <Text fz="xs" c="dimmed">
              {typeLabel(b.type)}
            </Text>
            <Text fw={700} c={b.remaining < 0 ? "red" : undefined}>
              {formatDays(b.remaining)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
