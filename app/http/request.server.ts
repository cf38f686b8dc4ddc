import { apiError } from "./answers.server";

/** Reads a JSON body or a form body into a plain object of strings (files are left out). */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      const body: unknown = await request.json();
      if (body && typeof body === "object" && !Array.isArray(body)) {
        return body as Record<string, unknown>;
      }
    } catch {
      // fall through to the 400 below
    }
    throw apiError(400, "รูปแบบข้อมูล JSON ไม่ถูกต้อง");
  }
  if (type.includes("form")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      // A multipart body without its boundary, or cut off: the client's mistake, not a crash.
      throw apiError(400, "อ่านข้อมูลฟอร์มที่ส่งมาไม่ได้");
    }
    return Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  }
  throw apiError(400, "ต้องส่งข้อมูลเป็น JSON หรือฟอร์ม");
}

/** The client address, set by server.mjs from the socket (never from a client header). */
export function clientIp(request: Request) {
  return request.headers.get("x-tn-client-ip") ?? "unknown";
}

/**
 * The origin the client reached this server at (for links to paste elsewhere, such as the LINE
 * webhook URL): the Host it asked for, and the scheme server.mjs worked out from the socket or a
 * trusted proxy (TRUST_PROXY), never from a header the client could set itself.
 */
export function requestOrigin(request: Request) {
  const url = new URL(request.url);
  const proto = request.headers.get("x-tn-client-proto");
  return `${proto === "https" || proto === "http" ? proto : url.protocol.slice(0, -1)}://${url.host}`;
}

/** A plain positive integer (digits only, no leading zeros or signs), else null. */
export function parsePositiveInt(value: string | null | undefined): number | null {
  if (value == null || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** What the API and the page actions answer (404) for an id that is not a plain positive integer. */
export const BAD_ID_MESSAGE = "ไม่พบข้อมูล";

/** Positive integer route/query parameter, else a 404 (ids) or 400, with the message given. */
export function intParam(value: string | null | undefined, status: 400 | 404 = 404, message?: string): number {
  const n = parsePositiveInt(value);
  if (n === null) throw apiError(status, message ?? (status === 404 ? BAD_ID_MESSAGE : "พารามิเตอร์ไม่ถูกต้อง"));
  return n;
}

/**
 * A request made by this site's own pages (or typed into the address bar): `Sec-Fetch-Site` is
 * same-origin or none, or, from browsers that do not send it, `Origin` names this host. A link
 * or image on another site is neither, so a GET with side effects can check this first.
 */
export function isSameOriginRequest(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  try {
    return new URL(origin).host === new URL(request.url).host;
  } catch {
    return false;
  }
}
