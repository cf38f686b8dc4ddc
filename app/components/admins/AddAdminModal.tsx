import { Modal, PasswordInput, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";

/** Adds an admin: a random password (shown once after saving) or one the admin types. */
export function AddAdminModal({
  opened,
  fetcher,
  onClose,
  passwordMinLength,
}: {
  opened: boolean;
  fetcher: DialogFetcher;
  onClose: () => void;
  passwordMinLength: number;
}) {
  const { fields, error, busy, formProps } = useDialogForm(fetcher);
  const [mode, setMode] = useState<"generate" | "set">("generate");
  return (
    <Modal opened={opened} onClose={onClose} title="เพิ่มผู้ดูแลระบบ">
      <fetcher.Form method="post" noValidate {...formProps}>
        <input type="hidden" name="intent" value="add" />
        <Stack gap="sm">
          <TextInput
            name="username"
            label="ชื่อผู้ใช้"
            description="3–32 ตัว ตัวอักษรอังกฤษ ตัวเลข และ . _ -"
            required
            autoComplete="off"
            maxLength={32}
            error={fields.username}
            data-autofocus
          />
          <TextInput name="full_name" label="ชื่อ-นามสกุล" maxLength={100} error={fields.full_name} />
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v === "set" ? "set" : "generate")}
            data={[
              { value: "generate", label: "สุ่มรหัสผ่านให้" },
              { value: "set", label: "ตั้งรหัสผ่านเอง" },
            ]}
            aria-label="วิธีตั้งรหัสผ่าน"
            name="password_mode"
          />
          {mode === "set" ? (
            <PasswordInput
              name="password"
              label="รหัสผ่าน"
              description={`อย่างน้อย ${passwordMinLength} ตัวอักษร ไม่ซ้ำกับชื่อผู้ใช้ และไม่ใช่รหัสผ่านที่เดาง่าย`}
              autoComplete="new-password"
              required
              error={fields.password}
            />
          ) : (
            <Text fz="xs" c="dimmed">
              ระบบจะสุ่มรหัสผ่านและแสดงให้เห็นเพียงครั้งเดียวหลังบันทึก
            </Text>
          )}
          {error ? (
            <Text c="red" fz="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <DialogButtons busy={busy} onClose={onClose} submit="เพิ่มผู้ดูแลระบบ" />
        </Stack>
      </fetcher.Form>
    </Modal>
  );
}
