// GET /metrics: the registry's text for Prometheus (docs/decisions/054-metrics-and-request-logs.md),
// answered before Remix. Who may read it: with METRICS_TOKEN set, only a request that sends it
// (`Authorization: Bearer <token>`); without, only a request from this machine that came through
// no proxy. A reverse proxy on the same machine makes every public request come from 127.0.0.1,
// so a request from a TRUST_PROXY address or with any forwarding header is not "from this machine".
import crypto from "node:crypto";
import { normalizeIp, parseTrustedProxies } from "./security.mjs";

export const METRICS_PATH = "/metrics";

export const METRICS_REFUSED =
  "ไม่มีสิทธิ์อ่านค่าวัดของระบบ: ส่ง METRICS_TOKEN ใน Authorization: Bearer หรือเรียกจากเครื่องเซิร์ฟเวอร์เอง\n" +
  "Forbidden: send METRICS_TOKEN as Authorization: Bearer, or ask from the server itself (not through a proxy).\n";

const LOOPBACK = new Set(["127.0.0.1", "::1"]);
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

const digest = (text) => crypto.createHash("sha256").update(text).digest();

/**
 * Whether `req` may read the metrics.
 * @param {{ token?: string, trustProxy?: string }} options METRICS_TOKEN and TRUST_PROXY
 */
export function metricsAccess({ token, trustProxy }) {
  const expected = token ? digest(token) : null;
  const trusted = parseTrustedProxies(trustProxy);
  return (req) => {
    if (expected) {
      const given = /^Bearer +(\S+) *$/i.exec(String(req.headers.authorization ?? ""))?.[1];
      // Compared as digests: the same length whatever was sent, in constant time.
      return given !== undefined && crypto.timingSafeEqual(digest(given), expected);
    }
    const peer = normalizeIp(req.socket?.remoteAddress);
    if (!LOOPBACK.has(peer) || trusted.has(peer)) return false;
    return FORWARDING_HEADERS.every((name) => req.headers[name] === undefined);
  };
}

/**
 * The express handler of GET /metrics.
 * @param {{ allowed: (req: import("node:http").IncomingMessage) => boolean, answer: () => Promise<{ contentType: string, body: string }> }} options
 */
export function metricsEndpoint({ allowed, answer }) {
  return async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    if (!allowed(req)) {
      res.status(403).type("text/plain; charset=utf-8").send(METRICS_REFUSED);
      return;
    }
    try {
      const { contentType, body } = await answer();
      // As the registry names it (express's send would reorder its parameters).
      res.statusCode = 200;
      res.setHeader("Content-Type", contentType);
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}
