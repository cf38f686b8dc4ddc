import { Alert, Avatar, FileInput, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import { useObjectUrl } from "~/components/use-object-url";
import type { EmployeeDto } from "~/models/employees/employee.server";
import { initials } from "~/lib/initials";

export function PhotoModal({
  employee,
  onClose,
  fetcher,
  action,
}: {
  employee: EmployeeDto | null;
  onClose: () => void;
  fetcher: DialogFetcher;
  /** The page action to post to, when the dialog is used on another page (the profile posts to the list's). */
  action?: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file);

  useEffect(() => setFile(null), [employee?.id]);

  const { error, busy, formProps } = useDialogForm(fetcher);
  return (
    <Modal opened={employee != null} onClose={onClose} title="รูปพนักงาน">
      {employee ? (
        <fetcher.Form method="post" action={action} encType="multipart/form-data" {...formProps}>
          <input type="hidden" name="intent" value="photo" />
          <input type="hidden" name="id" value={employee.id} />
          <Stack align="center">
            <Avatar src={preview ?? employee.photo_url} size={140} radius={140} alt={employee.full_name}>
              {initials(employee.first_name)}
            </Avatar>
            <Text fz="sm" c="dimmed">
              {employee.full_name}
            </Text>
            <FileInput
              name="photo"
              w="100%"
              label="เลือกรูปภาพ"
              placeholder="JPEG, PNG, WebP หรือ HEIC ไม่เกิน 10 MB"
              accept="image/*"
              value={file}
              onChange={setFile}
              clearable
            />
            {error ? (
              <Alert color="red" w="100%">
                {error}
              </Alert>
            ) : null}
            <DialogButtons busy={busy} onClose={onClose} submit="อัปโหลด" submitProps={{ disabled: !file }} />
          </Stack>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}
