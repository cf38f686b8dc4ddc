import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OvertimeAdmin } from "~/components/overtime/OvertimeAdmin";
import { PageFrame } from "~/components/PageFrame";
import { requireAdmin } from "~/http/guard.server";
import { overtimeIntents, overtimePageData } from "~/http/intents/overtime.server";
import { pageAction } from "~/http/page-action.server";
import { adminLoader } from "~/http/page-loaders.server";

export const meta: MetaFunction = () => [{ title: "ทำงานล่วงเวลา · TN Management" }];

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ({ request }) => json(overtimePageData(request)));

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, overtimeIntents({ type: "admin", id: admin.id }));
}

export default function OvertimePage() {
  const data = useLoaderData<typeof loader>();
  return (
    <PageFrame title="ทำงานล่วงเวลา (โอที)" description="คำขอทำงานล่วงเวลาของพนักงาน การอนุมัติ และการบันทึกโอทีให้พนักงาน">
      <OvertimeAdmin data={data} />
    </PageFrame>
  );
}
