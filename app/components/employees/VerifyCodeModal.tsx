import { ActionIcon, Anchor, Box, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { formatThaiDateTime } from "~/lib/thai-date";
import { VERIFY_CODE_MAX_TRIES } from "~/models/line/limits";

/** A code as the page action answers it (issueLinkHandover), with the employee's name. */
export type IssuedCode = { name: string; code: string; expires_at: string; link: string; qr_svg: string };

function Copy({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? "คัดลอกแล้ว" : label} withArrow>
          <ActionIcon variant="light" color={copied ? "green" : "blue"} onClick={copy} aria-label={label} size="lg">
            {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/**
 * Shows a freshly issued linking code once; the admin passes it to the employee: the code and the
 * link to copy into a chat, or the QR code to scan from the screen. The QR's SVG comes from the
 * server (app/lib/qr.server.ts): only paths, no text or scripts.
 */
export function VerifyCodeModal({ issued, onClose }: { issued: IssuedCode | null; onClose: () => void }) {
  return (
    <Modal opened={issued != null} onClose={onClose} title="รหัสเชื่อมบัญชี LINE">
      {issued ? (
        <Stack align="center" ta="center">
          <Text>
            ให้ <b>{issued.name}</b> เปิดลิงก์หรือสแกน QR ในไลน์ แล้วกรอกรหัสพนักงานและรหัสนี้
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code fz={36} fw={700} px="lg" py="sm" data-testid="verify-code">
              {issued.code}
            </Code>
            <Copy value={issued.code} label="คัดลอกรหัส" />
          </Group>
          <Box
            w={180}
            h={180}
            role="img"
            aria-label="QR code ของลิงก์เชื่อมบัญชี"
            data-testid="verify-qr"
            dangerouslySetInnerHTML={{ __html: issued.qr_svg }}
          />
          <Group gap="xs" wrap="nowrap" maw="100%">
            <Anchor href={issued.link} target="_blank" rel="noreferrer" fz="sm" style={{ wordBreak: "break-all" }} data-testid="verify-link">
              {issued.link}
            </Anchor>
            <Copy value={issued.link} label="คัดลอกลิงก์" />
          </Group>
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
