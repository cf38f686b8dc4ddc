import { Button, Group, type ButtonProps } from "@mantine/core";

/** A dialog's closing row: ยกเลิก (locked while the form is busy) and the submit button. */
export function DialogButtons({
  busy,
  onClose,
  submit,
  submitProps,
}: {
  busy: boolean;
  onClose: () => void;
  submit: string;
  submitProps?: ButtonProps & { disabled?: boolean };
}) {
  return (
    <Group justify="flex-end" mt="sm" w="100%">
      <Button variant="default" onClick={onClose} disabled={busy}>
        ยกเลิก
      </Button>
      <Button type="submit" loading={busy} {...submitProps}>
        {submit}
      </Button>
    </Group>
  );
}
