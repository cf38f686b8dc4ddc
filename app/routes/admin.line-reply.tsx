import type { MetaFunction } from "@remix-run/node";
import { PageFrame } from "~/components/PageFrame";

export const meta: MetaFunction = () => [{ title: "ข้อความตอบกลับ · TN Management" }];

export default function Page() {
  return <PageFrame title="ข้อความตอบกลับ" description="ข้อความตอบกลับอัตโนมัติของ LINE" />;
}
