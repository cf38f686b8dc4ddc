import { Badge, Button, Group, Menu, Paper, Table, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconKey, IconPlayerPlay, IconPlayerStop, IconUserPlus } from "@tabler/icons-react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useActionToasts } from "~/components/action-toasts";
import { useDialogFetcher } from "~/components/dialog-fetcher";
import { formatThaiDateTime } from "~/lib/thai-date";
import type { AdminUserDto } from "~/models/admins/users.server";
import { AddAdminModal } from "./AddAdminModal";
import { PasswordOnceModal, type Revealed } from "./PasswordOnceModal";
import { RowActions } from "~/components/RowActions";

/** What the page action answers these forms (pageAction's shape, serialised). */
export type AdminUsersAnswer =
  | { ok: true; intent: string; message: string; data?: { admin: AdminUserDto; password?: string } }
  | { ok: false; intent?: string; error: string; fields: Record<string, string> };

const displayName = (a: AdminUserDto) => a.full_name || a.username;

export function AdminUsersTable({
  admins,
  currentAdminId,
  onAction,
}: {
  admins: AdminUserDto[];
  currentAdminId: number;
  onAction: (action: "active" | "reset", admin: AdminUserDto) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="ผู้ดูแลระบบ">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ชื่อผู้ใช้</Table.Th>
            <Table.Th>ชื่อ-นามสกุล</Table.Th>
            <Table.Th>เข้าสู่ระบบล่าสุด</Table.Th>
            <Table.Th>สถานะ</Table.Th>
            <Table.Th w={56}>
              <span className="visually-hidden">จัดการ</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {admins.map((a) => {
            const self = a.id === currentAdminId;
            return (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={500}>{a.username}</Text>
                    {self ? <Badge variant="light" size="sm">คุณ</Badge> : null}
                    {a.line_linked ? <Badge variant="outline" color="green" size="sm">LINE</Badge> : null}
                  </Group>
                </Table.Td>
                <Table.Td>{a.full_name || <Text c="dimmed" span>—</Text>}</Table.Td>
                <Table.Td>
                  {a.last_sign_in_at ? `${formatThaiDateTime(a.last_sign_in_at)} น.` : <Text c="dimmed" span fz="sm">ยังไม่เคยเข้าสู่ระบบ</Text>}
                </Table.Td>
                <Table.Td>
                  <Badge color={a.active ? "green" : "gray"}>{a.active ? "ใช้งาน" : "ปิดใช้งาน"}</Badge>
                </Table.Td>
                <Table.Td>
                  <RowActions label={`จัดการ ${a.username}`}>
                    <Menu.Item leftSection={<IconKey size={16} />} onClick={() => onAction("reset", a)}>
                      ตั้งรหัสผ่านใหม่
                    </Menu.Item>
                    {self ? null : (
                      <Menu.Item
                        color={a.active ? "red" : undefined}
                        leftSection={a.active ? <IconPlayerStop size={16} /> : <IconPlayerPlay size={16} />}
                        onClick={() => onAction("active", a)}
                      >
                        {a.active ? "ปิดใช้งาน" : "เปิดใช้งาน"}
                      </Menu.Item>
                    )}
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The /admin/users page body: the table, the add dialog, confirmations and the one-time password. */
export function AdminUsers({
  admins,
  currentAdminId,
  passwordMinLength,
}: {
  admins: AdminUserDto[];
  currentAdminId: number;
  passwordMinLength: number;
}) {
  const [adding, setAdding] = useState(false);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const add = useDialogFetcher<AdminUsersAnswer>("admin-add", () => setAdding(false));
  const actions = useFetcher<AdminUsersAnswer>({ key: "admin-actions" });
  useActionToasts(actions, {
    onSuccess: (answer) => {
      if (answer.intent === "reset" && answer.data?.password) {
        setRevealed({ username: answer.data.admin.username, password: answer.data.password, reason: "reset" });
      }
    },
  });
  const added = add.fetcher.state === "idle" ? add.fetcher.data : undefined;
  useEffect(() => {
    if (added?.ok && added.data?.password) setRevealed({ username: added.data.admin.username, password: added.data.password, reason: "added" });
  }, [added]);

  function onAction(action: "active" | "reset", a: AdminUserDto) {
    if (action === "reset") {
      modals.openConfirmModal({
        title: "ตั้งรหัสผ่านใหม่",
        children: (
          <Text fz="sm">
            ระบบจะสุ่มรหัสผ่านใหม่ให้ {displayName(a)} และแสดงให้เห็นเพียงครั้งเดียว
            {a.id === currentAdminId ? " อุปกรณ์อื่นของคุณจะถูกออกจากระบบ" : " อุปกรณ์ทุกเครื่องที่เข้าสู่ระบบด้วยบัญชีนี้จะถูกออกจากระบบ"}
          </Text>
        ),
        labels: { confirm: "ตั้งรหัสผ่านใหม่", cancel: "ยกเลิก" },
        onConfirm: () => actions.submit({ intent: "reset", id: String(a.id) }, { method: "post" }),
      });
      return;
    }
    modals.openConfirmModal({
      title: a.active ? "ปิดใช้งานผู้ดูแลระบบ" : "เปิดใช้งานผู้ดูแลระบบ",
      children: (
        <Text fz="sm">
          {a.active
            ? `${displayName(a)} จะเข้าสู่ระบบไม่ได้ และถูกออกจากระบบทุกอุปกรณ์ทันที ข้อมูลและประวัติการทำงานยังอยู่ครบ`
            : `${displayName(a)} จะเข้าสู่ระบบได้อีกครั้งด้วยรหัสผ่านเดิม`}
        </Text>
      ),
      labels: { confirm: a.active ? "ปิดใช้งาน" : "เปิดใช้งาน", cancel: "ยกเลิก" },
      confirmProps: a.active ? { color: "red" } : undefined,
      onConfirm: () => actions.submit({ intent: "active", id: String(a.id), active: a.active ? "0" : "1" }, { method: "post" }),
    });
  }

  return (
    <>
      <Group justify="flex-end">
        <Button
          leftSection={<IconUserPlus size={18} />}
          onClick={() => {
            add.renew();
            setAdding(true);
          }}
        >
          เพิ่มผู้ดูแลระบบ
        </Button>
      </Group>
      <Paper withBorder radius="md">
        <AdminUsersTable admins={admins} currentAdminId={currentAdminId} onAction={onAction} />
      </Paper>
      <Text fz="sm" c="dimmed">
        ผู้ดูแลระบบที่ปิดใช้งานจะเข้าสู่ระบบไม่ได้ ต้องมีผู้ดูแลระบบที่ใช้งานอยู่อย่างน้อยหนึ่งคนเสมอ
      </Text>
      <AddAdminModal opened={adding} fetcher={add.fetcher} onClose={() => setAdding(false)} passwordMinLength={passwordMinLength} />
      <PasswordOnceModal revealed={revealed} onClose={() => setRevealed(null)} />
    </>
  );
}
