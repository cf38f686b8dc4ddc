import { ActionIcon, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconTrash, IconUserPlus } from "@tabler/icons-react";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useActionToasts, type ActionAnswer } from "~/components/action-toasts";
import { EmployeePicker, type Person } from "~/components/leave/EmployeePicker";
import type { MachineDto } from "~/models/machines/machine.server";

/** Who looks after one machine: add an employee (searched), remove one after a confirmation. */
export function AssignModal({ machine, onClose }: { machine: MachineDto | null; onClose: () => void }) {
  const fetcher = useFetcher<ActionAnswer>({ key: "machine-assign" });
  const [picked, setPicked] = useState<Person | null>(null);
  useActionToasts(fetcher, { onSuccess: () => setPicked(null) });
  const busy = fetcher.state !== "idle";

  if (!machine) return <Modal opened={false} onClose={onClose} title="ผู้ดูแลตู้" />;

  const submit = (intent: "map" | "unmap", employeeId: number) =>
    fetcher.submit({ intent, machine_id: String(machine.id), employee_id: String(employeeId) }, { method: "post" });

  const confirmRemove = (person: MachineDto["assigned"][number]) =>
    modals.openConfirmModal({
      title: "นำผู้ดูแลออกจากตู้",
      children: (
        <Text fz="sm">
          {person.full_name} ({person.code}) จะไม่ได้ดูแลตู้ {machine.code} อีก
        </Text>
      ),
      labels: { confirm: "นำออก", cancel: "ยกเลิก" },
      confirmProps: { color: "red" },
      zIndex: 1300,
      onConfirm: () => submit("unmap", person.employee_id),
    });

  return (
    <Modal opened onClose={onClose} title={`ผู้ดูแลตู้ ${machine.code} · ${machine.name}`}>
      <Stack gap="sm">
        {machine.assigned.length === 0 ? (
          <Text fz="sm" c="dimmed">
            ยังไม่มีผู้ดูแล
          </Text>
        ) : (
          machine.assigned.map((a) => (
            <Group key={a.employee_id} justify="space-between" wrap="nowrap" data-testid="assignee">
              <div>
                <Text fz="sm" fw={500}>
                  {a.full_name}
                </Text>
                <Text fz="xs" c="dimmed" ff="monospace">
                  {a.code}
                </Text>
              </div>
              <ActionIcon variant="subtle" color="red" aria-label={`นำ ${a.full_name} ออก`} onClick={() => confirmRemove(a)} disabled={busy}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))
        )}
        <Group align="flex-end" wrap="wrap">
          <div style={{ flex: 1 }}>
            <EmployeePicker
              label="เพิ่มผู้ดูแล"
              placeholder="พิมพ์ชื่อหรือรหัสพนักงาน"
              selected={picked}
              inModal
              onChange={(_, person) => setPicked(person ?? null)}
            />
          </div>
          <Button leftSection={<IconUserPlus size={16} />} disabled={!picked} loading={busy} onClick={() => picked && submit("map", picked.id)}>
            เพิ่ม
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
