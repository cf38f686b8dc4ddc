import { Alert, Avatar, Button, FileInput, Group, Modal, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import type { EmployeeDto } from "~/models/employee.server";
import type { FormFetcher } from "./form-fetcher";

export function PhotoModal({
  employee,
  onClose,
  fetcher,
}: {
  employee: EmployeeDto | null;
  onClose: () => void;
  fetcher: FormFetcher;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => setFile(null), [employee?.id]);

  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <Modal opened={employee != null} onClose={onClose} title="รูปพนักงาน">
      {employee ? (
        <fetcher.Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="photo" />
          <input type="hidden" name="id" value={employee.id} />
          <Stack align="center">
            <Avatar src={preview ?? employee.photo_url} size={140} radius={140} alt={employee.full_name}>
              {employee.first_name.slice(0, 1)}
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
            <Group justify="flex-end" w="100%">
              <Button variant="default" onClick={onClose}>
                ยกเลิก
              </Button>
              <Button type="submit" disabled={!file} loading={fetcher.state !== "idle"}>
                อัปโหลด
              </Button>
            </Group>
          </Stack>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}
