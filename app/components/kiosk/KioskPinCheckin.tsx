import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconLogin, IconLogout } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { clockTimeOf } from "~/lib/thai-date";
import { KIOSK_LABELS, KIOSK_MESSAGES, PIN_MAX_LENGTH } from "~/models/kiosk/labels";
import { KioskCamera } from "./KioskCamera";
import { kioskFetch } from "./kiosk-api";

/** `POST /api/kiosk/checkin`'s answer. */
export type KioskCheckin = { type: "in" | "out"; at: string | null; office: string; full_name: string; review: boolean };

/** The result stays on screen this long, then the panel clears itself for the next person. */
export const RESULT_SHOWN_MS = 8_000;

export function resultText(c: KioskCheckin) {
  const what = c.type === "in" ? "ลงเวลาเข้างานแล้ว" : "ลงเวลาออกงานแล้ว";
  return `${c.full_name} ${what}${c.at ? ` เวลา ${clockTimeOf(c.at)} น.` : ""}${c.review ? " (ผู้ดูแลระบบจะตรวจสอบอีกครั้ง)" : ""}`;
}

/**
 * "ลงเวลาด้วยรหัสพนักงาน": staff without LINE check in at the kiosk with their employee code, the
 * PIN an admin issued and a selfie from the kiosk camera. The server decides everything.
 */
export function KioskPinCheckin({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [code, setCode] = useState("");
  const [pin, setPin] = useState("");
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [cameraKey, setCameraKey] = useState(0);
  const [sending, setSending] = useState<"in" | "out" | null>(null);
  const [error, setError] = useState<{ text: string; fields: Record<string, string> } | null>(null);
  const [done, setDone] = useState<KioskCheckin | null>(null);
  const closed = useRef(onClose);
  closed.current = onClose;

  function reset() {
    setCode("");
    setPin("");
    setPhoto(null);
    setCameraKey((k) => k + 1);
    setError(null);
    setDone(null);
  }

  function close() {
    reset();
    onClose();
  }

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      reset();
      closed.current();
    }, RESULT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [done]);

  async function send(type: "in" | "out") {
    if (!photo) {
      setError({ text: KIOSK_MESSAGES.photoNeeded, fields: {} });
      return;
    }
    setSending(type);
    setError(null);
    const form = new FormData();
    form.set("employee_code", code);
    form.set("pin", pin);
    form.set("type", type);
    form.set("photo", photo, "selfie.jpg");
    const answer = await kioskFetch<{ checkin: KioskCheckin }>("/api/kiosk/checkin", { method: "POST", body: form });
    setSending(null);
    if (answer.ok) {
      setDone(answer.data.checkin);
      setPin("");
      return;
    }
    setError({ text: answer.error, fields: answer.fields });
  }

  const ready = code.trim() !== "" && pin.length >= 4 && !!photo && !sending;
  return (
    <Modal opened={opened} onClose={close} title={KIOSK_LABELS.pinCheckin} size="lg" fullScreen={false} centered>
      {done ? (
        <Stack>
          <Alert color={done.review ? "yellow" : "green"} role="status" data-testid="kiosk-pin-done">
            {resultText(done)}
          </Alert>
          <Button onClick={close}>ปิด</Button>
        </Stack>
      ) : (
        <Stack>
          <TextInput
            label="รหัสพนักงาน"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error?.fields.employee_code}
            maxLength={20}
            autoComplete="off"
            size="lg"
          />
          <PasswordInput
            label="PIN"
            description="ตัวเลข 4–6 หลักที่ได้รับจากผู้ดูแลระบบ"
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, "").slice(0, PIN_MAX_LENGTH))}
            error={error?.fields.pin}
            inputMode="numeric"
            autoComplete="off"
            size="lg"
          />
          <Text fw={600}>รูปถ่ายใบหน้า</Text>
          <KioskCamera key={cameraKey} onChange={setPhoto} disabled={!!sending} />
          {error && !error.fields.pin && !error.fields.employee_code ? (
            <Alert color="red" role="alert">
              {error.text}
            </Alert>
          ) : null}
          <Group grow>
            <Button size="xl" color="blue" leftSection={<IconLogin />} onClick={() => send("in")} disabled={!ready} loading={sending === "in"}>
              ลงเวลาเข้างาน
            </Button>
            <Button size="xl" color="teal" leftSection={<IconLogout />} onClick={() => send("out")} disabled={!ready} loading={sending === "out"}>
              ลงเวลาออกงาน
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
