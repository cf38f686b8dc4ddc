import { Alert, Button, FileButton, Group, Image, Stack } from "@mantine/core";
import { IconCamera, IconPhoto } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";

export const KIOSK_CAMERA_MESSAGES = {
  noCamera: "เปิดกล้องไม่ได้ กรุณากด “เลือกรูป” เพื่อถ่ายรูปแทน",
  unreadable: "อ่านรูปไม่ได้ กรุณาถ่ายใหม่",
} as const;

/**
 * The longest side of the photo sent (the server re-encodes it and finds the face itself). Not
 * ~/lib/face-detector.mjs's size: importing that module here would split the employee pages'
 * shared chunk and add a script to each of them (ADR 038).
 */
const PHOTO_MAX_SIDE = 1280;

function toJpeg(source: CanvasImageSource, width: number, height: number) {
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext("2d")?.drawImage(source, 0, 0, canvas.width, canvas.height);
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
}

/**
 * The kiosk camera's selfie (getUserMedia, the front camera), as the LIFF check-in takes one, or a
 * photo from the picker where the browser has no camera. The face is matched on the server.
 */
export function KioskCamera({ onChange, disabled = false }: { onChange: (photo: Blob | null) => void; disabled?: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => () => stream?.getTracks().forEach((t) => t.stop()), [stream]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);

  async function open() {
    setProblem(null);
    onChange(null);
    try {
      setStream(await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user", width: { ideal: PHOTO_MAX_SIDE } }, audio: false }));
    } catch {
      setProblem(KIOSK_CAMERA_MESSAGES.noCamera);
    }
  }

  async function take(blob: Blob | null) {
    stream?.getTracks().forEach((t) => t.stop());
    setStream(null);
    if (!blob) {
      setProblem(KIOSK_CAMERA_MESSAGES.unreadable);
      return onChange(null);
    }
    setPreview(URL.createObjectURL(blob));
    onChange(blob);
  }

  async function snap() {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    await take(await toJpeg(v, v.videoWidth, v.videoHeight));
  }

  async function pick(file: File | null) {
    if (!file) return;
    try {
      const bitmap = await createImageBitmap(file);
      await take(await toJpeg(bitmap, bitmap.width, bitmap.height));
    } catch {
      await take(null);
    }
  }

  return (
    <Stack gap="xs">
      {stream ? (
        <video ref={video} autoPlay playsInline muted style={{ width: "100%", maxHeight: "40vh", borderRadius: 12, transform: "scaleX(-1)" }} />
      ) : preview ? (
        <Image src={preview} alt="รูปที่ถ่าย" radius="md" mah="30vh" fit="contain" />
      ) : null}
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      {stream ? (
        <Button size="lg" leftSection={<IconCamera />} onClick={snap}>
          ถ่ายรูป
        </Button>
      ) : (
        <Group grow>
          <Button size="lg" variant="light" leftSection={<IconCamera />} onClick={open} disabled={disabled}>
            {preview ? "ถ่ายใหม่" : "เปิดกล้อง"}
          </Button>
          <FileButton onChange={pick} accept="image/*" capture="user">
            {(props) => (
              <Button {...props} size="lg" variant="default" leftSection={<IconPhoto />} disabled={disabled}>
                เลือกรูป
              </Button>
            )}
          </FileButton>
        </Group>
      )}
    </Stack>
  );
}
