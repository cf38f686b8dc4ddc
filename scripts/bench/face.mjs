// Face registration against the real server (POST /api/emp/face): a demo-mode LINE user is
// linked to a seeded employee, then one 640 px one-face selfie is posted (a) sequentially to time
// the descriptor and (b) with a fixed number of requests always in flight while /healthz is
// loaded. The selfie is tests/fixtures/faces.ts faceSelfie("a") at 640 px wide, cut here with
// sharp so the bench needs no TypeScript loader.
import path from "node:path";
import sharp from "sharp";

/** Server-side work of one descriptor can queue behind others: allow as long as the app's job timeout. */
export const FACE_REQUEST_TIMEOUT_MS = 60_000;
const DEMO_ID_TOKEN = "demo:Udemo0004";

/** sample3.jpg (face-api demo photos), the left woman's face: one face, 640 px wide JPEG. */
export async function selfieJpeg(root) {
  const sample = path.join(root, "node_modules/@vladmandic/face-api/demo/sample3.jpg");
  const jpeg = await sharp(sample)
    .extract({ left: 330, top: 170, width: 660, height: 760 })
    .resize({ width: 640 })
    .jpeg({ quality: 90 })
    .toBuffer();
  const { width, height } = await sharp(jpeg).metadata();
  return { jpeg, width, height };
}

/** The app's face worker pool size on this machine (mirrors app/lib/face.server.ts, for the report). */
/** The server runs one face worker (app/lib/face.server.ts). */
export const facePoolSize = () => 1;

async function call(ctx, urlPath, { method = "POST", headers = {}, body, timeoutMs = 10_000 } = {}) {
  const response = await fetch(new URL(urlPath, ctx.baseUrl), {
    method,
    headers,
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(`${method} ${urlPath} answered ${response.status}: ${text.slice(0, 200)}`);
  }
  return { response, json: text ? JSON.parse(text) : null };
}

/**
 * Links the demo LINE user to `employee` ({ id, code }) like tests/api/face.test.ts: the admin
 * issues a code, POST /api/emp/authen gives the tn_emp cookie, POST /api/emp/verify links.
 * @returns the `tn_emp=…` cookie pair of the linked employee
 */
export async function linkDemoEmployee(ctx, employee) {
  const admin = await ctx.login();
  const { json: issued } = await call(ctx, `/api/employee/${employee.id}/verify-code`, { headers: { cookie: admin } });
  const { response } = await call(ctx, "/api/emp/authen", {
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ idToken: DEMO_ID_TOKEN }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((h) => h.split(";")[0])
    .find((p) => p.startsWith("tn_emp="));
  if (!cookie) throw new Error("POST /api/emp/authen set no tn_emp cookie");
  const { json: linked } = await call(ctx, "/api/emp/verify", {
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ employee_code: employee.code, verify_code: issued.code }),
  });
  if (!linked?.isVerify) throw new Error(`POST /api/emp/verify did not link: ${JSON.stringify(linked).slice(0, 200)}`);
  return cookie;
}

/** One POST /api/emp/face; resolves with the wall time in ms, throws unless the face registered. */
export async function postFace(ctx, { cookie, jpeg }) {
  const form = new FormData();
  form.set("photo", new Blob([jpeg], { type: "image/jpeg" }), "selfie.jpg");
  form.set("consent", "1");
  const started = performance.now();
  const { json } = await call(ctx, "/api/emp/face", { headers: { cookie }, body: form, timeoutMs: FACE_REQUEST_TIMEOUT_MS });
  const ms = performance.now() - started;
  if (json?.face_registered !== true) throw new Error(`POST /api/emp/face: ${JSON.stringify(json).slice(0, 200)}`);
  return ms;
}

/** (a) 1 warm-up POST (worker start + model load on a fresh server), then `runs` sequential ones. */
export async function descriptorTiming(ctx, face, { runs = 5 } = {}) {
  const firstMs = await postFace(ctx, face);
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await postFace(ctx, face));
  const sorted = [...times].sort((a, b) => a - b);
  return { firstMs, runs: times, median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) };
}

/**
 * (b) Keeps exactly `inFlight` face POSTs running: each lane starts the next as its last one
 * finishes. Bounded by stop(), a deadline and a request cap; the first error stops every lane.
 */
export function startFaceLoop(ctx, face, { inFlight = 4, deadlineMs, maxRequests = 10_000 }) {
  const deadline = performance.now() + deadlineMs;
  const completed = []; // { start, end } in performance.now() time
  const errors = [];
  let issued = 0;
  let stopping = false;
  let ranOut = false; // the deadline or the cap ended a lane before stop()
  async function lane() {
    while (!stopping) {
      if (issued >= maxRequests || performance.now() >= deadline) {
        ranOut = true;
        return;
      }
      issued++;
      const start = performance.now();
      try {
        await postFace(ctx, face);
        completed.push({ start, end: performance.now() });
      } catch (error) {
        if (!stopping) errors.push(error.message);
        stopping = true;
      }
    }
  }
  const lanes = Array.from({ length: inFlight }, lane);
  return {
    /** Ends the lanes (in-flight requests finish) and reports what completed inside `window`. */
    async stop(window) {
      stopping = true;
      await Promise.all(lanes);
      const inWindow = window ? completed.filter((c) => c.end >= window.start && c.end <= window.end) : [];
      return { inFlight, issued, completed: completed.length, inWindow: inWindow.length, errors, ranOut };
    },
  };
}
