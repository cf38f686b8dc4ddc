import { Button, Group, Paper, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useDialogFetcher } from "~/components/dialog-fetcher";
import { PageFrame } from "~/components/PageFrame";
import { ScheduleFormModal } from "~/components/schedules/ScheduleFormModal";
import { ScheduleTable } from "~/components/schedules/ScheduleTable";
import { requireAdmin } from "~/http/guard.server";
import { scheduleIntents, schedulesPageData } from "~/http/intents/schedules.server";
import { pageAction } from "~/http/page-action.server";
import { adminLoader } from "~/http/page-loaders.server";
import type { ScheduleDto } from "~/models/schedules/schedule-schema";

export const meta: MetaFunction = () => [{ title: "ตารางเวลาทำงาน · TN Management" }];

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, () => json(schedulesPageData()));

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, scheduleIntents({ type: "admin", id: admin.id }));
}

type Dialog = { kind: "create" } | { kind: "edit"; schedule: ScheduleDto } | null;

export default function SchedulePage() {
  const data = useLoaderData<typeof loader>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const form = useDialogFetcher<SerializeFrom<typeof action>>("schedule-form", () => setDialog(null));

  const open = (next: Dialog) => {
    form.renew();
    setDialog(next);
  };

  return (
    <PageFrame title="ตารางเวลาทำงาน" description="วันและเวลาทำงานของพนักงานแต่ละกลุ่ม กำหนดให้พนักงานได้ที่หน้าพนักงาน">
      <Group justify="space-between" wrap="wrap">
        <Text fz="sm" c="dimmed">
          พนักงานที่ไม่ได้กำหนดตารางเวลาใช้ “{data.schedules.find((s) => s.is_default)?.name}”
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => open({ kind: "create" })}>
          เพิ่มตารางเวลา
        </Button>
      </Group>
      <Paper withBorder radius="md">
        <ScheduleTable items={data.schedules} onEdit={(schedule) => open({ kind: "edit", schedule })} />
      </Paper>
      <ScheduleFormModal
        opened={dialog !== null}
        schedule={dialog?.kind === "edit" ? dialog.schedule : null}
        today={data.today}
        fetcher={form.fetcher}
        onClose={() => setDialog(null)}
      />
    </PageFrame>
  );
}
