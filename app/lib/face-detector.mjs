// How a photo is looked at for faces by the server's engine (face.server.ts and face-worker.mjs).
// The browser only takes FACE_MAX_SIDE, to fit the photo it sends; it detects nothing itself: the
// pre-check asks the server (docs/decisions/036-face-precheck-on-the-server.md). Plain JavaScript
// because the worker is loaded from disk, outside the Remix bundle; safe in the browser (no imports).

/** TinyFaceDetector settings: a selfie fitted inside FACE_MAX_SIDE has a face 150–400 px wide. */
export const FACE_DETECTOR = Object.freeze({ inputSize: 416, scoreThreshold: 0.5 });

/** Photos are fitted inside this box (never enlarged) before detection. */
export const FACE_MAX_SIDE = 640;
