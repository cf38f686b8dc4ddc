// Browser-only, loaded on demand on the face screens: a quick local check so the employee hears
// "no face" at once. It is advice only; the server computes the real descriptor and decides.
type FaceApi = typeof import("@vladmandic/face-api");

let loading: Promise<FaceApi> | undefined;

function loadFaceApi() {
  loading ??= (async () => {
    const faceapi = await import("@vladmandic/face-api");
    await faceapi.nets.tinyFaceDetector.loadFromUri("/models");
    return faceapi;
  })();
  return loading;
}

export type LocalCheck = { ok: true } | { ok: false; message: string };

function meanBrightness(canvas: HTMLCanvasElement) {
  const ctx = canvas.getContext("2d");
  if (!ctx) return 255;
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let sum = 0;
  for (let i = 0; i < data.length; i += 16) sum += (data[i] + data[i + 1] + data[i + 2]) / 3;
  return sum / (data.length / 16);
}

export async function checkFaceLocally(canvas: HTMLCanvasElement): Promise<LocalCheck> {
  if (meanBrightness(canvas) < 40) return { ok: false, message: "ภาพมืดเกินไป กรุณาถ่ายในที่สว่าง" };
  let faceapi: FaceApi;
  try {
    faceapi = await loadFaceApi();
  } catch {
    return { ok: true }; // the local check is optional; the server still checks
  }
  const faces = await faceapi.detectAllFaces(canvas, new faceapi.TinyFaceDetectorOptions({ inputSize: 320, scoreThreshold: 0.5 }));
  if (faces.length === 0) return { ok: false, message: "ไม่พบใบหน้า กรุณาให้เห็นใบหน้าชัดเจน" };
  if (faces.length > 1) return { ok: false, message: "พบหลายใบหน้า กรุณาถ่ายเฉพาะตัวเอง" };
  return { ok: true };
}
