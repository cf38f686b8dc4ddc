// Request bodies are capped here, before Remix sees them (docs/decisions/014-http-edge-and-faults.md,
// 039-slow-bodies-and-bad-requests.md).
//
// - Small bodies (a Content-Length up to SMALL_BODY_BYTES: every JSON call and form the app makes)
//   and every body of a sign-in route (at most SIGN_IN_BODY_BYTES) are read whole at the edge, so a
//   route parses a complete body of bounded size.
// - Anything larger, or of unknown length, is an upload: it needs one of a bounded number of
//   upload turns (server/upload-turns.mjs) while it arrives, and it is handed to Remix
//   as a stream that is read only when the route reads it, which every route does after its
//   sign-in check. A client that is not signed in gets its 401 without the server holding its body.
// - A body that stops arriving for BODY_IDLE_MS is ended with a 408.
import { Readable } from "node:stream";
import { logRefusal, sendEdgeAnswer } from "./edge-answers.mjs";
import { BUSY_MESSAGES, UPLOAD_RETRY_AFTER_SECONDS, uploader, uploadTurns } from "./upload-turns.mjs";

export const MAX_BODY_BYTES = 1024 * 1024;
/** Same number as MAX_MULTIPART_BYTES in app/lib/multipart.server.ts (10 MB image + 256 KB); a test keeps them equal. */
export const MAX_MULTIPART_BYTES = 10 * 1024 * 1024 + 256 * 1024;
/** A sign-in is a user name and a password, or a LINE ID token: a few hundred bytes. */
export const SIGN_IN_BODY_BYTES = 16 * 1024;
/** The routes whose bodies are held to SIGN_IN_BODY_BYTES, whatever their Content-Type. */
export const SIGN_IN_ROUTES = new Set(["routes/login", "routes/api.auth.login", "routes/api.emp.authen"]);
/** Bodies declared at most this long are read at the edge without taking an upload turn. */
export const SMALL_BODY_BYTES = 16 * 1024;
/** A body that stops arriving for this long is ended. A slow phone sends something every second or so. */
export const BODY_IDLE_MS = 30_000;
/**
 * After a refusal the rest of the body is read and thrown away (so the client sees the answer), up
 * to this much. A body declared longer is not drained at all (it would be cut off anyway).
 */
export const MAX_DRAIN_BYTES = 32 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 10_000;
/**
 * Bodies drained at once. Each drained byte is a buffer the garbage collector frees late: 30
 * clients each drained of 9.5 MB took the server 38 MB up and it stayed (ADR 039).
 */
export const MAX_DRAINS_AT_ONCE = 2;
const drains = { active: 0 };
/** How many bodies are being drained now (for tests: none is left behind). */
export const drainsInProgress = () => drains.active;

export const TOO_LARGE_MESSAGE = "ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป";
export const IDLE_MESSAGE = "ข้อมูลที่ส่งมาหยุดไปนานเกินไป กรุณาลองส่งใหม่อีกครั้ง";

const KB = 1024;
const MB = 1024 * 1024;
const sizeText = (bytes) => (bytes < MB ? `${Math.floor(bytes / KB)} KB` : `${Math.floor((bytes / MB) * 100) / 100} MB`);

export class BodyTooLargeError extends Error {
  constructor(limit) {
    super(`request body exceeds ${limit} bytes`);
    this.name = "BodyTooLargeError";
    this.limit = limit;
  }
}

