import { vi } from "vitest";
import { FACE_DETECTOR, FACE_MAX_SIDE } from "~/lib/face-detector.mjs";
import { DETECTOR } from "~/lib/face-worker.mjs";
import { FACE_INPUT_SIZE } from "~/lib/face.server";

const detected = vi.hoisted(() => ({ faces: 1, options: [] as unknown[] }));
vi.mock("@vladmandic/face-api", () => ({
  nets: { tinyFaceDetector: { loadFromUri: vi.fn(async () => undefined) } },
  TinyFaceDetectorOptions: class {
    constructor(options: unknown) {
      detected.options.push(options);
    }
  },
  detectAllFaces: vi.fn(async () => Array.from({ length: detected.faces }, () => ({}))),
}));

// A bright 2×2 "canvas" (the brightness check reads its pixels).
const canvas = {
  width: 2,
  height: 2,
  getContext: () => ({ getImageData: () => ({ data: new Uint8ClampedArray(16).fill(200) }) }),
} as unknown as HTMLCanvasElement;

describe("the browser's face check", () => {
  test("uses the server's detector settings and photo size", async () => {
    expect(DETECTOR).toBe(FACE_DETECTOR);
    expect(FACE_INPUT_SIZE).toBe(FACE_MAX_SIDE);
    const { checkFaceLocally } = await import("./face-check.client");
    detected.faces = 1;
    expect(await checkFaceLocally(canvas)).toEqual({ ok: true });
    expect(detected.options.at(-1)).toEqual({ inputSize: 416, scoreThreshold: 0.5 });
    expect(detected.options.at(-1)).toEqual(FACE_DETECTOR);
  });

  test("several faces is a refusal (not offered for sending); no face is a warning", async () => {
    const { checkFaceLocally, LOCAL_CHECK_MESSAGES } = await import("./face-check.client");
    detected.faces = 3;
    expect(await checkFaceLocally(canvas)).toEqual({ ok: false, refused: true, message: LOCAL_CHECK_MESSAGES.manyFaces });
    detected.faces = 0;
    expect(await checkFaceLocally(canvas)).toEqual({ ok: false, refused: false, message: LOCAL_CHECK_MESSAGES.noFace });
  });
});
