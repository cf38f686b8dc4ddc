// Requests no route could answer, refused in one log line before express, the body limit or Remix
// see them (docs/decisions/039-slow-bodies-and-bad-requests.md): a method outside the six the app
// uses (TRACE, PROPFIND, OPTIONS… made Request() throw: a 500 and a stack), a Host header that is
// not a host (the same), a request target that is neither a path nor an absolute URL, and a Remix
// `?_data=` naming a route that does not serve this path (Remix's own answer is an English 403).
import { logRefusal, sendEdgeAnswer } from "./edge-answers.mjs";

export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

export const MESSAGES = {
  method: "ไม่รองรับวิธีการเรียกนี้",
  badRequest: "ที่อยู่หรือข้อมูลที่ส่งมาไม่ถูกต้อง",
  badRequestTitle: "คำขอไม่ถูกต้อง",
  dataRoute: "คำขอข้อมูลไม่ตรงกับหน้านี้ กรุณาโหลดหน้าใหม่แล้วลองอีกครั้ง",
  dataRouteTitle: "ไม่มีสิทธิ์เข้าถึง",
};

const HOST_SHAPE = /^(\[[0-9a-f:.]+\]|[a-z0-9._~-]+)(:\d{1,5})?$/i;

/** A Host header that names a host (and a port), nothing else: no spaces, credentials, paths, or ports past 65535. */
export function isValidHost(host) {
  if (typeof host !== "string" || host.length > 255 || !HOST_SHAPE.test(host)) return false;
  try {
    new URL(`http://${host}/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The path and query to serve for a request target: a path as it is; an absolute URL
 * (`GET http://host/path`, which HTTP/1.1 servers must accept) cut to its path and query; null
 * for anything else (`*`, `http://[::1/`, a bare word).
 */
export function originForm(target) {
  if (typeof target !== "string") return null;
  if (target.startsWith("/")) {
    try {
      new URL(`http://localhost${target}`);
      return target;
    } catch {
      return null;
    }
  }
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    const url = new URL(target);
    return url.username || url.password ? null : `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

/** The path as Remix will see it (server/remix.mjs puts the target after the origin the same way). */
export function remixPathname(req) {
  return new URL(`http://localhost${req.originalUrl ?? req.url}`).pathname;
}

/**
 * The check every request passes first, with the app's routes (server/routes.mjs) for `?_data`.
 * Returns true when it has answered the request itself.
 * @param {{ routes: { servesData(pathname: string, routeId: string): boolean } }} options
 */
export function requestShape({ routes }) {
  return (req, res) => {
    if (!METHODS.includes(req.method)) {
      logRefusal(req, 405, `method ${req.method}`);
      sendEdgeAnswer(req, res, { status: 405, title: MESSAGES.method, message: MESSAGES.method, headers: { Allow: METHODS.join(", ") }, close: true });
      return true;
    }
    if (req.headers.host !== undefined && !isValidHost(req.headers.host)) {
      logRefusal(req, 400, `Host ${JSON.stringify(String(req.headers.host).slice(0, 100))}`);
      sendEdgeAnswer(req, res, { status: 400, title: MESSAGES.badRequestTitle, message: MESSAGES.badRequest, close: true });
      return true;
    }
    const target = originForm(req.url);
    if (target === null) {
      logRefusal(req, 400, "not a path");
      sendEdgeAnswer(req, res, { status: 400, title: MESSAGES.badRequestTitle, message: MESSAGES.badRequest, close: true });
      return true;
    }
    req.url = target;
    if (target.includes("?")) {
      // Parsed, not matched as text: Remix decodes the name too (`%5Fdata`).
      const url = new URL(`http://localhost${target}`);
      const routeId = url.searchParams.get("_data");
      // An empty `_data` asks for the deepest route's data, which Remix serves.
      if (routeId && !routes.servesData(url.pathname, routeId)) {
        logRefusal(req, 403, `_data route ${JSON.stringify(routeId.slice(0, 100))} does not serve this path`);
        sendEdgeAnswer(req, res, { status: 403, title: MESSAGES.dataRouteTitle, message: MESSAGES.dataRoute, close: true, json: true });
        return true;
      }
    }
    return false;
  };
}
