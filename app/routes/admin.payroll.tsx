import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageFrame } from "~/components/PageFrame";
import { PayrollMonth, type PayrollPageData } from "~/components/payroll/PayrollMonth";
import { requireAdmin } from "~/http/guard.server";
import { payrollIntents } from "~/http/intents/payroll.server";
import { pageAction } from "~/http/page-action.server";
import { adminLoader } from "~/http/page-loaders.server";
import { payrollPage } from "~/models/payroll/close.server";

export const meta: MetaFunction = () => [{ title: "งวดเงินเดือน · TN Management" }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ({ request }) => json<PayrollPageData>(payrollPage(new URL(request.url).searchParams)));

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, payrollIntents({ type: "admin", id: admin.id }));
}

export default function PayrollPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <PageFrame title="งวดเงินเดือน" description="ปิดงวดเดือนที่ส่งให้ฝ่ายเงินเดือนแล้ว เพื่อไม่ให้ข้อมูลของเดือนนั้นเปลี่ยนอีก และดาวน์โหลดสรุปเวลาทำงานของเดือน">
      <PayrollMonth data={data} />
    </PageFrame>
  );
}
