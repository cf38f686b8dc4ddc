import { Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { IconBuildingStore, IconPlus, IconSearch } from "@tabler/icons-react";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useActionToasts, type ActionAnswer } from "~/components/action-toasts";
import { useDialogFetcher, type DialogResult } from "~/components/dialog-fetcher";
import { EmptyState } from "~/components/EmptyState";
import { EmployeePicker } from "~/components/leave/EmployeePicker";
import { useTabParams } from "~/components/tab-params";
import { MACHINE_TYPE_LABELS } from "~/lib/enums";
import type { MachineActiveFilter } from "~/models/machines/schema";
import type { MachineDto } from "~/models/machines/machine.server";
import { ListFooter } from "~/components/ListFooter";
import { AssignModal } from "./AssignModal";
import { MachineFormModal } from "./MachineFormModal";
import { MachineTable, type MachineRowAction } from "./MachineTable";

export const MACHINES_TAB = "machines";

export type MachinesTabData = {
  query: { q: string; type: number | null; employee_id: number | null; unassigned: boolean; overdue: boolean; active: MachineActiveFilter };
  employee: { id: number; code: string; full_name: string } | null;
  items: MachineDto[];
  total: number;
  page: number;
  page_size: number;
};

const TYPE_OPTIONS = Object.entries(MACHINE_TYPE_LABELS).map(([value, label]) => ({ value, label }));

type Dialog = { kind: "form"; machine: MachineDto | null } | { kind: "assign"; id: number } | null;

/** The registry tab: search, filters, the table (cards on a phone), paging and the machine dialogs. */
export function MachinesTab({ data }: { data: MachinesTabData }) {
  const [, set] = useTabParams(MACHINES_TAB, { resetPage: true });
  const [, setPage] = useTabParams(MACHINES_TAB);
  const [dialog, setDialog] = useState<Dialog>(null);
  const form = useDialogFetcher<DialogResult>("machine-dialog", () => setDialog(null));
  const actions = useFetcher<ActionAnswer>({ key: "machine-actions" });
  useActionToasts(actions);
  const search = useDebouncedCallback((q: string) => set({ q: q.trim() || null }), 350);
  const { query } = data;
  const filtered = Boolean(query.q || query.type || query.employee_id || query.unassigned || query.overdue || query.active !== "1");
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  const assigning = dialog?.kind === "assign" ? (data.items.find((m) => m.id === dialog.id) ?? null) : null;

  const openForm = (machine: MachineDto | null) => {
    form.renew();
    setDialog({ kind: "form", machine });
  };

  function onAction(kind: MachineRowAction, m: MachineDto) {
    if (kind === "edit") return openForm(m);
    if (kind === "assign") return setDialog({ kind: "assign", id: m.id });
    modals.openConfirmModal({
      title: m.active ? "ปิดใช้งานตู้" : "เปิดใช้งานตู้",
      children: (
        <Text fz="sm">
          {m.code} · {m.name}:{" "}
          {m.active ? "ตู้จะไม่แสดงในรายการตู้ที่ใช้งาน และไม่ถูกนับว่าเลยกำหนด ข้อมูลและประวัติยังอยู่ครบ" : "ตู้จะกลับมาอยู่ในรายการตู้ที่ใช้งาน"}
        </Text>
      ),
      labels: { confirm: m.active ? "ปิดใช้งาน" : "เปิดใช้งาน", cancel: "ยกเลิก" },
      confirmProps: m.active ? { color: "red" } : undefined,
      onConfirm: () => actions.submit({ intent: "active", id: String(m.id), active: m.active ? "0" : "1" }, { method: "post" }),
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="ค้นหา"
            defaultValue={query.q}
            placeholder="รหัส ชื่อตู้ หรือที่อยู่"
            aria-label="ค้นหาตู้"
            leftSection={<IconSearch size={16} />}
            onChange={(e) => search(e.currentTarget.value)}
            w={240}
          />
          <Select
            label="ประเภท"
            placeholder="ทุกประเภท"
            clearable
            data={TYPE_OPTIONS}
            value={query.type === null ? null : String(query.type)}
            onChange={(v) => set({ type: v })}
            w={150}
          />
          <EmployeePicker
            label="ผู้ดูแล"
            placeholder="ทุกคน (พิมพ์ชื่อหรือรหัส)"
            selected={data.employee}
            onChange={(id) => set({ employee_id: id, unassigned: null })}
          />
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
          เพิ่มตู้
        </Button>
      </Group>
      <Group gap="lg" wrap="wrap">
        <Checkbox
          label="ยังไม่มีผู้ดูแล"
          checked={query.unassigned}
          onChange={(e) => set({ unassigned: e.currentTarget.checked ? "1" : null, employee_id: null })}
        />
        <Checkbox label="เลยกำหนด" checked={query.overdue} onChange={(e) => set({ overdue: e.currentTarget.checked ? "1" : null })} />
        <Checkbox
          label="แสดงตู้ที่ปิดใช้งาน"
          checked={query.active === "all"}
          onChange={(e) => set({ active: e.currentTarget.checked ? "all" : null })}
        />
      </Group>
      <Paper withBorder radius="md">
        {data.items.length === 0 ? (
          <EmptyState
            icon={<IconBuildingStore size={24} />}
            title={filtered ? "ไม่พบตู้ตามที่ค้นหา" : "ยังไม่มีตู้"}
            hint={filtered ? "ลองเปลี่ยนคำค้นหาหรือตัวกรอง" : "กด “เพิ่มตู้” เพื่อลงทะเบียนตู้แรก"}
          />
        ) : (
          <MachineTable items={data.items} onAction={onAction} />
        )}
      </Paper>
      <ListFooter total={data.total} unit="ตู้" page={data.page} pages={pages} onPage={(p) => setPage({ page: p === 1 ? null : String(p) })} />
      <MachineFormModal
        opened={dialog?.kind === "form"}
        machine={dialog?.kind === "form" ? dialog.machine : null}
        onClose={() => setDialog(null)}
        fetcher={form.fetcher}
      />
      <AssignModal machine={assigning} onClose={() => setDialog(null)} />
    </Stack>
  );
}
