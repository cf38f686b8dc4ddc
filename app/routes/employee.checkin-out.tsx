import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { Title } from "~mantine-core/components/Title/Title";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { employeeLoader } from "~/http/page-loaders.server";
import { CheckinHistory } from "~/components/liff/CheckinHistory";
import { CheckinOut } from "~/components/liff/CheckinOut";
import { todayFor } from "~/models/attendance/attendance.server";
import { requireEmployee } from "~/models/employees/employee.server";
import { employeeRouteHandle } from "~/components/liff/employee-shared";

// One chunk for what the employee pages share (ADR 038).
export const handle = employeeRouteHandle;

export const meta: MetaFunction = () => [{ title: "ลงเวลาเข้า-ออกงาน · TN Management" }];

export const loader = (args: LoaderFunctionArgs) =>
  employeeLoader(args, ({ employee }) => json({ today: todayFor(employee.id), employee_name: requireEmployee(employee.id).full_name }));

export default function CheckinOutPage() {
  const data = useLoaderData<typeof loader>();
  const [recorded, setRecorded] = useState(0);
  const [params, setParams] = useSearchParams();
  if (!data) return null;
  return (
    <Stack>
      <div>
        <Title order={2}>ลงเวลาเข้า-ออกงาน</Title>
        <Text c="dimmed">ลงเวลาพร้อมตำแหน่งและรูปถ่าย เวลาใช้ตามนาฬิกาของระบบ</Text>
      </div>
      <CheckinOut
        initial={data.today}
        employeeName={data.employee_name}
        onRecorded={() => setRecorded((n) => n + 1)}
        qr={params.get("qr")}
        onQrUsed={() =>
          setParams(
            (p) => {
              p.delete("qr");
              return p;
            },
            { replace: true, preventScrollReset: true },
          )
        }
      />
      <CheckinHistory reloadKey={recorded} correctDate={params.get("correct") ?? undefined} />
    </Stack>
  );
}
