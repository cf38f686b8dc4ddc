// Request bodies are capped here, before Remix sees them (docs/decisions/014-http-edge-and-faults.md).
// Ordinary bodies (JSON, forms, the LINE webhook, anything else) are read into memory at the edge,
// at most MAX_BODY_BYTES, so a route only ever parses a complete body of bounded size. Multipart
// bodies (image uploads) are streamed on to Remix through a counter instead: the upload code
// holds them itself, within the same limit.
import { Readable } from "node:stream";

export const MAX_BODY_BYTES = 1024 * 1024;
/** Same number as MAX_MULTIPART_BYTES in app/lib/multipart.server.ts (10 MB image + 256 KB); a test keeps them equal. */
export const MAX_MULTIPART_BYTES = 10 * 1024 * 1024 + 256 * 1024;
/** After a 413 the rest of the body is read and thrown away (so the client sees the answer), up to this much. */
export const MAX_DRAIN_BYTES = 32 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 10_000;

export const TOO_LARGE_MESSAGE = "ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป";

const MB = 1024 * 1024;
const megabytes = (bytes) => `${Math.floor((bytes / MB) * 100) / 100} MB`;

export class BodyTooLargeError extends Error {
  constructor(limit) {
    super(`request body exceeds ${limit} bytes`);
    this.name = "BodyTooLargeError";
    this.limit = limit;
  }
}

export function isMultipart(contentType) {
  return /^\s*multipart\/form-data\b/i.test(contentType ?? "");
}

/** The largest body accepted for a request with this Content-Type. */
export function bodyLimitFor(contentType) {
  return isMultipart(contentType) ? MAX_MULTIPART_BYTES : MAX_BODY_BYTES;
}

/** The declared Content-Length, or null when there is none (a chunked body) or it is not a number. */
export function declaredLength(header) {
  if (typeof header !== "string" || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}

export function hasBody(req) {
  const declared = declaredLength(req.headers["content-length"]);
  return declared !== null ? declared > 0 : req.headers["transfer-encoding"] !== undefined;
}

/** 413 with a Thai message: JSON for the API and Remix data requests, a small page otherwise. */
export function sendTooLarge(req, res, limit) {
  const message = `${TOO_LARGE_MESSAGE} (ไม่เกิน ${megabytes(limit)})`;
  res.status(413);
  res.setHeader("Cache-Control", "no-store");
  const wantsJson =
    req.path.startsWith("/api/") || "_data" in req.query || /json/i.test(req.headers.accept ?? "");
  if (wantsJson) {
    res.json({ error: message });
  } else {
    res.type("html").send(
      `<!doctype html><html lang="th"><head><meta charset="utf-8"><title>ข้อมูลใหญ่เกินไป</title></head>` +
        `<body><h1>ข้อมูลใหญ่เกินไป</h1><p>${message} กรุณาลดขนาดแล้วลองใหม่</p><p><a href="/">กลับหน้าแรก</a></p></body></html>`,
    );
  }
  drain(req);
}

/**
 * Reads and discards what is left of the body so the client, still sending, gets to read the
 * 413 instead of a reset connection; a client that goes on for too long is cut off.
 */
function drain(req) {
  if (req.readableEnded || req.destroyed) return;
  let drained = 0;
  const timer = setTimeout(() => req.socket?.destroy(), DRAIN_TIMEOUT_MS);
  timer.unref();
  req.on("data", (chunk) => {
    drained += chunk.length;
    if (drained > MAX_DRAIN_BYTES) {
      clearTimeout(timer);
      req.socket?.destroy();
    }
  });
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}

/**
 * Express middleware. Sets `res.locals.body` for Remix: a Buffer (ordinary bodies, read whole),
 * a counting Readable (multipart), or undefined (no body). Over the limit: 413, nothing else runs.
 */
export function bodyLimitMiddleware() {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const limit = bodyLimitFor(req.headers["content-type"]);
    const declared = declaredLength(req.headers["content-length"]);
    if (declared !== null && declared > limit) return sendTooLarge(req, res, limit);
    // GET and HEAD bodies are never read by Remix; Node discards them after the answer.
    if (req.method === "GET" || req.method === "HEAD") return next();

    if (isMultipart(req.headers["content-type"])) {
      res.locals.body = countingStream(req, res, limit);
      return next();
    }

    const chunks = [];
    let size = 0;
    let done = false;
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) {
        finish();
        chunks.length = 0;
        sendTooLarge(req, res, limit);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      finish();
      res.locals.body = Buffer.concat(chunks, size);
      next();
    };
    // The client went away mid-body: nothing to answer.
    const onAborted = () => finish();
    function finish() {
      if (done) return;
      done = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onAborted);
    }
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("close", onAborted);
  };
}

/**
 * The multipart body as a stream that fails with BodyTooLargeError past the limit; the 413 is
 * then sent by the Remix handler in server.mjs (see `res.locals.bodyTooLarge`).
 */
function countingStream(req, res, limit) {
  let size = 0;
  const out = new Readable({
    read() {
      req.resume();
    },
  });
  req.on("data", (chunk) => {
    if (res.locals.bodyTooLarge) return;
    size += chunk.length;
    if (size > limit) {
      res.locals.bodyTooLarge = limit;
      out.destroy(new BodyTooLargeError(limit));
      return;
    }
    if (!out.push(chunk)) req.pause();
  });
  req.once("end", () => out.push(null));
  req.once("error", (error) => out.destroy(error));
  // The route answered without reading it all (refused before parsing): throw the rest away.
  res.once("finish", () => {
    if (req.readableEnded || res.locals.bodyTooLarge) return;
    out.destroy();
    drain(req);
  });
  return out;
}
