import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

const MESSAGES: Record<number, { title: string; body: string }> = {
  401: { title: "กรุณาเข้าสู่ระบบ", body: "หน้านี้สำหรับผู้ที่เข้าสู่ระบบแล้วเท่านั้น" },
  403: { title: "ไม่มีสิทธิ์เข้าถึง", body: "บัญชีของคุณไม่มีสิทธิ์ใช้หน้านี้" },
  404: { title: "ไม่พบหน้าที่ต้องการ", body: "ลิงก์อาจไม่ถูกต้อง หรือหน้านี้ถูกย้ายไปแล้ว" },
};

export function GeneralErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = MESSAGES[status] ?? {
    title: "เกิดข้อผิดพลาด",
    body: "ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง",
  };
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Text c="dimmed" fz={48} fw={700} data-testid="error-status">
          {status}
        </Text>
        <Title order={2}>{message.title}</Title>
        <Text c="dimmed">{message.body}</Text>
        <Button component={Link} to="/" variant="light">
          กลับหน้าแรก
        </Button>
      </Stack>
    </Center>
  );
}
