import { Button } from "~mantine-core/components/Button/Button";
import { Group } from "~mantine-core/components/Group/Group";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { LazyModal } from "./LazyModal";

/** The employee's "cancel this request?" before a request of theirs is cancelled (leave, overtime). */
export function CancelRequestModal({
  title,
  question,
  busy,
  onClose,
  onConfirm,
}: {
  title: string;
  /** The request being asked about; null: closed. */
  question: string | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <LazyModal opened={question !== null} onClose={() => (busy ? undefined : onClose())} title={title} centered>
      {question !== null ? (
        <Stack>
          <Text>{question}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              ไม่ยกเลิก
            </Button>
            <Button color="red" onClick={onConfirm} loading={busy}>
              ยืนยันยกเลิกคำขอ
            </Button>
          </Group>
        </Stack>
      ) : null}
    </LazyModal>
  );
}
