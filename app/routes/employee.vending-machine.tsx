import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { Title } from "~mantine-core/components/Title/Title";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { employeeLoader } from "~/http/page-loaders.server";
import { MachineList } from "~/components/liff/machines/MachineList";
import { employeeMachines } from "~/models/machines/visit.server";
import { getSetting } from "~/models/core/settings.server";
import { employeeRouteHandle } from "~/components/liff/employee-shared";

// One chunk for what the employee pages share (ADR 038).
export const handle = employeeRouteHandle;

export const meta: MetaFunction = () => [{ title: "ตู้ที่รับผิดชอบ · TN Management" }];

export const loader = (args: LoaderFunctionArgs) =>
  employeeLoader(args, ({ employee }) => json({ items: employeeMachines(employee.id), maxAccuracy: getSetting("max_accuracy_m") }));

export default function VendingMachinePage() {
  const data = useLoaderData<typeof loader>();
  if (!data) return null;
  return (
    <Stack>
      <div>
        <Title order={2}>ตู้ที่รับผิดชอบ</Title>
        <Text c="dimmed">ส่งรายงานการเข้าตู้ พร้อมตำแหน่งและรูปถ่าย</Text>
      </div>
      <MachineList initial={data.items} maxAccuracy={data.maxAccuracy} />
    </Stack>
  );
}
