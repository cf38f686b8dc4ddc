import { Alert } from "~mantine-core/components/Alert/Alert";
import { Button } from "~mantine-core/components/Button/Button";
import { Group } from "~mantine-core/components/Group/Group";
import { Input } from "~mantine-core/components/Input/Input";
import { Loader } from "~mantine-core/components/Loader/Loader";
import { SimpleGrid } from "~mantine-core/components/SimpleGrid/SimpleGrid";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { Textarea } from "~mantine-core/components/Textarea/Textarea";
import IconCurrentLocation from "@tabler/icons-react/dist/esm/icons/IconCurrentLocation.mjs";
import IconSend from "@tabler/icons-react/dist/esm/icons/IconSend.mjs";
import { useState } from "react";
import { classifyGeofence, haversineMeters } from "~/lib/geo";
import { UPLOAD_MESSAGES } from "~/lib/uploads-shared";
import { distanceText, STATUS_COLORS } from "~/components/machines/machine-status";
import {
  MACHINE_VISIT_MESSAGES,
  MACHINE_VISIT_STATUSES,
  MAX_VISIT_NOTE,
  requiresPresence,
  type MachineVisitStatus,
} from "~/models/machines/rules";
import { MACHINE_VISIT_STATUS_LABELS } from "~/models/machines/labels";
import { empFetch, type EmpFields } from "~/components/liff/emp-api";
import { PhotoPicker } from "~/components/liff/PhotoPicker";
import { presenceHint } from "~/components/liff/presence";
import type { PositionState } from "~/components/liff/use-position";
import type { EmployeeMachine, VisitDto } from "./machine-types";

const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

type Props = {
  machine: EmployeeMachine;
  position: PositionState;
  onLocate: () => void;
  /** The attendance setting the server checks a type-2 report's accuracy against. */
  maxAccuracy: number;
  onSent: (visit: VisitDto) => void;
};

/** What the phone's position means for this machine, before sending (the server decides again). */
function PresenceCheck({ machine, position, maxAccuracy, onLocate }: Omit<Props, "onSent">) {
  const retry = (
    <Button variant="subtle" size="compact-sm" leftSection={<IconCurrentLocation size={16} />} onClick={onLocate}>
      หาตำแหน่งอีกครั้ง
    </Button>
  );
  if (position.status === "locating") {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text fz="sm" c="dimmed">
          กำลังหาตำแหน่ง…
        </Text>
      </Group>
    );
  }
  if (position.status === "error") {
    return (
      <Alert color="red" role="alert" title="ไม่ได้ตำแหน่ง">
        <Stack gap={4}>
          <Text fz="sm">{position.message}</Text>
          {retry}
        </Stack>
      </Alert>
    );
  }
  if (machine.lat === null || machine.lng === null) return null;
  const { fix } = position;
  const distance = haversineMeters({ lat: machine.lat, lng: machine.lng }, fix);
  const geofence = classifyGeofence(distance, fix.accuracy, machine.radius_m);
  const facts = `ห่างจากตู้ ${distanceText(distance)} (±${distanceText(fix.accuracy)}) รัศมี ${distanceText(machine.radius_m)}`;
  if (fix.accuracy > maxAccuracy) {
    return (
      <Alert color="yellow" role="alert" title="ตำแหน่งไม่แม่นพอ">
        <Stack gap={4}>
          <Text fz="sm">
            {facts} — คลาดเคลื่อนเกิน {maxAccuracy} ม. ลองใหม่ในที่โล่ง
          </Text>
          {retry}
        </Stack>
      </Alert>
    );
  }
  const tone = presenceHint(geofence, { inside: "อยู่ที่ตู้", outside: "reject", refused: "อยู่นอกพื้นที่ของตู้" });
  return (
    <Alert color={tone.color} title={tone.title} data-testid="presence-check">
      <Stack gap={4}>
        <Text fz="sm">{facts}</Text>
        {retry}
      </Stack>
    </Alert>
  );
}

