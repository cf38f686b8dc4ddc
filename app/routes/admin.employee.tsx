import type { MetaFunction } from "@remix-run/node";
import { PageFrame } from "~/components/PageFrame";

export const meta: MetaFunction = () => [{ title: "พนักงาน · TN Management" }];

export default function Page() {
  return <PageFrame title="พนักงาน" description="ข้อมูลพนักงานและรายชื่อผู้ลาออก" />;
}
