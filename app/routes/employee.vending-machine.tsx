import type { MetaFunction } from "@remix-run/node";
import { PageFrame } from "~/components/PageFrame";

export const meta: MetaFunction = () => [{ title: "ตู้ที่รับผิดชอบ · TN Management" }];

export default function Page() {
  return <PageFrame title="ตู้ที่รับผิดชอบ" description="รายงานการเข้าตู้" />;
}
