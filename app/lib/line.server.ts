// Every call to LINE goes through here, against the configurable base URLs (DESIGN.md §5), so
// tests point them at the fake LINE server in tests/fixtures/fake-line.ts.
import crypto from "node:crypto";
import { env } from "./env.server";
import { DomainError } from "./errors";
import { logger } from "./log.server";

export type LineMessage = Record<string, unknown> & { type: string };

export class LineApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "LineApiError";
  }

  /**
   * Not LINE's answer: this server has no credentials for the call (always status 503). The
   * message names the missing variable for the server log; admins get LINE_NOT_CONFIGURED.
   */
  notConfigured = false;

  static notConfigured(message: string) {
    const error = new LineApiError(503, message);
    error.notConfigured = true;
    return error;
  }

  /**
   * No whole answer within the timeout (status 0): LINE may still have acted on the request, so a
   * push's outcome is unknown. Retrying it with its retry key is safe (ADR 041).
   */
  timedOut = false;

  static timedOut(seconds: number) {
    const error = new LineApiError(0, `ติดต่อ LINE ไม่ได้: LINE ไม่ตอบภายใน ${seconds.toLocaleString("th-TH")} วินาที`);
    error.timedOut = true;
    return error;
  }
}

/**
 * What an admin reads when this server has no LINE channel: what to do, not which variable (the
 * variable names are in the README and the server log).
 */
export const LINE_NOT_CONFIGURED =
  "ยังไม่ได้ตั้งค่า LINE ของระบบ กรุณาให้ผู้ดูแลเซิร์ฟเวอร์ตั้งค่าช่องทาง LINE ตามคู่มือ (README)";

/** A LINE failure as the API and the pages answer it. */
export class LineFailure extends DomainError {
  constructor(
    readonly status: 401 | 502 | 503,
    message: string,
    extra: { headers?: Record<string, string> } = {},
  ) {
    super(status, message, undefined, extra);
    this.name = "LineFailure";
  }
}

/**
 * The one mapping of a LineApiError: 503 when LINE is not configured here or says it is
 * unavailable; 401 for a refused LIFF token when the caller names a message for it; else 502
 * with LINE's reason (or the caller's `failed` message), keeping LINE's Retry-After.
 */
export function lineErrorToDomain(error: LineApiError, messages: { unauthorized?: string; failed?: string } = {}): LineFailure {
  if (error.notConfigured) {
    logger.warn(`LINE is not configured: ${error.message} (see README)`);
    return new LineFailure(503, LINE_NOT_CONFIGURED);
  }
  if (error.status === 503) return new LineFailure(503, error.message);
  if (error.status === 401 && messages.unauthorized) return new LineFailure(401, messages.unauthorized);
  const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
  const reason = error.status ? `${error.message} (LINE ตอบ HTTP ${error.status})` : error.message;
  return new LineFailure(502, messages.failed ?? reason, headers ? { headers } : {});
}

/** Runs LINE calls for a model; a LineApiError becomes {@link lineErrorToDomain}'s DomainError. */
export async function withLineErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof LineApiError) throw lineErrorToDomain(error);
    throw error;
  }
}

export function isMessagingConfigured() {
  const e = env();
  return Boolean(e.LINE_CHANNEL_SECRET && e.LINE_CHANNEL_ACCESS_TOKEN);
}

/** The bot API can be called (pushes, replies, checks, group look-ups). */
export function isBotConfigured() {
  return Boolean(env().LINE_CHANNEL_ACCESS_TOKEN);
}

/** Any LINE channel configured: then demo identities are refused (DESIGN.md §5). */
export function isLineConfigured() {
  const e = env();
  return Boolean(e.LIFF_ID || e.LINE_LOGIN_CHANNEL_ID || e.LINE_CHANNEL_SECRET || e.LINE_CHANNEL_ACCESS_TOKEN);
}

function botHeaders(extra: Record<string, string> = {}) {
  const token = env().LINE_CHANNEL_ACCESS_TOKEN;
  if (!token) throw LineApiError.notConfigured("LINE_CHANNEL_ACCESS_TOKEN is not set");
  return { Authorization: `Bearer ${token}`, ...extra };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorMessage(body: unknown, fallback: string) {
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string") {
    return body.message;
  }
  return fallback;
}

/**
 * One request to LINE and its whole answer under one timeout (LINE_TIMEOUT_SECONDS). The body is
 * part of the answer: a LINE that sends its headers and then stalls is cut off by the same timeout
 * and fails like an unreachable one (status 0), never as an error of its own.
 */
