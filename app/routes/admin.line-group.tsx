import type { MetaFunction } from "@remix-run/node";
import { PageFrame } from "~/components/PageFrame";

export const meta: MetaFunction = () => [{ title: "กลุ่มไลน์ · TN Management" }];

export default function Page() {
  return <PageFrame title="กลุ่มไลน์" description="กลุ่ม LINE ที่บอทเป็นสมาชิก" />;
}
