import { Badge, Tabs } from "@mantine/core";
import chartsStyles from "@mantine/charts/styles.css";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { requireAdmin } from "~/http/guard.server";
import { adminLoader } from "~/http/page-loaders.server";
import { useDialogFetcher } from "~/components/dialog-fetcher";
import { AllTab } from "~/components/leave/AllTab";
import { CalendarTab } from "~/components/leave/CalendarTab";
import { HolidaysTab } from "~/components/leave/HolidaysTab";
import { StatisticsTab } from "~/components/leave/StatisticsTab";
import { DecisionDialog } from "~/components/leave/DecisionDialog";
import type { PetitionAction } from "~/components/leave/leave-labels";
import { PendingTab } from "~/components/leave/PendingTab";
import { QuotaDialog } from "~/components/leave/QuotaDialog";
import { TypesTab } from "~/components/leave/TypesTab";
import { PageFrame } from "~/components/PageFrame";
import { pageAction } from "~/http/page-action.server";
import { leaveWorkIntents, leaveWorkPageData } from "~/http/intents/leave-work.server";

export const meta: MetaFunction = () => [{ title: "การลางาน · TN Management" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: chartsStyles }];

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ({ request }) => json(leaveWorkPageData(request)));

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, leaveWorkIntents({ type: "admin", id: admin.id }));
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<PetitionAction | null>(null);
  const form = useDialogFetcher<SerializeFrom<typeof action>>("leave-dialog", () => setDialog(null));
  const open = (next: PetitionAction) => {
    form.renew();
    setDialog(next);
  };
  const close = () => setDialog(null);

  return (
    <PageFrame title="การลางาน" description="คำขอลา การอนุมัติ ปฏิทินวันลา สถิติการลา และประเภทการลา">
      <Tabs value={data.tab} onChange={(tab) => setParams(tab && tab !== "pending" ? { tab } : {}, { preventScrollReset: true })}>
        <Tabs.List>
          <Tabs.Tab
            value="pending"
            rightSection={
              data.pendingCount > 0 ? (
                <Badge size="xs" color="red" circle aria-label={`รออนุมัติ ${data.pendingCount} รายการ`}>
                  {data.pendingCount}
                </Badge>
              ) : null
            }
          >
            รออนุมัติ
          </Tabs.Tab>
          <Tabs.Tab value="all">ทั้งหมด</Tabs.Tab>
          <Tabs.Tab value="calendar">ปฏิทิน</Tabs.Tab>
          <Tabs.Tab value="statistics">สถิติ</Tabs.Tab>
          <Tabs.Tab value="holidays">วันหยุด</Tabs.Tab>
          <Tabs.Tab value="types">ประเภทการลา</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={data.tab} pt="md">
          {data.pending ? <PendingTab data={data.pending} onAction={open} /> : null}
          {data.all ? <AllTab data={data.all} onAction={open} /> : null}
          {data.calendar ? <CalendarTab data={data.calendar} /> : null}
          {data.statistics ? <StatisticsTab data={data.statistics} /> : null}
          {data.holidays ? <HolidaysTab data={data.holidays} /> : null}
          {data.tab === "types" ? <TypesTab items={data.leaveTypes} /> : null}
        </Tabs.Panel>
      </Tabs>

      <DecisionDialog target={dialog && dialog.kind !== "quota" ? dialog : null} onClose={close} fetcher={form.fetcher} />
      <QuotaDialog target={dialog?.kind === "quota" ? dialog : null} types={data.leaveTypes} onClose={close} fetcher={form.fetcher} />
    </PageFrame>
  );
}
