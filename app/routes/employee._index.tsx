import type { MetaFunction } from "@remix-run/node";
import { PageFrame } from "~/components/PageFrame";

export const meta: MetaFunction = () => [{ title: "หน้าหลักพนักงาน · TN Management" }];

export default function Page() {
  return <PageFrame title="หน้าหลักพนักงาน" description="ลงเวลา ขอลา และรายงานการเข้าตู้" />;
}
