import { Alert, Button, Stack } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { empFetch } from "./emp-api";
import { FACE_REGISTERED_MESSAGE } from "./messages";
import { SelfieCapture, type Selfie } from "./SelfieCapture";

/**
 * The face page's own part: sends the selfie (never a descriptor) to /api/emp/face, where the
 * server decides. A photo the server will refuse anyway (several faces) is not offered for sending.
 */
export function FaceRegistration({ onRegistered }: { onRegistered: () => void }) {
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

  const check = selfie?.check;
  return (
    <Stack>
      <SelfieCapture
        onChange={(next) => {
          setSelfie(next);
          setError(null);
        }}
        error={error}
        disabled={sending}
      />
      {selfie && !(check && !check.ok && check.refused) ? (
        <Button size="lg" leftSection={<IconUpload />} onClick={send} loading={sending}>
          {check && !check.ok ? "ส่งรูปนี้อยู่ดี" : "ใช้รูปนี้"}
        </Button>
      ) : null}
    </Stack>
  );
}
