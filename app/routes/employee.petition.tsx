import type { MetaFunction } from "@remix-run/node";
import { PageFrame } from "~/components/PageFrame";

export const meta: MetaFunction = () => [{ title: "ขอลางาน · TN Management" }];

export default function Page() {
  return <PageFrame title="ขอลางาน" description="ยื่นคำขอลาและติดตามสถานะ" />;
}
