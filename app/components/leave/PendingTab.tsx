import { SimpleGrid, Stack } from "@mantine/core";
import { IconAdjustments, IconCalendarCheck } from "@tabler/icons-react";
import { useSearchParams } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { PlainButton } from "~/components/PlainControls";
import { PlainBadge, PlainCard, PlainGroup, PlainStack, PlainText } from "~/components/PlainMantine";
import { formatThaiDateTime } from "~/lib/thai-date";
import { ThaiPagination } from "~/components/ListFooter";
import { Attachment } from "./Attachment";
import { daysText, statusLabel, STATUS_COLORS, typeLabel, type PetitionAction, type PetitionView } from "./leave-labels";
import { spanText, type PetitionHalf } from "~/models/leave/labels";

export type PendingItem = PetitionView & {
  /** `quota` and `after` are null for a type with no fixed number of days (as the certificate says). */
  balance: { quota: number | null; used: number; after: number | null; other_pending: number };
  away: { employee_id: number; full_name: string; code: string; start_date: string; end_date: string; half: PetitionHalf; status: number }[];
  /** How many are away in all (`away` lists the first of them). */
  away_total?: number;
};
export type PendingTabData = { items: PendingItem[]; total: number; page: number; page_size: number };

function Balance({ item }: { item: PendingItem }) {
  const { after, quota, used, other_pending } = item.balance;
  return (
    <PlainStack gap={2}>
      {after === null ? (
        <PlainText fz="sm">ลาได้ตามใบรับรองแพทย์</PlainText>
      ) : after < 0 ? (
        <PlainText fz="sm" c="red" fw={600} data-testid="over-quota">
          เกินสิทธิ์ {daysText(-after)}
        </PlainText>
      ) : (
        <PlainText fz="sm">คงเหลือหลังอนุมัติ {daysText(after)}</PlainText>
      )}
      <PlainText fz="xs" c="dimmed">
        สิทธิ์{typeLabel(item.type)}ปี {item.year + 543}: {quota === null ? "ตามใบรับรองแพทย์" : daysText(quota)} · ใช้แล้ว {daysText(used)}
        {other_pending > 0 ? ` · คำขออื่นรออนุมัติ ${daysText(other_pending)}` : ""}
      </PlainText>
    </PlainStack>
  );
}

function PendingCard({ item, onAction }: { item: PendingItem; onAction: (a: PetitionAction) => void }) {
  return (
    <PlainCard withBorder radius="md" data-testid="pending-petition">
      <PlainStack gap="sm">
        <PlainGroup justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <PlainText fw={600}>{item.employee.full_name}</PlainText>
            <PlainText fz="xs" c="dimmed">
              {item.employee.code}
              {item.created_at ? ` · ยื่นเมื่อ ${formatThaiDateTime(item.created_at)}` : ""}
            </PlainText>
          </div>
          <PlainBadge variant="light">{typeLabel(item.type)}</PlainBadge>
        </PlainGroup>
        <div>
          <PlainText fz="sm" fw={600}>
            {spanText(item)} · {daysText(item.days)}
          </PlainText>
          <PlainText fz="sm" style={{ whiteSpace: "pre-wrap" }}>
            {item.reason}
          </PlainText>
        </div>
        <Attachment url={item.attachment_url} note={item.certificate_note} />
        <Balance item={item} />
        <PlainStack gap={2}>
          <PlainText fz="xs" fw={600}>
            ลาในช่วงเดียวกัน
          </PlainText>
          {item.away.length === 0 ? (
            <PlainText fz="xs" c="dimmed">
              ไม่มีพนักงานคนอื่นลาในวันเหล่านี้
            </PlainText>
          ) : (
            <PlainGroup gap={4} data-testid="away">
              {item.away.map((a) => (
                <PlainBadge key={a.employee_id} variant="outline" color={STATUS_COLORS[a.status]} tt="none" title={spanText(a)}>
                  {a.full_name} ({statusLabel(a.status)})
                </PlainBadge>
              ))}
              {(item.away_total ?? 0) > item.away.length ? (
                <PlainText fz="xs" c="dimmed">
                  และอีก {(item.away_total ?? 0) - item.away.length} คน
                </PlainText>
              ) : null}
            </PlainGroup>
          )}
        </PlainStack>
        <PlainGroup justify="space-between" wrap="wrap" gap="xs">
          <PlainButton
            variant="subtle"
            size="compact-sm"
            leftSection={<IconAdjustments size={16} />}
            onClick={() => onAction({ kind: "quota", employee: item.employee, year: item.year })}
          >
            แก้ไขสิทธิ์การลา
          </PlainButton>
          <PlainGroup gap="xs">
            <PlainButton variant="light" color="red" onClick={() => onAction({ kind: "reject", petition: item })}>
              ไม่อนุมัติ
            </PlainButton>
            <PlainButton color="green" onClick={() => onAction({ kind: "accept", petition: item })}>
              อนุมัติ
            </PlainButton>
          </PlainGroup>
        </PlainGroup>
      </PlainStack>
    </PlainCard>
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
