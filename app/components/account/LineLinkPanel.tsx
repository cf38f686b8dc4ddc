import { Alert, Badge, Button, Code, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useActionToasts, type ActionAnswer } from "~/components/action-toasts";
import { formatThaiDateTime } from "~/lib/thai-date";

type CodeAnswer = ActionAnswer & { intent?: string; data?: { code: string; expires_at: string } };

/**
 * The admin's own LINE link on /admin/account: ask for a one-time code and send it to the bot in a
 * 1:1 chat; once linked, the page shows since when and offers to unlink (after a confirmation).
 */
export function LineLinkPanel({ linked, linkedAt }: { linked: boolean; linkedAt: string | null }) {
  const codeFetcher = useFetcher<CodeAnswer>({ key: "line-code" });
  const unlinkFetcher = useFetcher<ActionAnswer>({ key: "line-unlink" });
  useActionToasts(unlinkFetcher);
  const revalidator = useRevalidator();
  const issued = !linked && codeFetcher.data?.ok && codeFetcher.data.intent === "line-code" ? codeFetcher.data.data : undefined;
  const codeError = codeFetcher.data && !codeFetcher.data.ok ? codeFetcher.data.error : null;

  const confirmUnlink = () =>
    modals.openConfirmModal({
      title: "ยกเลิกการเชื่อมบัญชี LINE",
      children: <Text fz="sm">หลังยกเลิก คุณจะอนุมัติคำขอจากการ์ดใน LINE ไม่ได้ จนกว่าจะเชื่อมบัญชีใหม่</Text>,
      labels: { confirm: "ยกเลิกการเชื่อม", cancel: "ไม่ยกเลิก" },
      confirmProps: { color: "red" },
      onConfirm: () => unlinkFetcher.submit({ intent: "line-unlink" }, { method: "post" }),
    });

  return (
    <Paper withBorder p="lg" radius="md" maw={440} mt="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={3} fz="lg">
            เชื่อมบัญชี LINE
          </Title>
          <Badge color={linked ? "green" : "gray"}>{linked ? "เชื่อมแล้ว" : "ยังไม่เชื่อม"}</Badge>
        </Group>
        {linked ? (
          <>
            <Text fz="sm">
              บัญชีนี้เชื่อมกับ LINE แล้ว{linkedAt ? ` เมื่อ ${formatThaiDateTime(linkedAt)} น.` : ""} คุณกด อนุมัติ / ไม่อนุมัติ
              บนการ์ดคำขอในกลุ่ม LINE ได้
            </Text>
            <Button variant="light" color="red" onClick={confirmUnlink} loading={unlinkFetcher.state !== "idle"}>
              ยกเลิกการเชื่อมบัญชี LINE
            </Button>
          </>
        ) : (
          <>
            <Text fz="sm">
              เชื่อมบัญชี LINE ของคุณ เพื่ออนุมัติคำขอลาและคำขอแก้ไขเวลาจากการ์ดใน LINE ได้ทันที
            </Text>
            {issued ? (
              <Alert color="blue" role="status" title="ส่งรหัสนี้ถึงบอทในแชต LINE ส่วนตัว (1:1)">
                <Stack gap="xs">
                  <Code fz="xl" ta="center" data-testid="line-code">
                    {issued.code}
                  </Code>
                  <Text fz="sm">
                    ใช้ได้ครั้งเดียว ภายใน {formatThaiDateTime(issued.expires_at)} น. (10 นาที) ส่งในแชตกับบอท ไม่ใช่ในกลุ่ม
                  </Text>
                  <Button variant="subtle" size="xs" onClick={() => revalidator.revalidate()} loading={revalidator.state !== "idle"}>
                    ส่งแล้ว ตรวจสอบสถานะ
                  </Button>
                </Stack>
              </Alert>
            ) : null}
            {codeError ? (
              <Alert color="red" role="alert">
                {codeError}
              </Alert>
            ) : null}
            <Button onClick={() => codeFetcher.submit({ intent: "line-code" }, { method: "post" })} loading={codeFetcher.state !== "idle"}>
              {issued ? "ขอรหัสใหม่" : "ขอรหัสเชื่อมบัญชี"}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
