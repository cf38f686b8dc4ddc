import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";

export type Revealed = { username: string; password: string; reason: "added" | "reset" };

/** A generated password, shown once: the server keeps only its hash. */
export function PasswordOnceModal({ revealed, onClose }: { revealed: Revealed | null; onClose: () => void }) {
  return (
    <Modal
      opened={revealed !== null}
      onClose={onClose}
      title={revealed?.reason === "reset" ? "รหัสผ่านใหม่" : "เพิ่มผู้ดูแลระบบแล้ว"}
      closeOnClickOutside={false}
    >
      {revealed ? (
        <Stack gap="sm">
          <Text fz="sm">
            รหัสผ่านของ <b>{revealed.username}</b>
          </Text>
          <Code fz="lg" ta="center" block data-testid="revealed-password">
            {revealed.password}
          </Code>
          <Alert color="yellow" role="status">
            รหัสผ่านนี้จะแสดงเพียงครั้งเดียว กรุณาคัดลอกแล้วส่งให้เจ้าของบัญชีทางช่องทางที่ปลอดภัย
          </Alert>
          <Group justify="flex-end">
            <CopyButton value={revealed.password}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? "teal" : "blue"} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                  {copied ? "คัดลอกแล้ว" : "คัดลอกรหัสผ่าน"}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>เสร็จแล้ว</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
