import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconLayoutGrid } from "@tabler/icons-react";
import { NeedsLine } from "./NeedsLine";

/** The rich menu's tiles as the admin reads them (the server draws the picture). */
export const RICH_MENU_SUMMARY = "ลงเวลา · ลางาน · ตู้ · หน้าหลัก";

/**
 * Sets up the chat's rich menu after a confirmation: it replaces the menu every LINE user of the
 * official account sees.
 */
export function RichMenuSection({
  lineConfigured,
  busy,
  onConfirm,
}: {
  lineConfigured: boolean;
  busy: boolean;
  onConfirm: () => void;
}) {
  function confirm() {
    modals.openConfirmModal({
      title: "ตั้งค่าริชเมนู",
      children: (
        <Text fz="sm">
          ระบบจะสร้างริชเมนู ({RICH_MENU_SUMMARY}) และตั้งเป็นเมนูเริ่มต้นของบัญชี LINE สำหรับผู้ใช้ทุกคน
          ริชเมนูเดิมที่ระบบเคยสร้างจะถูกลบ
        </Text>
      ),
      labels: { confirm: "ตั้งค่า", cancel: "ยกเลิก" },
      onConfirm,
    });
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Stack gap={2}>
          <Title order={3} fz="md">
            ริชเมนูในแชท LINE
          </Title>
          <Text fz="sm" c="dimmed">
            เมนูด้านล่างแชทของพนักงาน: {RICH_MENU_SUMMARY} เปิดหน้าต่าง ๆ ในแอป LIFF
          </Text>
        </Stack>
        <NeedsLine configured={lineConfigured}>
          {(disabled) => (
            <Button leftSection={<IconLayoutGrid size={18} />} variant="light" onClick={confirm} disabled={disabled} loading={busy}>
              ตั้งค่าริชเมนู
            </Button>
          )}
        </NeedsLine>
      </Group>
    </Paper>
  );
}