async function fetchWhole<T>(url: string, init: RequestInit, read: (response: Response) => Promise<T>): Promise<{ response: Response; body: T }> {
  const seconds = env().LINE_TIMEOUT_SECONDS;
  const signal = AbortSignal.timeout(seconds * 1000);
  try {
    const response = await fetch(url, { ...init, signal });
    return { response, body: await read(response) };
  } catch (error) {
    if (error instanceof LineApiError) throw error;
    if (signal.aborted) throw LineApiError.timedOut(seconds);
    // Network failure: no answer from LINE, so the caller may retry.
    throw new LineApiError(0, `ติดต่อ LINE ไม่ได้: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function call(url: string, init: RequestInit): Promise<{ status: number; body: unknown; headers: Headers }> {
  const { response, body } = await fetchWhole(url, init, readBody);
  return { status: response.status, body, headers: response.headers };
}

function fail(status: number, body: unknown, headers: Headers, what: string): never {
  const retryAfter = Number(headers.get("retry-after"));
  throw new LineApiError(
    status,
    `${what}: ${errorMessage(body, `HTTP ${status}`)}`,
    body,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

export type IdTokenClaims = {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  name?: string;
  picture?: string;
};

/**
 * Verifies a LIFF ID token with LINE (POST /oauth2/v2.1/verify). LINE checks the signature,
 * expiry and audience; the answer is checked again here. Any failure is a LineApiError(401).
 */
export async function verifyIdToken(idToken: string, now = Date.now()): Promise<IdTokenClaims> {
  const clientId = env().LINE_LOGIN_CHANNEL_ID;
  if (!clientId) throw LineApiError.notConfigured("LINE_LOGIN_CHANNEL_ID is not set");
  const { status, body } = await call(`${env().LINE_API_BASE}/oauth2/v2.1/verify`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ id_token: idToken, client_id: clientId }),
  });
  if (status !== 200 || !body || typeof body !== "object") {
    throw new LineApiError(401, `LINE ปฏิเสธโทเค็น: ${errorMessage(body, `HTTP ${status}`)}`, body);
  }
  const claims = body as Partial<IdTokenClaims>;
  if (typeof claims.sub !== "string" || !claims.sub) throw new LineApiError(401, "โทเค็นไม่มี sub");
  if (claims.aud !== clientId) throw new LineApiError(401, "โทเค็นไม่ได้ออกให้แอปนี้ (aud)");
  if (typeof claims.exp !== "number" || claims.exp * 1000 <= now) throw new LineApiError(401, "โทเค็นหมดอายุแล้ว");
  return claims as IdTokenClaims;
}

/**
 * Push with an X-Line-Retry-Key. LINE answers 409 when a request with the same key was already
 * accepted: that is a success, not an error.
 */
export async function pushMessage(input: { to: string; messages: LineMessage[]; retryKey: string }) {
  const { status, body, headers } = await call(`${env().LINE_API_BASE}/v2/bot/message/push`, {
    method: "POST",
    headers: botHeaders({ "content-type": "application/json", "X-Line-Retry-Key": input.retryKey }),
    body: JSON.stringify({ to: input.to, messages: input.messages }),
  });
  if (status === 200) return { duplicate: false };
  if (status === 409) return { duplicate: true };
  fail(status, body, headers, "ส่งข้อความ LINE ไม่สำเร็จ");
}

export async function replyMessage(replyToken: string, messages: LineMessage[]) {
  const { status, body, headers } = await call(`${env().LINE_API_BASE}/v2/bot/message/reply`, {
    method: "POST",
    headers: botHeaders({ "content-type": "application/json" }),
    body: JSON.stringify({ replyToken, messages }),
  });
  if (status !== 200) fail(status, body, headers, "ตอบกลับ LINE ไม่สำเร็จ");
}

/** LINE's own check of message objects: `{ ok: true }` or `{ ok: false, error }`. */
export async function validateReply(messages: LineMessage[]): Promise<{ ok: true } | { ok: false; error: string }> {
  const { status, body, headers } = await call(`${env().LINE_API_BASE}/v2/bot/message/validate/reply`, {
    method: "POST",
    headers: botHeaders({ "content-type": "application/json" }),
    body: JSON.stringify({ messages }),
  });
  if (status === 200) return { ok: true };
  if (status === 400) {
    const details =
      body && typeof body === "object" && "details" in body && Array.isArray(body.details)
        ? (body.details as { message?: string; property?: string }[])
            .map((d) => [d.property, d.message].filter(Boolean).join(": "))
            .join("; ")
        : "";
    return { ok: false, error: [errorMessage(body, "invalid"), details].filter(Boolean).join(" — ") };
  }
  fail(status, body, headers, "ตรวจสอบข้อความกับ LINE ไม่สำเร็จ");
}

export type GroupSummary = { groupId: string; groupName: string; pictureUrl?: string };

export async function getGroupSummary(groupId: string): Promise<GroupSummary> {
  const { status, body, headers } = await call(
    `${env().LINE_API_BASE}/v2/bot/group/${encodeURIComponent(groupId)}/summary`,
    { headers: botHeaders() },
  );
  if (status !== 200) fail(status, body, headers, "อ่านข้อมูลกลุ่ม LINE ไม่สำเร็จ");
  return body as GroupSummary;
}

/** Downloads a picture LINE pointed us at (group pictures); 10 MB at most. */
export async function downloadPicture(url: string): Promise<Uint8Array> {
  const { body: bytes } = await fetchWhole(url, {}, async (response) => {
    if (!response.ok) throw new LineApiError(response.status, `ดาวน์โหลดรูปไม่สำเร็จ: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  });
  if (bytes.byteLength > 10 * 1024 * 1024) throw new LineApiError(413, "รูปมีขนาดใหญ่เกินไป");
  return bytes;
}

