// Hands requests to Remix. It began as @remix-run/express's adapter (not a dependency), with two changes: the body comes
// from the edge's size limit (server/body-limit.mjs) instead of the raw socket, and responses
// that carry personal data get `Cache-Control: private, no-store` unless the route chose its own.
import { Readable } from "node:stream";
import { createRequestHandler as createNodeHandler } from "@remix-run/node";
import { sendBodyIdle, sendTooLarge } from "./body-limit.mjs";
import { logRefusal } from "./edge-answers.mjs";
import { requestIdOf } from "./request-id.mjs";

export const NO_STORE = "private, no-store";

/** Admin and employee pages, the API, and Remix's loader/action data requests. */
export function isPrivatePath(path, query = {}) {
  return (
    /^\/(admin|api|employee)(\/|$)/.test(path) || Object.prototype.hasOwnProperty.call(query, "_data")
  );
}

function wantsJson(req) {
  return req.path.startsWith("/api/") || Object.prototype.hasOwnProperty.call(req.query, "_data");
}

/** The request's reference for a page that says something went wrong (ADR 054), as HTML; empty without one. */
export function referenceHtml(req) {
  const id = requestIdOf(req);
  return id ? `<p><small>รหัสอ้างอิง: ${escapeHtml(id)}</small></p>` : "";
}

/** A storage failure reported by the app's handleError (a DomainError: 503, Thai message, Retry-After). */
export function sendStorageFailure(req, res, failure) {
  res.status(failure.status ?? 503);
  for (const [name, value] of Object.entries(failure.extra?.headers ?? {})) res.setHeader(name, value);
  res.setHeader("Cache-Control", NO_STORE);
  if (wantsJson(req)) {
    res.json({ error: failure.message });
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="th"><head><meta charset="utf-8"><title>บันทึกข้อมูลไม่ได้</title></head>` +
        `<body><h1>บันทึกข้อมูลไม่ได้ในขณะนี้</h1><p>${escapeHtml(failure.message)}</p>${referenceHtml(req)}<p><a href="/">กลับหน้าแรก</a></p></body></html>`,
    );
}

/** The Thai answer when express itself refuses a request (a path with a broken %-escape: 400). */
export const BAD_REQUEST_MESSAGE = "ที่อยู่หรือข้อมูลที่ส่งมาไม่ถูกต้อง";

export function sendBadRequest(req, res, status) {
  res.status(status);
  res.setHeader("Cache-Control", NO_STORE);
  if (wantsJson(req)) {
    res.json({ error: BAD_REQUEST_MESSAGE });
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="th"><head><meta charset="utf-8"><title>คำขอไม่ถูกต้อง</title></head>` +
        `<body><h1>คำขอไม่ถูกต้อง</h1><p>${BAD_REQUEST_MESSAGE}</p><p><a href="/">กลับหน้าแรก</a></p></body></html>`,
    );
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function createRemixHeaders(requestHeaders) {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else if (values) headers.set(key, values);
  }
  return headers;
}

/**
 * The bytes of a page or a JSON answer the app has already encoded (app/http/answers.server.ts
 * sets them on its Response): sent as they are, instead of read back out of the body stream.
 */
export const ANSWER_BYTES = Symbol.for("tn.answer-bytes");

export async function sendRemixResponse(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (!response.body) res.end();
  else if (isWholeAnswer(response)) {
    // A JSON answer is one string already: sent whole, with its length, it goes out in one write
    // and the compressor can leave a small one alone (its threshold needs the length).
    // A page too: no route defers data, so React has the whole document at once. Streamed, each
    // chunk waited one event-loop turn (the socket's drain, the compressor's thread pool) behind
    // every other request: under the soak's mixed load a 200 KB page took 4.7 s while 60 ms
    // requests went past it.
    const body = response[ANSWER_BYTES] ?? Buffer.from(await response.arrayBuffer());
    res.setHeader("Content-Length", body.length);
    res.end(body);
  } else await writeBody(response.body, res);
}

const isWholeAnswer = (response) => {
  const type = response.headers.get("content-type") ?? "";
  return type.startsWith("application/json") || type.startsWith("text/html");
};

