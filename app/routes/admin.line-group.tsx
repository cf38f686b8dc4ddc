import { Alert, List, Paper, Text } from "@mantine/core";
import { IconInfoCircle, IconUsersGroup } from "@tabler/icons-react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useDialogFetcher } from "~/components/dialog-fetcher";
import { RenameGroupModal, TestMessageModal } from "~/components/line/GroupDialogs";
import { useLineConfigured } from "~/components/line/NeedsLine";
import { LineGroupTable, type GroupRowAction } from "~/components/line/LineGroupTable";
import { RichMenuSection } from "~/components/line/RichMenuSection";
import { EmptyState } from "~/components/EmptyState";
import { PageFrame } from "~/components/PageFrame";
import { requireAdmin } from "~/http/guard.server";
import { adminLoader } from "~/http/page-loaders.server";
import { useActionToasts } from "~/components/action-toasts";
import { pageAction } from "~/http/page-action.server";
import { lineGroupIntents } from "~/http/intents/line-groups.server";
import { isMessagingConfigured } from "~/lib/line.server";
import { listGroups, type LineGroupDto } from "~/models/line/group.server";

export const meta: MetaFunction = () => [{ title: "กลุ่มไลน์ · TN Management" }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, () => json({ ...listGroups(), configured: isMessagingConfigured() }));

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, lineGroupIntents({ type: "admin", id: admin.id }));
}

type Dialog = { kind: "rename" | "test"; group: LineGroupDto } | null;

export default function LineGroupPage() {
  const data = useLoaderData<typeof loader>();
  const lineConfigured = useLineConfigured();
  const [dialog, setDialog] = useState<Dialog>(null);
  const form = useDialogFetcher<SerializeFrom<typeof action>>("group-dialog", () => setDialog(null));
  const actions = useFetcher<typeof action>({ key: "group-actions" });
  useActionToasts(actions);
  const richMenu = useFetcher<typeof action>({ key: "rich-menu" });
  useActionToasts(richMenu);

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
          ยังไม่ได้ตั้งค่า LINE ของระบบ ระบบจะยังไม่รู้จักกลุ่มใหม่ กรุณาให้ผู้ดูแลเซิร์ฟเวอร์ตั้งค่าช่องทาง LINE ตามคู่มือ (README)
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
          <LineGroupTable items={data.items} onAction={onAction} lineConfigured={lineConfigured} />
        )}
      </Paper>
      <Text fz="sm" c="dimmed">
        ทั้งหมด {data.total.toLocaleString("th-TH")} กลุ่ม · กลุ่มที่เปิด “แจ้งเตือนการลา” จะได้รับแจ้งเมื่อมีคำขอลาใหม่
        กลุ่มที่เปิด “แจ้งเตือนตู้” จะได้รับรายงานการเข้าตู้ และกลุ่มที่เปิด “สรุปประจำวัน” จะได้รับสรุปทุกวันทำงาน
      </Text>
      <RichMenuSection
        lineConfigured={lineConfigured}
        busy={richMenu.state !== "idle"}
        onConfirm={() => richMenu.submit({ intent: "rich_menu" }, { method: "post" })}
      />
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
