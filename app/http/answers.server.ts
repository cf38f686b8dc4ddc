import type { TypedResponse } from "@remix-run/node";
import { DomainError } from "~/lib/errors";

/**
 * The bytes of an answer the app has already encoded, on its Response: server/remix.mjs sends them
 * as they are instead of reading them back out of the Response's body stream.
 */
export const ANSWER_BYTES = Symbol.for("tn.answer-bytes"); // server/remix.mjs's ANSWER_BYTES

/** A Response of `bytes` (its body too, for anything that reads it) that carries them as ANSWER_BYTES. */
export function bytesResponse(bytes: Uint8Array<ArrayBuffer>, init: ResponseInit) {
  const response = new Response(bytes, init);
  Object.defineProperty(response, ANSWER_BYTES, { value: bytes });
  return response;
}

/**
 * Remix's `json()`, encoded once. Remix's makes a Response of the JSON text, which undici scans
 * for lone surrogates and encodes, and server.mjs then read back out of the body stream: for a
 * list of a thousand records that was a sixth of the request.
 */
export function jsonAnswer<T>(data: T, init: number | ResponseInit = {}): TypedResponse<T> {
  const { headers: given, ...rest } = typeof init === "number" ? { status: init } : init;
  const headers = new Headers(given);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json; charset=utf-8");
  return bytesResponse(Buffer.from(JSON.stringify(data)), { ...rest, headers }) as TypedResponse<T>;
}

export type FieldErrors = Record<string, string>;

/** The API's error shape: `{ error, fields }` with a Thai message. */
export function apiError(
  status: number,
  error: string,
  fields?: FieldErrors,
  headers?: HeadersInit,
) {
  return jsonAnswer({ error, ...(fields ? { fields } : {}) }, { status, headers });
}

/** 405 in Thai; `allowed` (when known) goes into the `Allow` header. */
export function methodNotAllowed(allowed?: readonly string[]) {
  return apiError(405, "ไม่รองรับวิธีการเรียกนี้", undefined, allowed ? { Allow: allowed.join(", ") } : undefined);
}

/** A DomainError as the API's error response, with its extra body fields and headers. */
export function domainErrorResponse(error: DomainError) {
  return jsonAnswer(
    { error: error.message, ...(error.fields ? { fields: error.fields } : {}), ...error.extra.body },
    { status: error.status, headers: error.extra.headers },
  );
}

export const UNEXPECTED_ERROR = "ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง";

/**
 * The API's answer to a crash: 500, Thai, and the request's id as `reference`, also in the message
 * so that a screenshot of it finds the log lines (ADR 054).
 */
export function unexpectedErrorResponse(reference: string | undefined) {
  const error = reference ? `${UNEXPECTED_ERROR} (รหัสอ้างอิง: ${reference})` : UNEXPECTED_ERROR;
  return jsonAnswer({ error, reference: reference ?? null }, { status: 500 });
}

/**
 * A page action's failure as data for its form: a DomainError becomes `{ ok: false, error,
 * fields }` with its status; anything else (a redirect, a real crash) is thrown on.
 */
export function pageActionError(error: unknown) {
  if (error instanceof DomainError) {
    return jsonAnswer({ ok: false as const, error: error.message, fields: error.fields ?? {} }, { status: error.status });
  }
  throw error;
}
