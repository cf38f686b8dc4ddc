import { Alert, Anchor, Badge, Button, Code, Fieldset, Group, Paper, Select, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconDeviceTablet, IconQrcode } from "@tabler/icons-react";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useActionToasts, type ActionAnswer } from "~/components/action-toasts";
import { formatThaiDateTime } from "~/lib/thai-date";
import { KIOSK_LABELS } from "~/models/kiosk/labels";

/** A kiosk as GET /api/office/kiosks lists it. */
export type KioskItem = { id: number; office: string; paired_at: string; last_seen_at: string | null; revoked_at: string | null; office_exists: boolean };

type PairingAnswer = ActionAnswer & { intent?: string; data?: { code: string; expires_at: string; office: string } };

export const KIOSK_PAIRING_INTENT = "kiosk_pairing";
export const KIOSK_REVOKE_INTENT = "kiosk_revoke";

function KioskRow({ kiosk }: { kiosk: KioskItem }) {
  const fetcher = useFetcher<ActionAnswer>({ key: `kiosk-revoke-${kiosk.id}` });
  useActionToasts(fetcher);
  const confirm = () =>
    modals.openConfirmModal({
      title: "ยกเลิกเครื่องลงเวลา",
      children: <Text fz="sm">เครื่องลงเวลาของ{kiosk.office}จะแสดง QR ไม่ได้อีก ต้องจับคู่ใหม่ด้วยรหัสใหม่</Text>,
      labels: { confirm: "ยกเลิกเครื่องนี้", cancel: "ไม่ยกเลิก" },
      confirmProps: { color: "red" },
      onConfirm: () => fetcher.submit({ intent: KIOSK_REVOKE_INTENT, id: String(kiosk.id) }, { method: "post" }),
    });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="kiosk-row">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Group gap="xs">
            <IconDeviceTablet size={18} aria-hidden />
            <Text fw={600}>{kiosk.office}</Text>
            {kiosk.revoked_at ? (
              <Badge color="gray" variant="light">
                {KIOSK_LABELS.revoked}
              </Badge>
            ) : !kiosk.office_exists ? (
              <Badge color="orange" variant="light">
                ไม่มีสำนักงานนี้ในการตั้งค่าแล้ว
              </Badge>
            ) : null}
          </Group>
          <Text fz="sm" c="dimmed">
            จับคู่เมื่อ {formatThaiDateTime(kiosk.paired_at)} น. · ติดต่อล่าสุด {kiosk.last_seen_at ? `${formatThaiDateTime(kiosk.last_seen_at)} น.` : "ยังไม่เคย"}
            {kiosk.revoked_at ? ` · ยกเลิกเมื่อ ${formatThaiDateTime(kiosk.revoked_at)} น.` : ""}
          </Text>
        </div>
        {kiosk.revoked_at ? null : (
          <Button variant="light" color="red" size="xs" onClick={confirm} loading={fetcher.state !== "idle"} aria-label={`ยกเลิกเครื่องลงเวลาของ${kiosk.office}`}>
            ยกเลิก
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The kiosks in the settings tab of /admin/checkin-out (ADR 050): a pairing code for an office's
 * kiosk (10 minutes, one use), and the paired kiosks with when each was last seen and a revoke.
 */
export function KiosksPanel({ kiosks, offices }: { kiosks: KioskItem[]; offices: string[] }) {
  const fetcher = useFetcher<PairingAnswer>({ key: "kiosk-pairing" });
  const [office, setOffice] = useState<string | null>(offices[0] ?? null);
  const issued = fetcher.data?.ok && fetcher.data.intent === KIOSK_PAIRING_INTENT ? fetcher.data.data : undefined;
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const chosen = office && offices.includes(office) ? office : (offices[0] ?? null);

  return (
    <Fieldset legend="เครื่องลงเวลา (QR ที่สำนักงาน)" mt="md">
      <Stack>
        <Text fz="sm">
          เปิดหน้า{" "}
          <Anchor href="/kiosk" target="_blank" rel="noreferrer">
            /kiosk
          </Anchor>{" "}
          บนแท็บเล็ตหรือจอที่ทางเข้าสำนักงาน แล้วใส่รหัสจับคู่: เครื่องจะแสดง QR ที่เปลี่ยนทุก 30 วินาที พนักงานสแกนด้วย LINE
          เพื่อลงเวลาในสำนักงานได้แม้ GPS ในอาคารไม่แม่น และพนักงานที่ไม่มี LINE ลงเวลาด้วยรหัสพนักงานและ PIN ที่เครื่องนั้นได้
        </Text>
        {offices.length === 0 ? (
          <Text c="dimmed" fz="sm">
            เพิ่มและบันทึกสำนักงานก่อน จึงจะออกรหัสจับคู่ได้
          </Text>
        ) : (
          <Group align="flex-end">
            <Select label="สำนักงานของเครื่อง" data={offices} value={chosen} onChange={setOffice} allowDeselect={false} w={260} />
            <Button
              leftSection={<IconQrcode size={18} />}
              loading={fetcher.state !== "idle"}
              disabled={!chosen}
              onClick={() => chosen && fetcher.submit({ intent: KIOSK_PAIRING_INTENT, office: chosen }, { method: "post" })}
            >
              ออกรหัสจับคู่
            </Button>
          </Group>
        )}
        {issued ? (
          <Alert color="blue" role="status" title={`รหัสจับคู่เครื่องลงเวลาของ${issued.office}`}>
            <Stack gap="xs">
              <Code fz={32} fw={700} ta="center" data-testid="kiosk-pairing-code">
                {issued.code}
              </Code>
              <Text fz="sm">ใส่รหัสนี้ที่หน้า /kiosk ของเครื่อง ใช้ได้ครั้งเดียว ภายใน {formatThaiDateTime(issued.expires_at)} น. (10 นาที)</Text>
            </Stack>
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {kiosks.length === 0 ? (
          <Text c="dimmed" fz="sm">
            ยังไม่มีเครื่องลงเวลา
          </Text>
        ) : (
          <Stack gap="xs" aria-label="เครื่องลงเวลา">
            {kiosks.map((k) => (
              <KioskRow key={k.id} kiosk={k} />
            ))}
          </Stack>
        )}
      </Stack>
    </Fieldset>
  );
}