export class BodyIdleError extends Error {
  constructor(idleMs) {
    super(`request body stopped arriving for ${idleMs} ms`);
    this.name = "BodyIdleError";
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
  const message = `${TOO_LARGE_MESSAGE} (ไม่เกิน ${sizeText(limit)})`;
  refuseBody(req, res, { status: 413, title: "ข้อมูลใหญ่เกินไป", message, pageMessage: `${message} กรุณาลดขนาดแล้วลองใหม่` });
}

/**
 * Answers a request whose body will not be used. While few are being drained the rest of the
 * body is read and dropped, so a browser still sending reads the answer instead of a reset;
 * beyond that (many at once: an attack, not a person) the connection is closed after the answer.
 */
function refuseBody(req, res, answer) {
  const declared = declaredLength(req.headers["content-length"]);
  const draining =
    !req.readableEnded && !req.destroyed && drains.active < MAX_DRAINS_AT_ONCE && (declared === null || declared <= MAX_DRAIN_BYTES);
  sendEdgeAnswer(req, res, { ...answer, close: !draining });
  if (draining) drain(req);
}

/** 408 for a body that stopped arriving; the connection is closed after it. */
export function sendBodyIdle(req, res) {
  logRefusal(req, 408, "the body stopped arriving");
  sendEdgeAnswer(req, res, { status: 408, title: "หมดเวลารอข้อมูล", message: IDLE_MESSAGE, close: true });
  res.once("finish", () => req.socket?.end());
}

/**
 * Reads and discards what is left of the body so the client, still sending, gets to read the
 * answer instead of a reset connection; a client that goes on for too long is cut off.
 */
function drain(req) {
  if (req.readableEnded || req.destroyed) return;
  if (drains.active >= MAX_DRAINS_AT_ONCE) {
    req.socket?.destroy();
    return;
  }
  drains.active++;
  const socket = req.socket;
  let drained = 0;
  let ended = false;
  const cutOff = () => {
    done();
    socket?.destroy();
  };
  const timer = setTimeout(cutOff, DRAIN_TIMEOUT_MS);
  timer.unref();
  // The request has been answered, so only its socket tells when the client hangs up.
  function done() {
    if (ended) return;
    ended = true;
    drains.active--;
    clearTimeout(timer);
    socket?.off("close", done);
  }
  req.on("data", (chunk) => {
    drained += chunk.length;
    if (drained > MAX_DRAIN_BYTES) cutOff();
  });
  req.once("end", done);
  req.once("close", done);
  socket?.once("close", done);
  req.resume();
}

/** 429 (this client, or this address) or 503 (everyone) with Retry-After; the body is drained like a 413's. */
function sendBusy(req, res, which) {
  refuseBody(req, res, {
    status: which === "server" ? 503 : 429,
    title: "ส่งข้อมูลไม่ได้ในขณะนี้",
    message: BUSY_MESSAGES[which],
    headers: { "Retry-After": String(UPLOAD_RETRY_AFTER_SECONDS) },
  });
}

/**
 * Calls `onIdle` when no byte of the body has arrived for `idleMs` while the server was ready to
 * take one (a request the edge paused, because the route is not reading yet, is not idle).
 * Stops at the end of the body, or when the request closes. Returns the stop function.
 */
export function watchIdle(req, idleMs, onIdle) {
  if (!(idleMs > 0) || req.complete) return () => {};
  let timer = null;
  const fire = () => {
    stop();
    onIdle();
  };
  // A cleared timer cannot be refreshed: it is made again after a pause.
  const bump = () => {
    // A chunk that arrives as the edge pauses the request (the route's buffer is full) starts nothing.
    if (req.isPaused()) return;
    if (timer) timer.refresh();
    else timer = setTimeout(fire, idleMs).unref();
  };
  const hold = () => {
    clearTimeout(timer);
    timer = null;
  };
  bump();
  const socket = req.socket;
  function stop() {
    hold();
    req.off("data", bump);
    req.off("pause", hold);
    req.off("resume", bump);
    req.off("end", stop);
    req.off("close", stop);
    socket?.off("close", stop);
  }
  req.on("data", bump);
  req.on("pause", hold);
  req.on("resume", bump);
  req.once("end", stop);
  req.once("close", stop);
  socket?.once("close", stop);
  return stop;
}

/**
 * Express middleware. Sets `res.locals.body` for Remix: a Buffer (bodies read whole), a counting
 * Readable (uploads), or undefined (no body). Over the limit: 413, nothing else runs.
 * @param {{ routeOf?: (req: any) => string | null, idleMs?: number, turns?: ReturnType<typeof uploadTurns> }} [options]
 *   `routeOf` names the route a request reaches (server/routes.mjs), for the sign-in limit.
 */
export function bodyLimitMiddleware({ routeOf = () => null, idleMs = BODY_IDLE_MS, turns = uploadTurns() } = {}) {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const limit = SIGN_IN_ROUTES.has(routeOf(req)) ? SIGN_IN_BODY_BYTES : bodyLimitFor(req.headers["content-type"]);
    const declared = declaredLength(req.headers["content-length"]);
    if (declared !== null && declared > limit) return sendTooLarge(req, res, limit);
    // GET and HEAD bodies are never read by Remix; Node discards them after the answer.
    if (req.method === "GET" || req.method === "HEAD") return next();

    if (limit <= SMALL_BODY_BYTES || (declared !== null && declared <= SMALL_BODY_BYTES)) {
      return readWhole(req, res, limit, idleMs, next);
    }
    const who = uploader(req);
    const refused = turns.take(who);
    if (refused) return sendBusy(req, res, refused);
    // The turn is the body's transfer: given back once the body is here (the route's own work
    // is like any request's), or when the answer is out or the client gone.
    let held = true;
    const giveBack = () => {
      if (!held) return;
      held = false;
      turns.give(who);
    };
    req.once("end", giveBack);
    res.once("close", giveBack);
    res.locals.body = countingStream(req, res, limit, idleMs);
    next();
  };
}

function readWhole(req, res, limit, idleMs, next) {
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
  const stopWatching = watchIdle(req, idleMs, () => {
    finish();
    chunks.length = 0;
    sendBodyIdle(req, res);
  });
  function finish() {
    if (done) return;
    done = true;
    stopWatching();
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("close", onAborted);
  }
  req.on("data", onData);
  req.on("end", onEnd);
  req.on("close", onAborted);
}

/**
 * The body as a stream that Remix reads when the route does. It fails with BodyTooLargeError past
 * the limit, or BodyIdleError when the client stops sending; the 413 or 408 is then sent by the
 * Remix handler (server/remix.mjs, `res.locals.bodyTooLarge` / `bodyIdle`), which also ends
 * Remix's request first (`res.locals.abortRemix`), so the route's failed read is not logged as a crash.
 */
function countingStream(req, res, limit, idleMs) {
  let size = 0;
  const out = new Readable({
    read() {
      req.resume();
    },
  });
  const fail = (error) => {
    res.locals.abortRemix?.();
    out.destroy(error);
  };
  const onData = (chunk) => {
    if (res.locals.bodyTooLarge || res.locals.bodyIdle || out.destroyed) return;
    size += chunk.length;
    if (size > limit) {
      res.locals.bodyTooLarge = limit;
      fail(new BodyTooLargeError(limit));
      return;
    }
    if (!out.push(chunk)) req.pause();
  };
  req.on("data", onData);
  req.once("end", () => out.push(null));
  req.once("error", (error) => out.destroy(error));
  watchIdle(req, idleMs, () => {
    if (res.headersSent) {
      req.socket?.destroy();
      return;
    }
    res.locals.bodyIdle = true;
    fail(new BodyIdleError(idleMs));
  });
  // The route answered without reading it all (refused before parsing): throw the rest away.
  res.once("finish", () => {
    if (req.readableEnded || res.locals.bodyTooLarge || res.locals.bodyIdle) return;
    // Not through `out` any more: a push to it, destroyed, answers false and would pause the drain.
    req.off("data", onData);
    out.destroy();
    drain(req);
  });
  return out;
}
