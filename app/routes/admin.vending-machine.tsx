import { Tabs } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { requireAdmin } from "~/http/guard.server";
import { adminLoader } from "~/http/page-loaders.server";
import { MachineReports } from "~/components/machines/MachineReports";
import { MachinesTab } from "~/components/machines/MachinesTab";
import { PageFrame } from "~/components/PageFrame";
import { pageAction } from "~/http/page-action.server";
import { loadMachineReports } from "~/models/machines/reports.server";
import { machineIntents, machinesTabData } from "~/http/intents/machines.server";

export const meta: MetaFunction = () => [{ title: "ตู้จำหน่ายสินค้า · TN Management" }];

/** The page's tabs, first is the default; each tab's loader data is under its own key. */
const TABS = [
  { value: "machines", label: "ตู้" },
  { value: "visits", label: "รายงานการเข้าตู้" },
] as const;
type Tab = (typeof TABS)[number]["value"];
const tabOf = (value: string | null): Tab => TABS.find((t) => t.value === value)?.value ?? TABS[0].value;

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ({ request }) => {
  const params = new URL(request.url).searchParams;
  const tab = tabOf(params.get("tab"));
  return json({
    tab,
    machines: tab === "machines" ? machinesTabData(params) : null,
    visits: tab === "visits" ? loadMachineReports(params) : null,
  });
});

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, { ...machineIntents({ type: "admin", id: admin.id }) });
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  return (
    <PageFrame title="ตู้จำหน่ายสินค้า" description="ข้อมูลตู้ พนักงานที่รับผิดชอบ และกำหนดการเข้าตู้">
      <Tabs value={data.tab} onChange={(tab) => setParams(tab && tab !== TABS[0].value ? { tab } : {}, { preventScrollReset: true })}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={data.tab} pt="md">
          {data.machines ? <MachinesTab data={data.machines} /> : null}
          {data.visits ? <MachineReports data={data.visits} /> : null}
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
