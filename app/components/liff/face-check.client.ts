// Browser-only, loaded on demand on the face screens: a quick local check so the employee hears
// "no face" at once. It uses the server's detector settings (app/lib/face-detector.mjs), so the two
// agree on a photo; it is still advice only: the server computes the real descriptor and decides.
import { FACE_DETECTOR } from "~/lib/face-detector.mjs";

type FaceApi = typeof import("@vladmandic/face-api");

let loading: Promise<FaceApi> | undefined;

function loadFaceApi() {
  loading ??= (async () => {
    const faceapi = await import("@vladmandic/face-api");
    await faceapi.nets.tinyFaceDetector.loadFromUri("/models");
    return faceapi;
  })().catch((error: unknown) => {
    loading = undefined; // tried again on the next photo
    throw error;
  });
  return loading;
}

/**
 * `refused`: the server will refuse this photo whatever happens (several faces), so sending it is
 * not offered. Otherwise a failed check is a warning the employee may overrule.
 */
export type LocalCheck = { ok: true } | { ok: false; refused: boolean; message: string };

export const LOCAL_CHECK_MESSAGES = {
  dark: "ภาพมืดเกินไป กรุณาถ่ายในที่สว่าง",
  noFace: "ไม่พบใบหน้า กรุณาให้เห็นใบหน้าชัดเจน",
  manyFaces: "พบหลายใบหน้าในรูป กรุณาถ่ายเฉพาะตัวเอง",
} as const;

function meanBrightness(canvas: HTMLCanvasElement) {
  const ctx = canvas.getContext("2d");
  if (!ctx) return 255;
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let sum = 0;
  for (let i = 0; i < data.length; i += 16) sum += (data[i] + data[i + 1] + data[i + 2]) / 3;
  return sum / (data.length / 16);
}

export async function checkFaceLocally(canvas: HTMLCanvasElement): Promise<LocalCheck> {
  if (meanBrightness(canvas) < 40) return { ok: false, refused: false, message: LOCAL_CHECK_MESSAGES.dark };
  let faceapi: FaceApi;
  try {
    faceapi = await loadFaceApi();
  } catch (error) {
    // The local check is optional (the server still checks): say why in the console only.
    console.warn("face pre-check unavailable", error);
    return { ok: true };
  }
  const faces = await faceapi.detectAllFaces(canvas, new faceapi.TinyFaceDetectorOptions(FACE_DETECTOR));
  if (faces.length === 0) return { ok: false, refused: false, message: LOCAL_CHECK_MESSAGES.noFace };
  if (faces.length > 1) return { ok: false, refused: true, message: LOCAL_CHECK_MESSAGES.manyFaces };
  return { ok: true };
}