/**
 * Writes a response body as the client takes it. A stream whose chunks are ready at once (a CSV
 * export) would otherwise be read to the end in microtasks before the socket sends a byte: the
 * whole file held in memory and the first byte only at the end. Waiting for 'drain' when the
 * socket's buffer is full sends it as it is made and bounds what is held.
 *
 * One 'drain' and one 'close' listener serve every wait. The compression middleware hands a
 * 'drain' listener to its compressor but does not take it off again (`res.off` is not passed on),
 * so a listener per wait piled up there: a warning of a leak from the eleventh wait on.
 */
export async function writeBody(body, res) {
  const reader = body.getReader();
  let wake = null;
  const resume = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  res.on("drain", resume);
  res.on("close", resume);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value) && !res.destroyed) await new Promise((resolve) => (wake = resolve));
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
    }
    res.end();
  } catch (error) {
    res.destroy(error);
  } finally {
    res.off("drain", resume);
    res.off("close", resume);
  }
}

function toRemixRequest(req, res) {
  const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
  let controller = new AbortController();
  const init = { method: req.method, headers: createRemixHeaders(req.headers), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = res.locals.body ?? null;
    if (init.body && typeof init.body.pipe === "function") {
      init.body = Readable.toWeb(init.body);
      init.duplex = "half";
    }
  }
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  // The edge gives up on the body (too large, stopped arriving): Remix's request ends with it.
  res.locals.abortRemix = () => controller?.abort();
  return new Request(url.href, init);
}

/**
 * Remix's answer to a crash, with the request's id as its reference (ADR 054): a data request's
 * `{message}` (X-Remix-Error) becomes `Unexpected Server Error (ref <id>)`, which the error page
 * reads (app/lib/error-reference.ts); a resource route's plain-text 500 gets a line with it. Any
 * other response is returned as it is.
 */
export async function withReference(response, id) {
  if (response.status < 500 || !id) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const init = { status: response.status, statusText: response.statusText, headers };
  if (response.headers.get("x-remix-error") === "yes") {
    const data = await response.json();
    return new Response(JSON.stringify({ ...data, message: `${data?.message ?? "Unexpected Server Error"} (ref ${id})` }), init);
  }
  if ((response.headers.get("content-type") ?? "").startsWith("text/plain")) {
    return new Response(`${await response.text()}

รหัสอ้างอิง / reference: ${id}
`, init);
  }
  return response;
}

/** The edge's own answer when it gave up on the body while Remix read it, else false. */
function answerForBrokenBody(req, res) {
  if (res.headersSent) return false;
  if (res.locals.bodyTooLarge) {
    sendTooLarge(req, res, res.locals.bodyTooLarge);
    return true;
  }
  if (res.locals.bodyIdle) {
    sendBodyIdle(req, res);
    return true;
  }
  return false;
}

export function remixHandler({ build, mode, getLoadContext }) {
  const handle = createNodeHandler(build, mode);
  return async (req, res, next) => {
    let request;
    try {
      request = toRemixRequest(req, res);
    } catch (error) {
      // server/request-shape.mjs refuses what it knows of; anything else Request() cannot take is
      // still the client's mistake, not a crash.
      logRefusal(req, 400, error?.message ?? String(error));
      sendBadRequest(req, res, 400);
      return;
    }
    try {
      const response = await handle(request, await getLoadContext(req, res));
      if (res.locals.bodyTooLarge || res.locals.bodyIdle) {
        // The body ran over, or stopped, while Remix read it; whatever the route made of the
        // broken stream, the answer is the 413 or 408.
        await response.body?.cancel();
        if (!answerForBrokenBody(req, res)) res.destroy();
        return;
      }
      if (res.locals.storageFailure && response.status >= 500) {
        await response.body?.cancel();
        sendStorageFailure(req, res, res.locals.storageFailure);
        return;
      }
      if (isPrivatePath(req.path, req.query) && !response.headers.has("cache-control")) {
        res.setHeader("Cache-Control", NO_STORE);
      }
      await sendRemixResponse(res, await withReference(response, requestIdOf(req)));
    } catch (error) {
      if (answerForBrokenBody(req, res)) return;
      next(error);
    }
  };
}
