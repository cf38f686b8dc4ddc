// The one way LIFF pages call /api/emp/*: every answer, a refusal, a network failure or a page that
// is not JSON (a proxy's error page), comes back as one result the page can show, never a throw.

export type EmpFields = Record<string, string>;
export type EmpResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: string; fields: EmpFields };

export type EmpPath = `/api/emp/${string}`;
export type EmpInit = Omit<RequestInit, "body"> & {
  /** Sent as JSON (content-type set). */
  json?: unknown;
  /** Sent as is (multipart for FormData). */
  body?: FormData | URLSearchParams;
};

export const EMP_API_MESSAGES = {
  network: "เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาตรวจสอบอินเทอร์เน็ตแล้วลองใหม่",
  notJson: "ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง",
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readFields(value: unknown): EmpFields {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/**
 * `fetch` for `/api/emp/*` (same origin, so the employee cookie goes along). A 2xx JSON answer is
 * `{ ok: true, data }`, typed by the caller (the server's contract, docs/api.md); anything else is
 * `{ ok: false, status, error, fields }` with the server's Thai message, or a Thai fallback
 * (`status` 0 when the server was not reached).
 */
export async function empFetch<T>(path: EmpPath, init: EmpInit = {}): Promise<EmpResult<T>> {
  const { json, body, headers, ...rest } = init;
  const sent = new Headers(headers);
  sent.set("accept", "application/json");
  if (json !== undefined) sent.set("content-type", "application/json");
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: sent,
      body: json !== undefined ? JSON.stringify(json) : body,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return { ok: false, status: 0, error: EMP_API_MESSAGES.network, fields: {} };
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    // Not JSON (an HTML error page, an empty body): the status is all there is.
    return { ok: false, status: response.status, error: EMP_API_MESSAGES.notJson, fields: {} };
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  const error = isRecord(parsed) && typeof parsed.error === "string" && parsed.error ? parsed.error : EMP_API_MESSAGES.notJson;
  return { ok: false, status: response.status, error, fields: isRecord(parsed) ? readFields(parsed.fields) : {} };
}
