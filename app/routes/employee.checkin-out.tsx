import type { MetaFunction } from "@remix-run/node";
import { PageFrame } from "~/components/PageFrame";

export const meta: MetaFunction = () => [{ title: "ลงเวลาเข้า-ออกงาน · TN Management" }];

export default function Page() {
  return <PageFrame title="ลงเวลาเข้า-ออกงาน" description="ลงเวลาพร้อมตำแหน่งและรูปถ่าย" />;
}
