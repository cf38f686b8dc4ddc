import { Button, Center, Paper, Stack, Text, Title } from "@mantine/core";
import type { MetaFunction } from "@remix-run/node";
import { Link, useSearchParams } from "@remix-run/react";
import { safeRedirect } from "~/lib/redirect";

export const meta: MetaFunction = () => [{ title: "ต้องเข้าสู่ระบบ · TN Management" }];

export default function AuthPage() {
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"), "");
  const loginHref = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={420}>
        <Stack align="center" ta="center">
          <Title order={1} fz="h3">
            ต้องเข้าสู่ระบบก่อน
          </Title>
          <Text c="dimmed">
            หน้าที่คุณเปิดสำหรับผู้ดูแลระบบเท่านั้น กรุณาเข้าสู่ระบบด้วยชื่อผู้ใช้และรหัสผ่าน
          </Text>
          <Text c="dimmed" fz="sm">
            พนักงานใช้งานผ่านแอป LINE ของบริษัท
          </Text>
          <Button component={Link} to={loginHref}>
            ไปหน้าเข้าสู่ระบบ
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