/** The report: the status as big buttons, a note, the photo, and for type 2 the distance check. */
export function VisitForm({ machine, position, onLocate, maxAccuracy, onSent }: Props) {
  const [status, setStatus] = useState<MachineVisitStatus | null>(null);
  const [note, setNote] = useState("");
  const [photo, setPhoto] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<{ error: string; fields: EmpFields } | null>(null);
  const presence = requiresPresence(machine.type);

  function choosePhoto(file: File | null) {
    if (file && file.size > MAX_PHOTO_BYTES) {
      setProblem({ error: UPLOAD_MESSAGES.tooLarge, fields: { photo: UPLOAD_MESSAGES.tooLarge } });
      return;
    }
    setPhoto(file);
    if (problem?.fields.photo) setProblem(null);
  }

  const fix = position.status === "ready" ? position.fix : null;

  async function send() {
    const fields: EmpFields = {};
    if (!status) fields.status = "กรุณาเลือกสถานะของตู้";
    if (presence && !photo) fields.photo = MACHINE_VISIT_MESSAGES.photoRequired;
    if (presence && !fix) fields.position = MACHINE_VISIT_MESSAGES.positionRequired;
    if (Object.keys(fields).length) {
      setProblem({ error: Object.values(fields)[0], fields });
      return;
    }
    const form = new FormData();
    form.set("machine_id", String(machine.id));
    form.set("status", status ?? "");
    form.set("note", note);
    if (fix) {
      form.set("lat", String(fix.lat));
      form.set("lng", String(fix.lng));
      form.set("accuracy", String(fix.accuracy));
    }
    if (photo) form.set("photo", photo, photo.name || "machine.jpg");
    setSending(true);
    setProblem(null);
    const answer = await empFetch<{ visit: VisitDto }>("/api/emp/machine", { method: "POST", body: form });
    setSending(false);
    if (answer.ok) return onSent(answer.data.visit);
    setProblem({ error: answer.error, fields: answer.fields });
  }

  return (
    <Stack>
      <Text fw={700}>
        {machine.code} {machine.name}
      </Text>
      {presence ? (
        <PresenceCheck machine={machine} position={position} maxAccuracy={maxAccuracy} onLocate={onLocate} />
      ) : null}
      <Input.Wrapper label="สถานะของตู้" withAsterisk error={problem?.fields.status}>
        <SimpleGrid cols={2} mt={4}>
          {MACHINE_VISIT_STATUSES.map((s) => (
            <Button
              key={s}
              size="lg"
              color={STATUS_COLORS[s]}
              variant={status === s ? "filled" : "light"}
              aria-pressed={status === s}
              onClick={() => {
                setStatus(s);
                if (problem?.fields.status) setProblem(null);
              }}
              disabled={sending}
            >
              {MACHINE_VISIT_STATUS_LABELS[s]}
            </Button>
          ))}
        </SimpleGrid>
      </Input.Wrapper>
      <Textarea
        label="หมายเหตุ"
        autosize
        minRows={2}
        maxLength={MAX_VISIT_NOTE}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        description={`${note.length}/${MAX_VISIT_NOTE}`}
        error={problem?.fields.note}
        disabled={sending}
      />
      <Input.Wrapper label="รูปถ่ายตู้" withAsterisk={presence} description={presence ? "ตู้ประเภทนี้ต้องแนบรูปถ่าย" : "ไม่บังคับ"} error={problem?.fields.photo}>
        <PhotoPicker file={photo} onFile={choosePhoto} alt="รูปถ่ายตู้ที่แนบ" disabled={sending} />
      </Input.Wrapper>
      {problem && !problem.fields.status && !problem.fields.photo && !problem.fields.note ? (
        <Alert color="red" role="alert">
          {problem.error}
        </Alert>
      ) : null}
      <Button size="xl" fullWidth leftSection={<IconSend />} onClick={send} loading={sending}>
        ส่งรายงาน
      </Button>
    </Stack>
  );
}
