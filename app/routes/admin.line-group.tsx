import { Alert, List, Paper, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconInfoCircle, IconUsersGroup } from "@tabler/icons-react";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useDialogFetcher } from "~/components/dialog-fetcher";
import { RenameGroupModal, TestMessageModal } from "~/components/line/GroupDialogs";
import { LineGroupTable, type GroupRowAction } from "~/components/line/LineGroupTable";
import { EmptyState } from "~/components/EmptyState";
import { PageFrame } from "~/components/PageFrame";
import { DomainError } from "~/lib/errors";
import { requireAdmin } from "~/auth/guard.server";
import { adminLoader } from "~/auth/page-loaders.server";
import { pageActionError } from "~/lib/http.server";
import { isMessagingConfigured } from "~/lib/line.server";
import { parseOrThrow } from "~/lib/validation";
import {
  GroupUpdateSchema,
  listGroups,
  refreshGroup,
  sendGroupTestMessage,
  TestMessageSchema,
  updateGroup,
  type LineGroupDto,
} from "~/models/line-group.server";

export const meta: MetaFunction = () => [{ title: "กลุ่มไลน์ · TN Management" }];

export const loader = adminLoader(() => json({ ...listGroups(), configured: isMessagingConfigured() }));

type ActionData =
  | { ok: true; intent: string; message: string }
  | { ok: false; error: string; fields: Record<string, string> };

/** Same model functions as /api/line-group*: one way to rename, flag, refresh or test a group. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const actor = { type: "admin" as const, id: admin.id };
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  const id = Number(form.id);
  const done = (message: string) => json<ActionData>({ ok: true, intent, message });
  try {
    if (intent === "rename") {
      const input = parseOrThrow(GroupUpdateSchema, { name: form.name ?? "" }, "กรุณากรอกชื่อกลุ่ม");
      updateGroup(id, { name: input.name }, actor);
      return done("เปลี่ยนชื่อกลุ่มแล้ว");
    }
    if (intent === "flag") {
      const flag = form.flag === "notify_machine" || form.flag === "notify_leave" ? form.flag : null;
      if (!flag) throw new DomainError(400, "ไม่รู้จักการแจ้งเตือนนี้");
      const input = parseOrThrow(GroupUpdateSchema, { [flag]: form.value ?? null }, "ค่าการแจ้งเตือนไม่ถูกต้อง");
      updateGroup(id, input, actor);
      return done("บันทึกการแจ้งเตือนแล้ว");
    }
    if (intent === "refresh") {
      const group = await refreshGroup(id, actor);
      return done(`ดึงข้อมูลกลุ่ม “${group.name}” จาก LINE แล้ว`);
    }
    if (intent === "test") {
      const input = parseOrThrow(TestMessageSchema, { text: form.text }, "ข้อความทดสอบไม่ถูกต้อง");
      await sendGroupTestMessage(id, input.text, actor);
      return done("ส่งข้อความทดสอบแล้ว");
    }
    throw new DomainError(400, "ไม่รู้จักคำสั่งนี้");
  } catch (error) {
    return pageActionError(error);
  }
}

type Dialog = { kind: "rename" | "test"; group: LineGroupDto } | null;

export default function LineGroupPage() {
  const data = useLoaderData<typeof loader>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const form = useDialogFetcher<ActionData>("group-dialog", () => setDialog(null));
  const actions = useFetcher<ActionData>({ key: "group-actions" });

  useEffect(() => {
    if (actions.state !== "idle" || !actions.data) return;
    notifications.show(
      actions.data.ok
        ? { color: "green", message: actions.data.message }
        : { color: "red", title: "ไม่สำเร็จ", message: actions.data.error },
    );
  }, [actions.state, actions.data]);

  function onAction(kind: GroupRowAction, group: LineGroupDto) {
    if (kind === "refresh") {
      actions.submit({ intent: "refresh", id: String(group.id) }, { method: "post" });
      return;
    }
    form.renew();
    setDialog({ kind, group });
  }

  return (
    <PageFrame title="กลุ่มไลน์" description="กลุ่ม LINE ที่บอทเป็นสมาชิก และการแจ้งเตือนที่ส่งไปแต่ละกลุ่ม">
      {!data.configured ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          ยังไม่ได้ตั้งค่า LINE Messaging API (LINE_CHANNEL_SECRET และ LINE_CHANNEL_ACCESS_TOKEN) ระบบจะยังไม่รู้จักกลุ่มใหม่
        </Alert>
      ) : null}
      <Paper withBorder radius="md">
        {data.items.length === 0 ? (
          <EmptyState
            title="ยังไม่มีกลุ่ม LINE"
            hint="เพิ่มบอทเข้ากลุ่ม LINE แล้วกลุ่มจะปรากฏที่นี่"
            icon={<IconUsersGroup size={26} />}
          >
            <List size="sm" c="dimmed" type="ordered">
              <List.Item>เปิดกลุ่มใน LINE แล้วเลือก “เชิญ”</List.Item>
              <List.Item>ค้นหาบัญชี LINE Official ของบริษัทแล้วเชิญเข้ากลุ่ม</List.Item>
              <List.Item>กลับมาที่หน้านี้ แล้วเลือกว่าจะให้กลุ่มรับการแจ้งเตือนใดบ้าง</List.Item>
            </List>
          </EmptyState>
        ) : (
          <LineGroupTable items={data.items} onAction={onAction} />
        )}
      </Paper>
      <Text fz="sm" c="dimmed">
        ทั้งหมด {data.total.toLocaleString("th-TH")} กลุ่ม · กลุ่มที่เปิด “แจ้งเตือนการลา” จะได้รับแจ้งเมื่อมีคำขอลาใหม่
        และกลุ่มที่เปิด “แจ้งเตือนตู้” จะได้รับรายงานการเข้าตู้
      </Text>
      <RenameGroupModal
        group={dialog?.kind === "rename" ? dialog.group : null}
        fetcher={form.fetcher}
        onClose={() => setDialog(null)}
      />
      <TestMessageModal
        group={dialog?.kind === "test" ? dialog.group : null}
        fetcher={form.fetcher}
        onClose={() => setDialog(null)}
      />
    </PageFrame>
  );
}
