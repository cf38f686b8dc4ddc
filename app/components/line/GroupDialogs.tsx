import { Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import type { LineGroupDto } from "~/models/line/group.server";
import { MAX_GROUP_NAME_LENGTH } from "~/models/line/limits";
import { MAX_TEXT_LENGTH } from "~/models/line/message-schema";


/** Renames a group in this app (a later "ดึงชื่อและรูปจาก LINE" takes LINE's name again). */
export function RenameGroupModal({
  group,
  fetcher,
  onClose,
}: {
  group: LineGroupDto | null;
  fetcher: DialogFetcher;
  onClose: () => void;
}) {
  const { fields, error, busy, formProps } = useDialogForm(fetcher);
  return (
    <Modal opened={group !== null} onClose={onClose} title="เปลี่ยนชื่อกลุ่ม">
      {group ? (
        <fetcher.Form method="post" key={group.id} noValidate {...formProps}>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={group.id} />
          <Stack gap="sm">
            <TextInput
              name="name"
              label="ชื่อกลุ่ม"
              required
              maxLength={MAX_GROUP_NAME_LENGTH}
              defaultValue={group.name}
              error={fields.name ?? error}
              data-autofocus
            />
            <Text fz="xs" c="dimmed">
              ชื่อนี้ใช้ในระบบเท่านั้น ไม่เปลี่ยนชื่อกลุ่มใน LINE และจะถูกแทนที่เมื่อดึงข้อมูลจาก LINE ใหม่
            </Text>
            <DialogButtons busy={busy} onClose={onClose} submit="บันทึก" />
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
  fetcher: DialogFetcher;
  onClose: () => void;
}) {
  const { fields, error, busy, formProps } = useDialogForm(fetcher);
  return (
    <Modal opened={group !== null} onClose={onClose} title={`ส่งข้อความทดสอบไปที่ ${group?.name || "กลุ่ม"}`}>
      {group ? (
        <fetcher.Form method="post" key={group.id} noValidate {...formProps}>
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
              error={fields.text ?? error}
              data-autofocus
            />
            <DialogButtons busy={busy} onClose={onClose} submit="ส่ง" />
          </Stack>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}
