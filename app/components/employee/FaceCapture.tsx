import { Alert, Button, FileButton, Group, Image, Loader, Stack, Text } from "@mantine/core";
import { IconCamera, IconPhoto, IconUpload } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";

type Status = "idle" | "camera" | "checking" | "ready" | "uploading";
const MAX_SIDE = 640;

function drawToCanvas(source: CanvasImageSource, width: number, height: number) {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext("2d")?.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * Takes a selfie with the phone camera (getUserMedia), or a photo from the file picker when the
 * in-app browser has no camera access, checks it locally for quick feedback, then uploads the
 * photo (never a descriptor) to /api/emp/face, where the server decides.
 */
export function FaceCapture({ onRegistered }: { onRegistered: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [status, setStatus] = useState<Status>("idle");
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => stream?.getTracks().forEach((t) => t.stop()), [stream]);
  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);
  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);

  async function openCamera() {
    setError(null);
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user", width: { ideal: 640 } }, audio: false });
      setStream(media);
      setStatus("camera");
    } catch {
      setError("เปิดกล้องไม่ได้ กรุณากด “เลือกรูป” เพื่อถ่ายหรือเลือกรูปแทน");
    }
  }

  async function accept(canvas: HTMLCanvasElement) {
    stream?.getTracks().forEach((t) => t.stop());
    setStream(null);
    setStatus("checking");
    setWarning(null);
    setError(null);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
    if (!blob) return setError("อ่านรูปไม่ได้ กรุณาลองใหม่");
    setPhoto({ blob, url: URL.createObjectURL(blob) });
    const { checkFaceLocally } = await import("./face-check.client");
    const check = await checkFaceLocally(canvas);
    setWarning(check.ok ? null : check.message);
    setStatus("ready");
  }

  async function snap() {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    await accept(drawToCanvas(v, v.videoWidth, v.videoHeight));
  }

  async function pick(file: File | null) {
    if (!file) return;
    try {
      const bitmap = await createImageBitmap(file);
      await accept(drawToCanvas(bitmap, bitmap.width, bitmap.height));
    } catch {
      setError("อ่านไฟล์รูปไม่ได้ กรุณาเลือกรูป JPEG หรือ PNG");
      setStatus("idle");
    }
  }

  async function upload() {
    if (!photo) return;
    setStatus("uploading");
    setError(null);
    const form = new FormData();
    form.set("photo", photo.blob, "face.jpg");
    const response = await fetch("/api/emp/face", { method: "POST", body: form });
    if (response.ok) return onRegistered();
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    setError(body.error ?? "ลงทะเบียนใบหน้าไม่สำเร็จ กรุณาลองใหม่");
    setStatus("ready");
  }

  return (
    <Stack>
      {status === "camera" ? (
        <video ref={video} autoPlay playsInline muted style={{ width: "100%", borderRadius: 12, transform: "scaleX(-1)" }} />
      ) : photo ? (
        <Image src={photo.url} alt="รูปที่ถ่าย" radius="md" />
      ) : null}
      {status === "checking" ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">กำลังตรวจรูป…</Text>
        </Group>
      ) : null}
      {warning ? <Alert color="yellow">{warning}</Alert> : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {status === "camera" ? (
        <Button size="lg" leftSection={<IconCamera />} onClick={snap}>
          ถ่ายรูป
        </Button>
      ) : (
        <Group grow>
          <Button size="lg" variant="light" leftSection={<IconCamera />} onClick={openCamera} disabled={status === "uploading"}>
            {photo ? "ถ่ายใหม่" : "เปิดกล้อง"}
          </Button>
          <FileButton onChange={pick} accept="image/*" capture="user">
            {(props) => (
              <Button {...props} size="lg" variant="default" leftSection={<IconPhoto />} disabled={status === "uploading"}>
                เลือกรูป
              </Button>
            )}
          </FileButton>
        </Group>
      )}
      {photo && status !== "camera" ? (
        <Button size="lg" leftSection={<IconUpload />} onClick={upload} loading={status === "uploading"} disabled={status === "checking"}>
          {warning ? "ส่งรูปนี้อยู่ดี" : "ใช้รูปนี้"}
        </Button>
      ) : null}
    </Stack>
  );
}
