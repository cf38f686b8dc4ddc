import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAdjustments, IconCalendarCheck } from "@tabler/icons-react";
import { useSearchParams } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { formatThaiDateTime } from "~/lib/thai-date";
import { ThaiPagination } from "~/components/ListFooter";
import { Attachment } from "./Attachment";
import { daysText, spanText, statusLabel, STATUS_COLORS, typeLabel, type PetitionAction, type PetitionView } from "./leave-labels";

export type PendingItem = PetitionView & {
  balance: { quota: number; used: number; after: number; other_pending: number };
  away: { employee_id: number; full_name: string; code: string; start_date: string; end_date: string; half: string; status: number }[];
  /** How many are away in all (`away` lists the first of them). */
  away_total?: number;
};
export type PendingTabData = { items: PendingItem[]; total: number; page: number; page_size: number };

function Balance({ item }: { item: PendingItem }) {
  const { after, quota, used, other_pending } = item.balance;
  return (
    <Stack gap={2}>
      {after < 0 ? (
        <Text fz="sm" c="red" fw={600} data-testid="over-quota">
          เกินสิทธิ์ {daysText(-after)}
        </Text>
      ) : (
        <Text fz="sm">คงเหลือหลังอนุมัติ {daysText(after)}</Text>
      )}
      <Text fz="xs" c="dimmed">
        สิทธิ์{typeLabel(item.type)}ปี {item.year + 543}: {daysText(quota)} · ใช้แล้ว {daysText(used)}
        {other_pending > 0 ? ` · คำขออื่นรออนุมัติ ${daysText(other_pending)}` : ""}
      </Text>
    </Stack>
  );
}

function PendingCard({ item, onAction }: { item: PendingItem; onAction: (a: PetitionAction) => void }) {
  return (
    <Card withBorder radius="md" data-testid="pending-petition">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Text fw={600}>{item.employee.full_name}</Text>
            <Text fz="xs" c="dimmed">
              {item.employee.code}
              {item.created_at ? ` · ยื่นเมื่อ ${formatThaiDateTime(item.created_at)}` : ""}
            </Text>
          </div>
          <Badge variant="light">{typeLabel(item.type)}</Badge>
        </Group>
        <div>
          <Text fz="sm" fw={600}>
            {spanText(item)} · {daysText(item.days)}
          </Text>
          <Text fz="sm" style={{ whiteSpace: "pre-wrap" }}>
            {item.reason}
          </Text>
        </div>
        <Attachment url={item.attachment_url} note={item.certificate_note} />
        <Balance item={item} />
        <Stack gap={2}>
          <Text fz="xs" fw={600}>
            ลาในช่วงเดียวกัน
          </Text>
          {item.away.length === 0 ? (
            <Text fz="xs" c="dimmed">
              ไม่มีพนักงานคนอื่นลาในวันเหล่านี้
            </Text>
          ) : (
            <Group gap={4} data-testid="away">
              {item.away.map((a) => (
                <Badge key={a.employee_id} variant="outline" color={STATUS_COLORS[a.status]} tt="none" title={spanText(a)}>
                  {a.full_name} ({statusLabel(a.status)})
                </Badge>
              ))}
              {(item.away_total ?? 0) > item.away.length ? (
                <Text fz="xs" c="dimmed">
                  และอีก {(item.away_total ?? 0) - item.away.length} คน
                </Text>
              ) : null}
            </Group>
          )}
        </Stack>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconAdjustments size={16} />}
            onClick={() => onAction({ kind: "quota", employee: item.employee, year: item.year })}
          >
            แก้ไขสิทธิ์การลา
          </Button>
          <Group gap="xs">
            <Button variant="light" color="red" onClick={() => onAction({ kind: "reject", petition: item })}>
              ไม่อนุมัติ
            </Button>
            <Button color="green" onClick={() => onAction({ kind: "accept", petition: item })}>
              อนุมัติ
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/** The approval queue, oldest first: each petition with what the approver needs to decide. */
export function PendingTab({ data, onAction }: { data: PendingTabData; onAction: (a: PetitionAction) => void }) {
  const [params, setParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  if (data.items.length === 0) {
    return <EmptyState icon={<IconCalendarCheck size={24} />} title="ไม่มีคำขอลารออนุมัติ" hint="คำขอลาที่พนักงานยื่นจาก LINE จะแสดงที่นี่" />;
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {data.items.map((item) => (
          <PendingCard key={item.id} item={item} onAction={onAction} />
        ))}
      </SimpleGrid>
      {pages > 1 ? (
        <ThaiPagination
          value={data.page}
          total={pages}
          onChange={(p) => {
            const next = new URLSearchParams(params);
            if (p === 1) next.delete("page");
            else next.set("page", String(p));
            setParams(next, { preventScrollReset: true });
          }}
        />
      ) : null}
    </Stack>
  );
}
