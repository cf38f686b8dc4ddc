import type { MetaFunction } from "@remix-run/node";
import { PageFrame } from "~/components/PageFrame";

export const meta: MetaFunction = () => [{ title: "ยืนยันตัวตนพนักงาน · TN Management" }];

export default function Page() {
  return <PageFrame title="ยืนยันตัวตนพนักงาน" description="ผูกบัญชี LINE กับข้อมูลพนักงาน" />;
}
