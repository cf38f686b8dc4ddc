import { jsonAnswer, apiError } from "~/http/answers.server";
import {
  handleWebhookEvents,
  isSignedByLine,
  MAX_WEBHOOK_BYTES,
  parseWebhookBody,
} from "~/models/flows/line-webhook.server";
import { apiRoute } from "~/http/api-route.server";
import { logger } from "~/lib/log.server";

/** The raw bytes, at most `max`; null when the body is larger. */
async function readRaw(request: Request, max: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) return null;
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const raw = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    raw.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return raw;
}

/**
 * LINE's webhook. The signature is checked on the exact bytes received, before parsing; a bad or
 * missing one (or no channel secret configured) is a 401 with no side effect. Events are handled
 * after the answer: LINE wants a 200 quickly, and a slow reply or download must not hold it up.
 */
async function receive({ request }: { request: Request }) {
  const raw = await readRaw(request, MAX_WEBHOOK_BYTES);
  if (!raw) return apiError(413, "ข้อมูลมีขนาดใหญ่เกินไป");
  if (!isSignedByLine(raw, request.headers.get("x-line-signature"))) {
    return apiError(401, "ลายเซ็น LINE ไม่ถูกต้อง");
  }
  const events = parseWebhookBody(new TextDecoder().decode(raw));
  if (!events) return apiError(400, "รูปแบบข้อมูล webhook ไม่ถูกต้อง");
  handleWebhookEvents(events).catch((error: unknown) => {
    logger.warn(`LINE webhook: ${(error as Error).message}`);
  });
  return jsonAnswer({});
}

export const { loader, action } = apiRoute({ POST: receive }, { auth: "none" });