/** x-line-signature: base64 HMAC-SHA256 of the raw body with the channel secret, compared in constant time. */
export function verifySignature(rawBody: Uint8Array | string, signature: string | null, secret: string) {
  // Exactly the base64 of a SHA-256 digest: Buffer.from(…, "base64") would skip other characters.
  if (!signature || !/^[A-Za-z0-9+/]{43}=$/.test(signature)) return false;
  const expected = crypto.createHmac("sha256", secret).update(rawBody).digest();
  let given: Buffer;
  try {
    given = Buffer.from(signature, "base64");
  } catch {
    return false;
  }
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}


export type RichMenuArea = {
  bounds: { x: number; y: number; width: number; height: number };
  action: { type: "uri"; label: string; uri: string };
};

export type RichMenu = {
  size: { width: 2500; height: 843 | 1686 };
  selected: boolean;
  name: string;
  chatBarText: string;
  areas: RichMenuArea[];
};

/** POST /v2/bot/richmenu → the new menu's id. */
export async function createRichMenu(menu: RichMenu): Promise<string> {
  const { status, body, headers } = await call(`${env().LINE_API_BASE}/v2/bot/richmenu`, {
    method: "POST",
    headers: botHeaders({ "content-type": "application/json" }),
    body: JSON.stringify(menu),
  });
  if (status !== 200) fail(status, body, headers, "สร้างริชเมนูไม่สำเร็จ");
  const id = body && typeof body === "object" && "richMenuId" in body ? body.richMenuId : null;
  if (typeof id !== "string" || !id) throw new LineApiError(502, "สร้างริชเมนูไม่สำเร็จ: LINE ไม่ได้ส่งรหัสริชเมนูกลับมา", body);
  return id;
}

/** The menu's image (PNG or JPEG, at most 1 MB) goes to the data API. */
export async function uploadRichMenuImage(richMenuId: string, image: Uint8Array<ArrayBuffer>, contentType: "image/png" | "image/jpeg") {
  const { status, body, headers } = await call(
    `${env().LINE_DATA_API_BASE}/v2/bot/richmenu/${encodeURIComponent(richMenuId)}/content`,
    { method: "POST", headers: botHeaders({ "content-type": contentType }), body: image },
  );
  if (status !== 200) fail(status, body, headers, "อัปโหลดรูปริชเมนูไม่สำเร็จ");
}

/** Makes the menu every user sees unless one was linked to them. */
export async function setDefaultRichMenu(richMenuId: string) {
  const { status, body, headers } = await call(
    `${env().LINE_API_BASE}/v2/bot/user/all/richmenu/${encodeURIComponent(richMenuId)}`,
    { method: "POST", headers: botHeaders() },
  );
  if (status !== 200) fail(status, body, headers, "ตั้งริชเมนูเริ่มต้นไม่สำเร็จ");
}

/** GET /v2/bot/richmenu/list: every menu this channel made through the API, with its id and name. */
export async function listRichMenus(): Promise<{ richMenuId: string; name: string }[]> {
  const { status, body, headers } = await call(`${env().LINE_API_BASE}/v2/bot/richmenu/list`, { headers: botHeaders() });
  if (status !== 200) fail(status, body, headers, "อ่านรายการริชเมนูไม่สำเร็จ");
  const menus = body && typeof body === "object" && "richmenus" in body ? body.richmenus : null;
  if (!Array.isArray(menus)) throw new LineApiError(502, "อ่านรายการริชเมนูไม่สำเร็จ: LINE ไม่ได้ส่งรายการกลับมา", body);
  return menus.flatMap((menu: unknown) =>
    menu && typeof menu === "object" && "richMenuId" in menu && typeof menu.richMenuId === "string"
      ? [{ richMenuId: menu.richMenuId, name: "name" in menu && typeof menu.name === "string" ? menu.name : "" }]
      : [],
  );
}

/** Deletes a menu; one LINE no longer has (404) counts as deleted. */
export async function deleteRichMenu(richMenuId: string) {
  const { status, body, headers } = await call(`${env().LINE_API_BASE}/v2/bot/richmenu/${encodeURIComponent(richMenuId)}`, {
    method: "DELETE",
    headers: botHeaders(),
  });
  if (status !== 200 && status !== 404) fail(status, body, headers, "ลบริชเมนูเดิมไม่สำเร็จ");
}
