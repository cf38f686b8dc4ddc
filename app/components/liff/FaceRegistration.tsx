import { Alert } from "~mantine-core/components/Alert/Alert";
import { Button } from "~mantine-core/components/Button/Button";
import { Checkbox } from "~mantine-core/components/Checkbox/Checkbox";
import { List } from "~mantine-core/components/List/List";
import { Paper } from "~mantine-core/components/Paper/Paper";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import IconUpload from "@tabler/icons-react/dist/esm/icons/IconUpload.mjs";
import { useState } from "react";
import { empFetch } from "./emp-api";
import { FACE_REGISTERED_MESSAGE } from "./messages";
import { SelfieCapture, type Selfie } from "./SelfieCapture";

/** What the employee agrees to before a face is taken (PDPA s.26: biometric data needs explicit consent). */
export function FaceConsent({
  checked,
  onChange,
  retentionDays,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  retentionDays?: number;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text fw={600}>ความยินยอมในการเก็บข้อมูลใบหน้า (ข้อมูลชีวภาพ)</Text>
        <List size="sm" spacing={4}>
          <List.Item>ข้อมูลที่เก็บ: รูปถ่ายใบหน้าและค่าลักษณะใบหน้าที่คำนวณจากรูป</List.Item>
          <List.Item>วัตถุประสงค์: ยืนยันว่าผู้ลงเวลาเข้า-ออกงานเป็นตัวท่านเอง</List.Item>
          <List.Item>
            ระยะเวลาเก็บ: จนกว่าจะรีเซ็ตใบหน้าหรือท่านพ้นสภาพพนักงาน ส่วนรูปถ่ายตอนลงเวลาจะถูกลบเมื่อครบ
            {retentionDays ? ` ${retentionDays} วัน` : "ระยะเวลาที่บริษัทกำหนด"}
          </List.Item>
          <List.Item>ผู้เข้าถึงข้อมูล: ผู้ดูแลระบบของสำนักงานเท่านั้น</List.Item>
          <List.Item>ท่านถอนความยินยอมได้ทุกเมื่อโดยแจ้งผู้ดูแลระบบ ซึ่งจะลบใบหน้าที่ลงทะเบียนไว้</List.Item>
        </List>
        <Checkbox label="ยินยอม" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
      </Stack>
    </Paper>
  );
}

/**
 * The face page's own part: asks for consent, then sends the selfie (never a descriptor) to
 * /api/emp/face, where the server decides. A photo the server's pre-check finds no face or several
 * faces in is not offered for sending: the registration would refuse it with the same words.
 */
export function FaceRegistration({ onRegistered, retentionDays }: { onRegistered: () => void; retentionDays?: number }) {
  const [consent, setConsent] = useState(false);
  const [selfie, setSelfie] = useState<Selfie | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function send() {
    if (!selfie) return;
    setSending(true);
    setError(null);
    const form = new FormData();
    form.set("photo", selfie.blob, "face.jpg");
    form.set("consent", "1");
    const result = await empFetch("/api/emp/face", { method: "POST", body: form });
    setSending(false);
    if (!result.ok) return setError(result.error);
    setDone(true);
    onRegistered();
  }

  if (done) {
    return (
      <Alert color="green" role="status">
        {FACE_REGISTERED_MESSAGE}
      </Alert>
    );
  }

  const refused = selfie?.check.status === "problem";
  return (
    <Stack>
      <FaceConsent checked={consent} onChange={setConsent} retentionDays={retentionDays} />
      <SelfieCapture
        onChange={(next) => {
          setSelfie(next);
          setError(null);
        }}
        error={error}
        disabled={sending || !consent}
      />
      {selfie && !refused ? (
        <Button size="lg" leftSection={<IconUpload />} onClick={send} loading={sending} disabled={!consent}>
          ใช้รูปนี้
        </Button>
      ) : null}
    </Stack>
  );
}
