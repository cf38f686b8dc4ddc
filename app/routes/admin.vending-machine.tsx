import type { MetaFunction } from "@remix-run/node";
import { PageFrame } from "~/components/PageFrame";

export const meta: MetaFunction = () => [{ title: "ตู้จำหน่ายสินค้า · TN Management" }];

export default function Page() {
  return <PageFrame title="ตู้จำหน่ายสินค้า" description="ข้อมูลตู้และพนักงานที่รับผิดชอบ" />;
}
