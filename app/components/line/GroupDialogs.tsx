import { Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import type { LineGroupDto } from "~/models/line/group.server";
import { MAX_GROUP_NAME_LENGTH } from "~/models/line/limits";
import { MAX_TEXT_LENGTH } from "~/models/line/message-schema";

type GroupDialogProps = {
  group: LineGroupDto | null;
  fetcher: DialogFetcher;
  onClose: () => void;
};

/**
 * A dialog that posts `intent` for one group, open while there is a group. `children` draws the
 * form's one input, given the group and the message to show under it (that field's, or the
 * answer's own).
 */
function GroupIntentModal({
  group,
  fetcher,
  onClose,
  title,
  intent,
  field,
  submit,
  children,
}: GroupDialogProps & {
  title: string;
  intent: string;
  /** The name of the input that shows the errors. */
  field: string;
  submit: string;
  children: (group: LineGroupDto, error: string | undefined) => ReactNode;
}) {
  const { fields, error, busy, formProps } = useDialogForm(fetcher);
  return (
    <Modal opened={group !== null} onClose={onClose} title={title}>
      {group ? (
        <fetcher.Form method="post" key={group.id} noValidate {...formProps}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={group.id} />
          <Stack gap="sm">
            {children(group, fields[field] ?? error)}
            <DialogButtons busy={busy} onClose={onClose} submit={submit} />
          </Stack>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}

/** Renames a group in this app (a later "ดึงชื่อและรูปจาก LINE" takes LINE's name again). */
export function RenameGroupModal(props: GroupDialogProps) {
  return (
    <GroupIntentModal {...props} title="เปลี่ยนชื่อกลุ่ม" intent="rename" field="name" submit="บันทึก">
      {(group, error) => (
        <>
          <TextInput
            name="name"
            label="ชื่อกลุ่ม"
            required
            maxLength={MAX_GROUP_NAME_LENGTH}
            defaultValue={group.name}
            error={error}
            data-autofocus
          />
          <Text fz="xs" c="dimmed">
            ชื่อนี้ใช้ในระบบเท่านั้น ไม่เปลี่ยนชื่อกลุ่มใน LINE และจะถูกแทนที่เมื่อดึงข้อมูลจาก LINE ใหม่
          </Text>
        </>
      )}
    </GroupIntentModal>
  );
}

/** Sends a test text to the group (empty: a default test text). */
export function TestMessageModal(props: GroupDialogProps) {
  return (
    <GroupIntentModal {...props} title={`ส่งข้อความทดสอบไปที่ ${props.group?.name || "กลุ่ม"}`} intent="test" field="text" submit="ส่ง">
      {(_group, error) => (
        <Textarea
          name="text"
          label="ข้อความ"
          placeholder="ทดสอบการแจ้งเตือนจาก TN Management ✅"
          description="เว้นว่างไว้เพื่อส่งข้อความทดสอบมาตรฐาน"
          autosize
          minRows={3}
          maxLength={MAX_TEXT_LENGTH}
          error={error}
          data-autofocus
        />
      )}
    </GroupIntentModal>
  );
}
