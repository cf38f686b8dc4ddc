import { Alert, Button, FileInput, Group, Image, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconCurrentLocation } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { DialogButtons } from "~/components/DialogButtons";
import { useDialogForm, type DialogFetcher } from "~/components/dialog-fetcher";
import { useObjectUrl } from "~/components/use-object-url";
import { MACHINE_TYPE_LABELS, MachineType } from "~/lib/enums";
import { DEFAULT_MACHINE_RADIUS_M, requiresPresence } from "~/models/machines/rules";
import { MACHINE_MAX_LENGTH, MAX_VISIT_EVERY_DAYS } from "~/models/machines/schema";
import type { MachineDto } from "~/models/machines/machine.server";

const TYPE_OPTIONS = Object.entries(MACHINE_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/**
 * Create (no machine) or edit one; posts to the page action through the given fetcher. With a
 * photo chosen the form goes as multipart under the `-photo` intent.
 */
export function MachineFormModal({
  opened,
  onClose,
  machine,
  fetcher,
}: {
  opened: boolean;
  onClose: () => void;
  machine: MachineDto | null;
  fetcher: DialogFetcher;
}) {
  const { fields, error, busy, formProps, clearField } = useDialogForm(fetcher);
  const [type, setType] = useState(String(machine?.type ?? MachineType.normal));
  const [lat, setLat] = useState(machine?.lat != null ? String(machine.lat) : "");
  const [lng, setLng] = useState(machine?.lng != null ? String(machine.lng) : "");
  const [file, setFile] = useState<File | null>(null);
  const [locating, setLocating] = useState<string | null>(null);

  // Reset when a dialog opens for a machine, not when a reload brings a new copy of the same one.
  const shown = opened ? (machine?.id ?? "new") : null;
  const initial = useRef(machine);
  initial.current = machine;
  useEffect(() => {
    const m = initial.current;
    setType(String(m?.type ?? MachineType.normal));
    setLat(m?.lat != null ? String(m.lat) : "");
    setLng(m?.lng != null ? String(m.lng) : "");
    setFile(null);
    setLocating(null);
  }, [shown]);

  const preview = useObjectUrl(file);

  const useHere = () => {
    if (!("geolocation" in navigator)) return setLocating("เบราว์เซอร์นี้หาตำแหน่งไม่ได้");
    setLocating("กำลังหาตำแหน่ง…");
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLat(p.coords.latitude.toFixed(6));
        setLng(p.coords.longitude.toFixed(6));
        clearField("lat", "lng");
        setLocating(null);
      },
      () => setLocating("หาตำแหน่งไม่ได้ กรุณากรอกเอง"),
      { enableHighAccuracy: true, timeout: 10_000 },
    );
  };

  const intent = `${machine ? "update" : "create"}${file ? "-photo" : ""}`;
  const picture = preview ?? machine?.photo_url ?? null;
  const needsLocation = requiresPresence(Number(type));

  return (
    <Modal opened={opened} onClose={onClose} title={machine ? `แก้ไขตู้ ${machine.code}` : "เพิ่มตู้"} size="lg">
      <fetcher.Form method="post" encType={file ? "multipart/form-data" : "application/x-www-form-urlencoded"} key={machine?.id ?? "new"} noValidate {...formProps}>
        <input type="hidden" name="intent" value={intent} />
        {machine ? <input type="hidden" name="id" value={machine.id} /> : null}
        <Stack gap="sm">
          {error ? <Alert color="red">{error}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput name="code" maxLength={MACHINE_MAX_LENGTH.code} label="รหัสตู้" required defaultValue={machine?.code} error={fields.code} />
            <TextInput name="name" maxLength={MACHINE_MAX_LENGTH.name} label="ชื่อตู้" required defaultValue={machine?.name} error={fields.name} />
            <Select
              name="type"
              label="ประเภทตู้"
              required
              data={TYPE_OPTIONS}
              value={type}
              onChange={(v) => {
                setType(v ?? String(MachineType.normal));
                clearField("type", "lat", "lng");
              }}
              allowDeselect={false}
              error={fields.type}
              comboboxProps={{ zIndex: 1200 }}
            />
            <TextInput
              name="visit_every_days"
              label="ต้องเข้าตู้ทุก (วัน)"
              description="เว้นว่างถ้าไม่มีกำหนด"
              inputMode="numeric"
              maxLength={3}
              placeholder={`1–${MAX_VISIT_EVERY_DAYS}`}
              defaultValue={machine?.visit_every_days != null ? String(machine.visit_every_days) : ""}
              error={fields.visit_every_days}
            />
          </SimpleGrid>
          <Text fz="sm" fw={500}>
            ตำแหน่งตู้
          </Text>
          {needsLocation ? (
            <Text fz="xs" c="dimmed">
              ตู้ประเภท “{MACHINE_TYPE_LABELS[MachineType.sync]}” ต้องระบุตำแหน่ง พนักงานต้องส่งรายงานจากในรัศมีของตู้
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput name="lat" label="ละติจูด" inputMode="decimal" value={lat} onChange={(e) => setLat(e.currentTarget.value)} required={needsLocation} error={fields.lat} />
            <TextInput name="lng" label="ลองจิจูด" inputMode="decimal" value={lng} onChange={(e) => setLng(e.currentTarget.value)} required={needsLocation} error={fields.lng} />
            <TextInput
              name="radius_m"
              label="รัศมี (เมตร)"
              inputMode="numeric"
              placeholder={String(DEFAULT_MACHINE_RADIUS_M)}
              defaultValue={machine ? String(machine.radius_m) : ""}
              error={fields.radius_m}
            />
          </SimpleGrid>
          <Group gap="xs">
            <Button variant="light" size="xs" leftSection={<IconCurrentLocation size={16} />} onClick={useHere}>
              ใช้ตำแหน่งปัจจุบัน
            </Button>
            {locating ? (
              <Text fz="xs" c="dimmed">
                {locating}
              </Text>
            ) : null}
          </Group>
          <Textarea name="address" maxLength={MACHINE_MAX_LENGTH.address} label="ที่อยู่ / จุดตั้งตู้" autosize minRows={2} defaultValue={machine?.address} error={fields.address} />
          <Group align="flex-start" wrap="nowrap">
            {picture ? <Image src={picture} alt="รูปตู้" w={96} h={96} radius="md" fit="cover" /> : null}
            <FileInput
              name="photo"
              style={{ flex: 1 }}
              label={machine?.photo_url ? "เปลี่ยนรูปตู้" : "รูปตู้"}
              placeholder="JPEG, PNG, WebP หรือ HEIC ไม่เกิน 10 MB"
              accept="image/*"
              value={file}
              onChange={setFile}
              clearable
            />
          </Group>
          <Textarea name="note" maxLength={MACHINE_MAX_LENGTH.note} label="หมายเหตุ" autosize minRows={2} defaultValue={machine?.note} error={fields.note} />
          <DialogButtons busy={busy} onClose={onClose} submit="บันทึก" />
        </Stack>
      </fetcher.Form>
    </Modal>
  );
}
