import { Anchor } from "~mantine-core/components/Anchor/Anchor";
import { Group } from "~mantine-core/components/Group/Group";
import { Paper } from "~mantine-core/components/Paper/Paper";
import { SimpleGrid } from "~mantine-core/components/SimpleGrid/SimpleGrid";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { Link } from "@remix-run/react";
import { LeaveType } from "~/lib/enums";
import { beYear, formatDays, typeLabel } from "./leave-format";
import type { LeaveBalance, LeaveTypeRules } from "./leave-types";
import { thaiDecimal } from "~/lib/thai-number";

const num = thaiDecimal;
const AS_CERTIFIED = "ตามใบรับรองแพทย์";
const over = (b: LeaveBalance) => b.remaining !== null && b.remaining < 0;

/** `3`, `120/ครั้ง` for a per-event type, `ตามใบรับรองแพทย์` without a fixed number. */
function quotaOf(b: LeaveBalance, rules: Pick<LeaveTypeRules, "per"> | undefined) {
  if (b.quota === null) return AS_CERTIFIED;
  return rules?.per === "event" ? `${num(b.quota)}/ครั้ง` : num(b.quota);
}

/**
 * Per type: quota, used (approved), pending and what remains; a negative remainder in red. A type
 * with no fixed number (sterilisation) remains "as the certificate says". `types` (the rules of the
 * types that are on) mark the per-event quotas.
 */
export function LeaveBalanceCard({ balances, year, types = [] }: { balances: LeaveBalance[]; year: number; types?: readonly LeaveTypeRules[] }) {
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
                สิทธิ์ {quotaOf(b, types.find((t) => t.id === b.type))} · อนุมัติแล้ว {num(b.used)} · รออนุมัติ {num(b.pending)}
              </Text>
            </div>
            <Text fw={700} fz={b.remaining === null ? "sm" : "lg"} c={over(b) ? "red" : undefined} data-testid="remaining" style={{ whiteSpace: "nowrap" }}>
              {b.remaining === null ? AS_CERTIFIED : `คงเหลือ ${formatDays(b.remaining)}`}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The everyday types the home card always shows; another type shows once the year has leave of it. */
const ALWAYS_SHOWN: readonly number[] = [LeaveType.business, LeaveType.sick, LeaveType.vacation];

/** The employee home's small card: the days left per type this year, leading to the petition page. */
export function LeaveBalanceSummary({ balances, year }: { balances: LeaveBalance[]; year: number }) {
  const shown = balances.filter((b) => ALWAYS_SHOWN.includes(b.type) || b.used + b.pending > 0);
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
        {shown.map((b) => (
          <div key={b.type} data-testid={`home-balance-${b.type}`}>
            <Text fz="xs" c="dimmed">
              {typeLabel(b.type)}
            </Text>
            <Text fw={700} fz={b.remaining === null ? "xs" : undefined} c={over(b) ? "red" : undefined}>
              {b.remaining === null ? AS_CERTIFIED : formatDays(b.remaining)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
