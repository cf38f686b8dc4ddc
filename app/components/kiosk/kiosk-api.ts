// How the kiosk page calls /api/kiosk/*: every answer (a refusal, a network failure, a page that
// is not JSON) comes back as one result, never a throw, with the answer's Date header for the clock.

export type KioskFields = Record<string, string>;
export type KioskResult<T> =
  | { ok: true; status: number; data: T; date: string | null; receivedAt: number }
  | { ok: false; status: number; error: string; fields: KioskFields };

export const KIOSK_API_MESSAGES = {
  network: "เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาตรวจสอบอินเทอร์เน็ต",
  notJson: "ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง",
} as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export async function kioskFetch<T>(path: `/api/kiosk/${string}`, init: { method?: "GET" | "POST"; json?: unknown; body?: FormData } = {}): Promise<KioskResult<T>> {
  const headers = new Headers({ accept: "application/json" });
  if (init.json !== undefined) headers.set("content-type", "application/json");
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      cache: "no-store",
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
  } catch {
    return { ok: false, status: 0, error: KIOSK_API_MESSAGES.network, fields: {} };
  }
  const receivedAt = Date.now();
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    return { ok: false, status: response.status, error: KIOSK_API_MESSAGES.notJson, fields: {} };
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as T, date: response.headers.get("date"), receivedAt };
  const error = isRecord(parsed) && typeof parsed.error === "string" && parsed.error ? parsed.error : KIOSK_API_MESSAGES.notJson;
  const fields = isRecord(parsed) && isRecord(parsed.fields) ? Object.fromEntries(Object.entries(parsed.fields).filter((e): e is [string, string] => typeof e[1] === "string")) : {};
  return { ok: false, status: response.status, error, fields };
}
