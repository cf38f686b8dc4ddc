// The face pre-check (docs/decisions/036-face-precheck-on-the-server.md): the photo the page is about
// to send goes to the server's own engine first (POST /api/emp/face/precheck), so the employee hears
// at once what the real submission will say, in its words. Advice only: the real submission decides
// again, and when the server cannot say (busy, down, no network) the page says nothing.
import { empFetch } from "./emp-api";

/** One face; a problem in the server's own words (FACE_ERRORS); or nothing to say. */
export type FaceCheck = { status: "ok" } | { status: "problem"; faces: number; message: string } | { status: "unknown" };

/** The server answers within ~5 s; past this the page stops waiting and says nothing. */
export const PRECHECK_CLIENT_TIMEOUT_MS = 8_000;

const UNKNOWN: FaceCheck = { status: "unknown" };

function readAnswer(data: unknown): FaceCheck {
  if (typeof data !== "object" || data === null) return UNKNOWN;
  const faces = "faces" in data ? data.faces : undefined;
  const message = "message" in data ? data.message : undefined;
  if (typeof faces !== "number") return UNKNOWN;
  if (faces === 1) return { status: "ok" };
  return typeof message === "string" && message ? { status: "problem", faces, message } : UNKNOWN;
}

/** Asks the server's engine about the photo that will be sent (the same bytes). Never throws. */
export async function checkFaceOnServer(photo: Blob): Promise<FaceCheck> {
  const form = new FormData();
  form.set("photo", photo, "selfie.jpg");
  const signal = typeof AbortSignal.timeout === "function" ? AbortSignal.timeout(PRECHECK_CLIENT_TIMEOUT_MS) : undefined;
  try {
    const answer = await empFetch<unknown>("/api/emp/face/precheck", { method: "POST", body: form, signal });
    return answer.ok ? readAnswer(answer.data) : UNKNOWN;
  } catch {
    return UNKNOWN;
  }
}
