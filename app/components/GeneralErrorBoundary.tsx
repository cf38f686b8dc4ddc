import { Button } from "~mantine-core/components/Button/Button";
import { Center } from "~mantine-core/components/Center/Center";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { Title } from "~mantine-core/components/Title/Title";
import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import { errorReference } from "~/lib/error-reference";

type Message = { title: string; body: string };

const MESSAGES: Record<number, Message> = {
  400: { title: "ข้อมูลไม่ถูกต้อง", body: "คำขอนี้มีข้อมูลที่ระบบไม่รับ กรุณาตรวจสอบแล้วลองใหม่" },
  401: { title: "กรุณาเข้าสู่ระบบ", body: "หน้านี้สำหรับผู้ที่เข้าสู่ระบบแล้วเท่านั้น" },
  403: { title: "ไม่มีสิทธิ์เข้าถึง", body: "บัญชีของคุณไม่มีสิทธิ์ใช้หน้านี้" },
  404: { title: "ไม่พบหน้าที่ต้องการ", body: "ลิงก์อาจไม่ถูกต้อง หรือข้อมูลนี้ถูกลบหรือย้ายไปแล้ว" },
  409: { title: "ข้อมูลเปลี่ยนไปแล้ว", body: "สถานะของข้อมูลนี้ไม่ตรงกับที่คาดไว้ กรุณาโหลดหน้าใหม่" },
  413: { title: "ข้อมูลมีขนาดใหญ่เกินไป", body: "กรุณาลดขนาดไฟล์หรือข้อมูลแล้วลองใหม่" },
  429: { title: "ทำรายการบ่อยเกินไป", body: "กรุณารอสักครู่แล้วลองใหม่" },
  503: { title: "ระบบไม่พร้อมใช้งานชั่วคราว", body: "กรุณาลองใหม่อีกครั้งในอีกสักครู่" },
};
const UNEXPECTED: Message = { title: "เกิดข้อผิดพลาด", body: "ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง" };

/** The request id the root loader returned (app/root.tsx), if its data is there. */
function documentRequestId(root: unknown): string | null {
  if (root && typeof root === "object" && "requestId" in root && typeof root.requestId === "string") return root.requestId;
  return null;
}

/** The Thai message a loader put in its error response (`{error}`), if any. */
function detailOf(error: ErrorResponse): string | null {
  const data: unknown = error.data;
  if (data && typeof data === "object" && "error" in data && typeof data.error === "string") return data.error;
  return null;
}

type Props = {
  /** Per-status content instead of the default page for that status. */
  statusHandlers?: Record<number, (error: ErrorResponse) => ReactNode>;
  /** Where "back" leads (the admin home by default; the LIFF pages pass /employee). */
  homeHref?: string;
  homeLabel?: string;
};

/**
 * One error page for the whole app: a route's ErrorBoundary renders it. Responses thrown with a
 * status (a missing record's 404, a guard's 403) get that status's Thai page, with the loader's own
 * message when it gave one; anything else is an unexpected error, logged once on the server by
 * `handleError` (entry.server.tsx), and shown with the request's id as its reference, which finds
 * that log line (ADR 054).
 */
export function GeneralErrorBoundary({ statusHandlers, homeHref = "/", homeLabel = "กลับหน้าแรก" }: Props) {
  const error = useRouteError();
  const root = useRouteLoaderData("root");
  if (isRouteErrorResponse(error) && statusHandlers?.[error.status]) {
    return <>{statusHandlers[error.status](error)}</>;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = MESSAGES[status] ?? UNEXPECTED;
  const detail = isRouteErrorResponse(error) ? detailOf(error) : null;
  const reference = errorReference(error, documentRequestId(root));
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Text c="dimmed" fz={48} fw={700} data-testid="error-status">
          {status}
        </Text>
        <Title order={2}>{message.title}</Title>
        <Text c="dimmed">{detail ?? message.body}</Text>
        {reference && (
          <Text c="dimmed" fz="sm" data-testid="error-reference">
            รหัสอ้างอิง: {reference}
          </Text>
        )}
        <Button component={Link} to={homeHref} variant="light">
          {homeLabel}
        </Button>
      </Stack>
    </Center>
  );
}
