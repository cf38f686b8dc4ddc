import { Alert } from "~mantine-core/components/Alert/Alert";
import { Group } from "~mantine-core/components/Group/Group";
import { Loader } from "~mantine-core/components/Loader/Loader";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import IconBuildingStore from "@tabler/icons-react/dist/esm/icons/IconBuildingStore.mjs";
import { useCallback, useEffect, useState } from "react";
import { EmptyState } from "~/components/EmptyState";
import { clockTimeOf } from "~/lib/thai-date";
import { useChatConfirm } from "~/components/liff/chat-confirm";
import { empFetch } from "~/components/liff/emp-api";
import { usePosition } from "~/components/liff/use-position";
import { MachineCard } from "./MachineCard";
import type { EmployeeMachine, VisitDto } from "./machine-types";
import { VisitForm } from "./VisitForm";
import { LazyModal } from "~/components/liff/LazyModal";

/** The note sent into the chat: `🏪 ส่งรายงานตู้ M001 (เติมสินค้า) เวลา 10:20 น.`. */
export function visitChatText(visit: VisitDto) {
  return `🏪 ส่งรายงานตู้ ${visit.machine.code} (${visit.status_label}) เวลา ${clockTimeOf(visit.visited_at)} น.`;
}

type Props = {
  /** The machines from the loader (by code, without distances); fetched on mount when absent. */
  initial: EmployeeMachine[] | null;
  maxAccuracy: number;
};

/** /employee/vending-machine: the employee's machines, nearest first once the position is known, and the report form. */
export function MachineList({ initial, maxAccuracy }: Props) {
  const [items, setItems] = useState<EmployeeMachine[] | null>(initial);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [open, setOpen] = useState<EmployeeMachine | null>(null);
  const [sent, setSent] = useState<VisitDto | null>(null);
  const { state: position, locate } = usePosition(true);
  const fix = position.status === "ready" ? position.fix : null;
  const chat = useChatConfirm();

  const load = useCallback(async (at: { lat: number; lng: number } | null) => {
    const query = at ? `?lat=${at.lat}&lng=${at.lng}` : "";
    const answer = await empFetch<{ items: EmployeeMachine[] }>(`/api/emp/machine${query}`);
    if (answer.ok) {
      setItems(answer.data.items);
      setLoadError(null);
    } else setLoadError(answer.error);
  }, []);

  useEffect(() => {
    if (fix) void load(fix);
    else if (!initial) void load(null);
  }, [fix, initial, load]);

  function onSent(visit: VisitDto) {
    setOpen(null);
    setSent(visit);
    void chat.send(visitChatText(visit));
    void load(fix);
  }

  return (
    <Stack>
      {sent ? (
        <Alert color="green" role="status" title="ส่งรายงานแล้ว" withCloseButton onClose={() => setSent(null)}>
          {sent.machine.code} {sent.status_label} เวลา {clockTimeOf(sent.visited_at)} น.
        </Alert>
      ) : null}
      {chat.notice}
      {position.status === "error" ? (
        <Alert color="yellow" role="alert" title="ไม่ได้ตำแหน่ง">
          {position.message}
        </Alert>
      ) : null}
      {loadError ? (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      ) : null}
      {items === null ? (
        loadError ? null : (
          <Group gap="xs">
            <Loader size="sm" />
            <Text c="dimmed">กำลังโหลด…</Text>
          </Group>
        )
      ) : items.length === 0 ? (
        <EmptyState title="ยังไม่มีตู้ที่รับผิดชอบ" hint="เมื่อผู้ดูแลกำหนดตู้ให้คุณ รายการจะแสดงที่นี่" icon={<IconBuildingStore />} />
      ) : (
        items.map((m) => <MachineCard key={m.id} machine={m} onReport={setOpen} />)
      )}
      <LazyModal opened={open !== null} onClose={() => setOpen(null)} title="รายงานการเข้าตู้" fullScreen>
        {open ? <VisitForm machine={open} position={position} onLocate={locate} maxAccuracy={maxAccuracy} onSent={onSent} /> : null}
      </LazyModal>
    </Stack>
  );
}
