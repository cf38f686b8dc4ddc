import type { MetaFunction } from "@remix-run/node";
import { PageFrame } from "~/components/PageFrame";

export const meta: MetaFunction = () => [{ title: "การลางาน · TN Management" }];

export default function Page() {
  return <PageFrame title="การลางาน" description="คำขอลา การอนุมัติ ปฏิทินวันลา และสถิติการลา" />;
}
