import { Alert } from "~mantine-core/components/Alert/Alert";
import { Button } from "~mantine-core/components/Button/Button";
import { FileButton } from "~mantine-core/components/FileButton/FileButton";
import { Group } from "~mantine-core/components/Group/Group";
import { Image } from "~mantine-core/components/Image/Image";
import { Loader } from "~mantine-core/components/Loader/Loader";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import IconCamera from "@tabler/icons-react/dist/esm/icons/IconCamera.mjs";
import IconPhoto from "@tabler/icons-react/dist/esm/icons/IconPhoto.mjs";
import { useEffect, useRef, useState } from "react";
import { FACE_MAX_SIDE } from "~/lib/face-detector.mjs";
import { checkFaceOnServer, type FaceCheck } from "./face-check";

/** A photo ready to send: JPEG, fitted inside FACE_MAX_SIDE, with the server's pre-check of those bytes. */
export type Selfie = { blob: Blob; check: FaceCheck };

type Props = {
  /** Called with null when a new photo is being taken, then with the photo once it is checked. */
  onChange: (selfie: Selfie | null) => void;
  /** The server's answer to the real submission: shown instead of the pre-check's (one message at a time). */
  error?: string | null;
  /**
   * Where the page sends a photo with a face problem anyway (a check-in, which then waits for an
   * admin's review): the pre-check's message is a yellow warning followed by this. Without it the
   * page will not send such a photo (registration refuses it) and the message is red.
   */
  reviewNote?: string;
  /** While the page sends the photo. */
  disabled?: boolean;
};

function drawToCanvas(source: CanvasImageSource, width: number, height: number) {
  const scale = Math.min(1, FACE_MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext("2d")?.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

const toJpeg = (canvas: HTMLCanvasElement) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));

/**
 * Takes a selfie with the phone camera (getUserMedia), or a photo from the file picker when the
 * in-app browser has no camera access, and has the server's engine pre-check the JPEG it will send.
 * What to do with the photo is the page's business (face registration, check-in).
 */
export function SelfieCapture({ onChange, error, reviewNote, disabled = false }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [checking, setChecking] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [check, setCheck] = useState<FaceCheck | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Until React has hydrated, a tap would open the picker but no handler would see the photo
  // (a slow phone in LINE): the buttons wait for it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => () => stream?.getTracks().forEach((t) => t.stop()), [stream]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);

  function reset() {
    setProblem(null);
    setCheck(null);
    onChange(null);
  }

  async function openCamera() {
    reset();
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user", width: { ideal: FACE_MAX_SIDE } }, audio: false });
      setStream(media);
    } catch {
      setProblem("เปิดกล้องไม่ได้ กรุณากด “เลือกรูป” เพื่อถ่ายหรือเลือกรูปแทน");
    }
  }

  async function accept(canvas: HTMLCanvasElement) {
    stream?.getTracks().forEach((t) => t.stop());
    setStream(null);
    reset();
    const blob = await toJpeg(canvas);
    if (!blob) return setProblem("อ่านรูปไม่ได้ กรุณาลองใหม่");
    setPreview(URL.createObjectURL(blob));
    setChecking(true);
    const result = await checkFaceOnServer(blob);
    setChecking(false);
    setCheck(result);
    onChange({ blob, check: result });
  }

  async function snap() {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    await accept(drawToCanvas(v, v.videoWidth, v.videoHeight));
  }

  async function pick(file: File | null) {
    if (!file) return;
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(file);
    } catch {
      reset();
      return setProblem("อ่านไฟล์รูปไม่ได้ กรุณาเลือกรูป JPEG หรือ PNG");
    }
    await accept(drawToCanvas(bitmap, bitmap.width, bitmap.height));
  }

  const message = problem
    ? { color: "red", text: problem }
    : error
      ? { color: "red", text: error }
      : check?.status === "problem"
        ? reviewNote
          ? { color: "yellow", text: `${check.message} ${reviewNote}` }
          : { color: "red", text: check.message }
        : null;

  return (
    <Stack>
      {stream ? (
        <video ref={video} autoPlay playsInline muted style={{ width: "100%", borderRadius: 12, transform: "scaleX(-1)" }} />
      ) : preview ? (
        <Image src={preview} alt="รูปที่ถ่าย" radius="md" />
      ) : null}
      {checking ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">กำลังตรวจรูป…</Text>
        </Group>
      ) : null}
      {message ? (
        <Alert color={message.color} role="alert">
          {message.text}
        </Alert>
      ) : null}
      {stream ? (
        <Button size="lg" leftSection={<IconCamera />} onClick={snap}>
          ถ่ายรูป
        </Button>
      ) : (
        <Group grow>
          <Button size="lg" variant="light" leftSection={<IconCamera />} onClick={openCamera} disabled={disabled || checking || !hydrated}>
            {preview ? "ถ่ายใหม่" : "เปิดกล้อง"}
          </Button>
          <FileButton onChange={pick} accept="image/*" capture="user">
            {(props) => (
              <Button {...props} size="lg" variant="default" leftSection={<IconPhoto />} disabled={disabled || checking || !hydrated}>
                เลือกรูป
              </Button>
            )}
          </FileButton>
        </Group>
      )}
    </Stack>
  );
}
