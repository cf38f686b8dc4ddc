import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import type { useFetcher } from "@remix-run/react";
import type { LineGroupDto } from "~/models/line-group.server";
import { MAX_TEXT_LENGTH } from "~/models/line-message-schema";

export type GroupFetcher = ReturnType<
  typeof useFetcher<{ ok: boolean; error?: string; fields?: Record<string, string> }>
>;

function Buttons({ busy, onClose, submit }: { busy: boolean; onClose: () => void; submit: string }) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onClose} disabled={busy}>
        ยกเลิก
      </Button>
      <Button type="submit" loading={busy}>
        {submit}
      </Button>
    </Group>
  );
}

/** Renames a group in this app (a later "ดึงชื่อและรูปจาก LINE" takes LINE's name again). */
export function RenameGroupModal({
  group,
  fetcher,
  onClose,
}: {
  group: LineGroupDto | null;
  fetcher: GroupFetcher;
  onClose: () => void;
}) {
  const fields = fetcher.data && !fetcher.data.ok ? (fetcher.data.fields ?? {}) : {};
  return (
    <Modal opened={group !== null} onClose={onClose} title="เปลี่ยนชื่อกลุ่ม">
      {group ? (
        <fetcher.Form method="post" key={group.id} noValidate>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={group.id} />
          <Stack gap="sm">
            <TextInput
              name="name"
              label="ชื่อกลุ่ม"
              required
              maxLength={100}
              defaultValue={group.name}
              error={fields.name ?? (fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined)}
              data-autofocus
            />
            <Text fz="xs" c="dimmed">
              ชื่อนี้ใช้ในระบบเท่านั้น ไม่เปลี่ยนชื่อกลุ่มใน LINE และจะถูกแทนที่เมื่อดึงข้อมูลจาก LINE ใหม่
            </Text>
            <Buttons busy={fetcher.state !== "idle"} onClose={onClose} submit="บันทึก" />
          </Stack>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}

/** Sends a test text to the group (empty: a default test text). */
export function TestMessageModal({
  group,
  fetcher,
  onClose,
}: {
  group: LineGroupDto | null;
  fetcher: GroupFetcher;
  onClose: () => void;
}) {
  const fields = fetcher.data && !fetcher.data.ok ? (fetcher.data.fields ?? {}) : {};
  return (
    <Modal opened={group !== null} onClose={onClose} title={`ส่งข้อความทดสอบไปที่ ${group?.name || "กลุ่ม"}`}>
      {group ? (
        <fetcher.Form method="post" key={group.id} noValidate>
          <input type="hidden" name="intent" value="test" />
          <input type="hidden" name="id" value={group.id} />
          <Stack gap="sm">
            <Textarea
              name="text"
              label="ข้อความ"
              placeholder="ทดสอบการแจ้งเตือนจาก TN Management ✅"
              description="เว้นว่างไว้เพื่อส่งข้อความทดสอบมาตรฐาน"
              autosize
              minRows={3}
              maxLength={MAX_TEXT_LENGTH}
              error={fields.text}
              data-autofocus
            />
            <Buttons busy={fetcher.state !== "idle"} onClose={onClose} submit="ส่ง" />
          </Stack>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}
