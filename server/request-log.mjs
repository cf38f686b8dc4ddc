// What every request leaves behind when its answer ends (docs/decisions/054-metrics-and-request-logs.md):
// one access line in the log (method, route pattern, status, milliseconds; never the query
// string, cookies or bodies) and its count and duration in the metrics. The route is the pattern
// of the route that answered (`/api/employee/:id`), so the labels stay few whatever the paths.
import { METRICS_PATH } from "./metrics-endpoint.mjs";
import { METHODS } from "./request-shape.mjs";

/** Requests answered before a layer named their route (refused at the edge). */
export const UNMATCHED = "unmatched";
/** Files served from public/ other than the build's. */
export const STATIC = "static";

const labels = new WeakMap();

/** Names the route of the request `res` answers (the last layer to name it wins). */
export function labelRoute(res, route) {
  labels.set(res, route);
}

/**
 * The route label of a path: the matched route's pattern, `/build/*` for the build's files, the
 * metrics themselves, else `unmatched`.
 * @param {string} pathname
 * @param {{ patternFor(pathname: string): string | null }} routes server/routes.mjs's matcher
 */
export function routeLabel(pathname, routes) {
  if (pathname === METRICS_PATH) return METRICS_PATH;
  if (pathname.startsWith("/build/")) return "/build/*";
  // A path whose %-escapes do not decode reaches no route (express answers it 400); the router
  // would print a warning of its own for it.
  if (!decodes(pathname)) return UNMATCHED;
  return routes.patternFor(pathname) ?? UNMATCHED;
}

function decodes(pathname) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * Returns `track(req, res, requestId)`, called as a request arrives.
 * @param {{ log: { info(fields: object, message: string): void }, observe: (request: { method: string, route: string, status: number }, seconds: number) => void, now?: () => number }} options
 */
export function requestLog({ log, observe, now = () => performance.now() }) {
  return (req, res, requestId) => {
    const started = now();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const seconds = (now() - started) / 1000;
      const method = METHODS.includes(req.method) ? req.method : "other";
      const route = labels.get(res) ?? UNMATCHED;
      // 499 (nginx's word for it): the client went away before the answer was sent.
      const status = res.writableFinished ? res.statusCode : 499;
      observe({ method, route, status }, seconds);
      log.info({ req_id: requestId, method, route, status, ms: Math.round(seconds * 10_000) / 10 }, "request");
    };
    res.once("finish", end);
    res.once("close", end);
  };
}
