import { Alert, Button, Group, List, Paper, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconInfoCircle, IconPlus, IconRefresh } from "@tabler/icons-react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useDialogFetcher } from "~/components/dialog-fetcher";
import { NeedsLine, useLineConfigured } from "~/components/line/NeedsLine";
import { ReplyMessageForm } from "~/components/line/ReplyMessageForm";
import { ReplyTable } from "~/components/line/ReplyTable";
import { EmptyState } from "~/components/EmptyState";
import { PageFrame } from "~/components/PageFrame";
import { requireAdmin } from "~/http/guard.server";
import { adminLoader } from "~/http/page-loaders.server";
import { useActionToasts } from "~/components/action-toasts";
import { pageAction } from "~/http/page-action.server";
import { lineReplyIntents } from "~/http/intents/line-replies.server";
import { isMessagingConfigured } from "~/lib/line.server";
import { formatThaiDateTime } from "~/lib/thai-date";
import { lastSyncedAt, listReplies, type ReplyDto, type SyncResult } from "~/models/line/reply-message.server";

export const meta: MetaFunction = () => [{ title: "ข้อความตอบกลับ · TN Management" }];

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, () => {
  const { items, total } = listReplies();
  return json({ items, total, lastSync: lastSyncedAt(items), configured: isMessagingConfigured() });
});

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, lineReplyIntents({ type: "admin", id: admin.id }));
}

type Dialog = { kind: "create" } | { kind: "edit"; reply: ReplyDto } | null;

export default function LineReplyPage() {
  const data = useLoaderData<typeof loader>();
  const lineConfigured = useLineConfigured();
  const [dialog, setDialog] = useState<Dialog>(null);
  const form = useDialogFetcher<SerializeFrom<typeof action>>("reply-form", () => setDialog(null));
  const actions = useFetcher<typeof action>({ key: "reply-actions" });
  const [lastSync, setLastSync] = useState<SyncResult | null>(null);

  useActionToasts(actions, {
    color: (done) => (done.intent === "sync" && done.data?.invalid.length ? "orange" : "green"),
    onSuccess: (done) => {
      if (done.intent === "sync" && done.data) setLastSync(done.data);
    },
  });

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
          ยังไม่ได้ตั้งค่า LINE ของระบบ บอทจะยังไม่ตอบกลับ กรุณาให้ผู้ดูแลเซิร์ฟเวอร์ตั้งค่าช่องทาง LINE ตามคู่มือ (README)
        </Alert>
      ) : null}
      <Group justify="space-between" wrap="wrap">
        <Text fz="sm" c="dimmed">
          {data.lastSync ? `ตรวจกับ LINE ล่าสุด ${formatThaiDateTime(data.lastSync)}` : "ยังไม่เคยตรวจกับ LINE"}
        </Text>
        <Group gap="xs">
          <NeedsLine configured={lineConfigured}>
            {(off) => (
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                loading={syncing}
                disabled={off}
                onClick={() => actions.submit({ intent: "sync" }, { method: "post" })}
              >
                ซิงก์กับ LINE
              </Button>
            )}
          </NeedsLine>
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
