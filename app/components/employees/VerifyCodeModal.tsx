import { Button, Code, Modal, Stack, Text } from "@mantine/core";
import { formatThaiDateTime } from "~/lib/thai-date";
import { VERIFY_CODE_MAX_TRIES } from "~/models/line-limits";

/** Shows a freshly issued linking code once; the admin passes it to the employee. */
export function VerifyCodeModal({
  issued,
  onClose,
}: {
  issued: { name: string; code: string; expires_at: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={issued != null} onClose={onClose} title="รหัสเชื่อมบัญชี LINE">
      {issued ? (
        <Stack align="center" ta="center">
          <Text>
            ให้ <b>{issued.name}</b> เปิดแอปในไลน์ แล้วกรอกรหัสพนักงานและรหัสนี้
          </Text>
          <Code fz={36} fw={700} px="lg" py="sm" data-testid="verify-code">
            {issued.code}
          </Code>
          <Text fz="sm" c="dimmed">
            ใช้ได้ครั้งเดียว ถึง {formatThaiDateTime(issued.expires_at)} · ใส่ผิดได้ไม่เกิน {VERIFY_CODE_MAX_TRIES} ครั้ง ·
            การออกรหัสใหม่จะยกเลิกรหัสเดิม
          </Text>
          <Button onClick={onClose}>ปิด</Button>
        </Stack>
      ) : null}
    </Modal>
  );
}
