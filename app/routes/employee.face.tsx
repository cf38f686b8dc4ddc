import { Anchor } from "~mantine-core/components/Anchor/Anchor";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { Title } from "~mantine-core/components/Title/Title";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { employeeLoader } from "~/http/page-loaders.server";
import { FaceRegistration } from "~/components/liff/FaceRegistration";
import { getSetting } from "~/models/core/settings.server";
import { employeeRouteHandle } from "~/components/liff/employee-shared";

// One chunk for what the employee pages share (ADR 038).
export const handle = employeeRouteHandle;

export const meta: MetaFunction = () => [{ title: "ลงทะเบียนใบหน้า · TN Management" }];

/** The consent text names how long check-in selfies are kept. */
export const loader = (args: LoaderFunctionArgs) =>
  employeeLoader(args, () => json({ selfie_retention_days: getSetting("selfie_retention_days") }));

export default function FacePage() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  return (
    <Stack>
      <div>
        <Title order={2}>ลงทะเบียนใบหน้า</Title>
        <Text c="dimmed">
          ใช้ยืนยันตัวตนเมื่อลงเวลาเข้า-ออกงาน ถ่ายหน้าตรง เห็นใบหน้าชัด ไม่สวมแว่นกันแดดหรือหน้ากาก
        </Text>
      </div>
      <FaceRegistration
        retentionDays={data?.selfie_retention_days}
        onRegistered={() => navigate("/employee?face=registered")}
      />
      <Anchor component={Link} to="/employee" ta="center" c="dimmed">
        ข้ามไปก่อน
      </Anchor>
    </Stack>
  );
}
