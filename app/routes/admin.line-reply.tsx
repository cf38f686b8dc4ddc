import { Alert, Button, Group, List, Paper, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { IconInfoCircle, IconPlus, IconRefresh } from "@tabler/icons-react";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useDialogFetcher } from "~/components/dialog-fetcher";
import { ReplyMessageForm } from "~/components/line/ReplyMessageForm";
import { ReplyTable } from "~/components/line/ReplyTable";
import { EmptyState } from "~/components/EmptyState";
import { PageFrame } from "~/components/PageFrame";
import { DomainError } from "~/lib/errors";
import { requireAdmin } from "~/auth/guard.server";
import { adminLoader } from "~/auth/page-loaders.server";
import { pageActionError } from "~/lib/http.server";
import { isMessagingConfigured } from "~/lib/line.server";
import { formatThaiDateTime } from "~/lib/thai-date";
import { parseReplyInput, ReplyCreateSchema, ReplyUpdateSchema } from "~/models/line-message-schema";
import {
  createReply,
  deleteReply,
  lastSyncedAt,
  listReplies,
  syncReplies,
  updateReply,
  type ReplyDto,
  type SyncResult,
} from "~/models/reply-message.server";

export const meta: MetaFunction = () => [{ title: "ข้อความตอบกลับ · TN Management" }];

export const loader = adminLoader(() => {
  const { items, total } = listReplies();
  return json({ items, total, lastSync: lastSyncedAt(items), configured: isMessagingConfigured() });
});

type ActionData =
  | { ok: true; intent: string; message: string; sync?: SyncResult }
  | { ok: false; error: string; fields: Record<string, string> };

function parseMessages(value: FormDataEntryValue | undefined) {
  try {
    return JSON.parse(String(value ?? ""));
  } catch {
    return undefined;
  }
}

/** Same model functions as /api/message*: one way to create, edit, enable, delete or sync. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const actor = { type: "admin" as const, id: admin.id };
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  const id = Number(form.id);
  const reply = (data: ActionData) => json<ActionData>(data);
  try {
    if (intent === "create" || intent === "update") {
      const input = { ...form, messages: parseMessages(form.messages) };
      if (intent === "create") createReply(parseReplyInput(ReplyCreateSchema, input), actor);
      else updateReply(id, parseReplyInput(ReplyCreateSchema, input), actor);
      return reply({ ok: true, intent, message: intent === "create" ? "เพิ่มข้อความตอบกลับแล้ว" : "บันทึกการแก้ไขแล้ว" });
    }
    if (intent === "toggle") {
      const input = parseReplyInput(ReplyUpdateSchema, { active: form.active ?? null });
      if (input.active === undefined) throw new DomainError(400, "ค่าเปิด/ปิดไม่ถูกต้อง");
      updateReply(id, { active: input.active }, actor);
      return reply({ ok: true, intent, message: input.active ? "เปิดใช้งานแล้ว" : "ปิดใช้งานแล้ว" });
    }
    if (intent === "delete") {
      deleteReply(id, actor);
      return reply({ ok: true, intent, message: "ลบข้อความตอบกลับแล้ว" });
    }
    if (intent === "sync") {
      const sync = await syncReplies(actor);
      const message = sync.invalid.length
        ? `ตรวจแล้ว ${sync.synced} รายการ ไม่ผ่าน ${sync.invalid.length} รายการ`
        : `ตรวจแล้ว ${sync.synced} รายการ ผ่านทั้งหมด`;
      return reply({ ok: true, intent, message, sync });
    }
    throw new DomainError(400, "ไม่รู้จักคำสั่งนี้");
  } catch (error) {
    return pageActionError(error);
  }
}

type Dialog = { kind: "create" } | { kind: "edit"; reply: ReplyDto } | null;

export default function LineReplyPage() {
  const data = useLoaderData<typeof loader>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const form = useDialogFetcher<ActionData>("reply-form", () => setDialog(null));
  const actions = useFetcher<ActionData>({ key: "reply-actions" });
  const [lastSync, setLastSync] = useState<SyncResult | null>(null);

  useEffect(() => {
    if (actions.state !== "idle" || !actions.data) return;
    if (actions.data.ok) {
      if (actions.data.sync) setLastSync(actions.data.sync);
      notifications.show({ color: actions.data.sync?.invalid.length ? "orange" : "green", message: actions.data.message });
    } else {
      notifications.show({ color: "red", title: "ไม่สำเร็จ", message: actions.data.error });
    }
  }, [actions.state, actions.data]);

  const open = (next: Dialog) => {
    form.renew();
    setDialog(next);
  };

  function confirmDelete(reply: ReplyDto) {
    modals.openConfirmModal({
      title: "ลบข้อความตอบกลับ",
      children: <Text fz="sm">ยืนยันการลบข้อความตอบกลับของคำสำคัญ “{reply.keyword}”? ลบแล้วกู้คืนไม่ได้</Text>,
      labels: { confirm: "ลบ", cancel: "ยกเลิก" },
      confirmProps: { color: "red" },
      onConfirm: () => actions.submit({ intent: "delete", id: String(reply.id) }, { method: "post" }),
    });
  }

  const syncing = actions.state !== "idle" && actions.formData?.get("intent") === "sync";
  const keywordOf = (id: number) => data.items.find((r) => r.id === id)?.keyword ?? `#${id}`;

  return (
    <PageFrame title="ข้อความตอบกลับ" description="บอท LINE ตอบกลับอัตโนมัติเมื่อผู้ใช้พิมพ์คำสำคัญ">
      {!data.configured ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          ยังไม่ได้ตั้งค่า LINE Messaging API (LINE_CHANNEL_SECRET และ LINE_CHANNEL_ACCESS_TOKEN) บอทจะยังไม่ตอบกลับ
        </Alert>
      ) : null}
      <Group justify="space-between" wrap="wrap">
        <Text fz="sm" c="dimmed">
          {data.lastSync ? `ตรวจกับ LINE ล่าสุด ${formatThaiDateTime(data.lastSync)}` : "ยังไม่เคยตรวจกับ LINE"}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={syncing}
            onClick={() => actions.submit({ intent: "sync" }, { method: "post" })}
          >
            ซิงก์กับ LINE
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => open({ kind: "create" })}>
            เพิ่มข้อความตอบกลับ
          </Button>
        </Group>
      </Group>
      {lastSync ? (
        <Alert
          color={lastSync.invalid.length ? "orange" : "green"}
          title={`ผลการซิงก์: ตรวจ ${lastSync.synced} รายการ ไม่ผ่าน ${lastSync.invalid.length} รายการ`}
          withCloseButton
          onClose={() => setLastSync(null)}
        >
          {lastSync.invalid.length ? (
            <List size="sm">
              {lastSync.invalid.map((item) => (
                <List.Item key={item.id}>
                  “{keywordOf(item.id)}”: {item.error}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text fz="sm">LINE รับข้อความตอบกลับที่เปิดใช้งานทั้งหมด</Text>
          )}
        </Alert>
      ) : null}
      <Paper withBorder radius="md">
        {data.items.length === 0 ? (
          <EmptyState title="ยังไม่มีข้อความตอบกลับ" hint="กด “เพิ่มข้อความตอบกลับ” แล้วกำหนดคำสำคัญกับข้อความที่บอทจะตอบ" />
        ) : (
          <ReplyTable items={data.items} onEdit={(reply) => open({ kind: "edit", reply })} onDelete={confirmDelete} />
        )}
      </Paper>
      <Text fz="sm" c="dimmed">
        ทั้งหมด {data.total.toLocaleString("th-TH")} รายการ · บอทใช้ข้อความแรก (ตามลำดับที่สร้าง) ที่ตรงกับคำสำคัญ
      </Text>
      <ReplyMessageForm
        opened={dialog !== null}
        reply={dialog?.kind === "edit" ? dialog.reply : null}
        fetcher={form.fetcher}
        onClose={() => setDialog(null)}
      />
    </PageFrame>
  );
}
