// Request-wide rules that every route must get, so no route can forget them.
import crypto from "node:crypto";
import net from "node:net";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// LINE signs its webhook calls instead; they come from LINE's servers, never same-origin.
const ORIGIN_EXEMPT_PATHS = new Set(["/api/line/webhook"]);

/**
 * Non-GET requests must come from this origin. Browsers send Origin (and Sec-Fetch-Site) on
 * every POST; a request with neither is not from a browser, so it carries no ambient cookie risk.
 * @param {{ method: string, path: string, host?: string, origin?: string, secFetchSite?: string }} req
 */
export function isAllowedOrigin({ method, path, host, origin, secFetchSite }) {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  if (ORIGIN_EXEMPT_PATHS.has(path)) return true;
  if (secFetchSite && secFetchSite !== "same-origin" && secFetchSite !== "none") return false;
  if (origin) {
    if (origin === "null" || !host) return false;
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  return true;
}

const NONCE_BYTES = 16;
// One call into the system's random source per 256 nonces: a call per request cost more than the
// rest of the headers. Each nonce still takes 16 bytes no other nonce shares.
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolAt = noncePool.length;

export function makeNonce() {
  if (noncePoolAt >= noncePool.length) {
    crypto.randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}

/** CSP for every response; LINE's hosts are allowed where the LIFF SDK needs them. */
export function contentSecurityPolicy(nonce, { dev = false } = {}) {
  const line = "https://*.line.me https://*.line-scdn.net https://*.line-apps.com";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${line}`,
    "font-src 'self' data:",
    `connect-src 'self' ${line}${dev ? " ws://localhost:* ws://127.0.0.1:*" : ""}`,
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self' https://*.line.me`,
  ].join("; ");
}

/** `::ffff:10.0.0.1` and `10.0.0.1` are the same IPv4 peer. */
export function normalizeIp(address) {
  const trimmed = String(address ?? "").trim();
  return trimmed.toLowerCase().startsWith("::ffff:") && net.isIPv4(trimmed.slice(7)) ? trimmed.slice(7) : trimmed.toLowerCase();
}

/**
 * TRUST_PROXY: the addresses (comma-separated) of reverse proxies in front of the server.
 * Unset or empty: none, the socket's peer is the client.
 */
export function parseTrustedProxies(value) {
  return new Set(
    String(value ?? "")
      .split(",")
      .map(normalizeIp)
      .filter((ip) => net.isIP(ip) !== 0),
  );
}

/**
 * One `X-Forwarded-For` entry as a plain address. Proxies write the client's address with its
 * port (`198.51.100.7:51234`), in brackets (`[2001:db8::7]`, `[2001:db8::7]:443`) or quoted; all
 * of these name the same client as the bare address. Null for anything that is no address.
 */
export function forwardedIp(entry) {
  let value = String(entry ?? "").trim();
  if (value.length > 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1).trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (withPort) value = withPort[1];
  const ip = normalizeIp(value);
  return net.isIP(ip) !== 0 ? ip : null;
}

/**
 * The client's address. Only when the socket's peer is a trusted proxy is `X-Forwarded-For`
 * read, from the right: each proxy appends the address it saw, so the right-most entry that is
 * not a trusted proxy is the client (anything left of it was written by the client itself).
 * An entry in a proxy's notation (with a port, in brackets) is that address; one that is no
 * address at all says nothing about the client, so the header is ignored and the connection's
 * address is used.
 */
export function clientAddress({ peer, forwardedFor, trusted }) {
  const socketIp = normalizeIp(peer) || "unknown";
  if (!trusted.has(socketIp) || !forwardedFor) return socketIp;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor).split(",");
  for (let i = hops.length - 1; i >= 0; i--) {
    const ip = forwardedIp(hops[i]);
    if (ip !== null && trusted.has(ip)) continue;
    return ip ?? socketIp;
  }
  return socketIp;
}

/**
 * The scheme the client used: a trusted proxy's `X-Forwarded-Proto` (its last hop, http or https),
 * else the socket's own (TLS or not). A client cannot claim https through a proxy we do not trust.
 */
export function clientProtocol({ peer, forwardedProto, encrypted, trusted }) {
  const own = encrypted ? "https" : "http";
  if (!trusted.has(normalizeIp(peer)) || !forwardedProto) return own;
  const last = (Array.isArray(forwardedProto) ? forwardedProto.join(",") : forwardedProto).split(",").pop().trim().toLowerCase();
  return last === "https" || last === "http" ? last : own;
}

/** Express middleware: client IP header, origin check, security headers, CSP nonce. */
export function securityMiddleware({ dev = false, trustProxy = process.env.TRUST_PROXY } = {}) {
  const trusted = parseTrustedProxies(trustProxy);
  return (req, res, next) => {
    // Only the socket (or a trusted proxy's X-Forwarded-For) says who the client is; a
    // client-sent x-tn-client-ip is overwritten here, before any route reads it.
    req.headers["x-tn-client-ip"] = clientAddress({
      peer: req.socket.remoteAddress,
      forwardedFor: req.headers["x-forwarded-for"],
      trusted,
    });
    req.headers["x-tn-client-proto"] = clientProtocol({
      peer: req.socket.remoteAddress,
      forwardedProto: req.headers["x-forwarded-proto"],
      encrypted: Boolean(req.socket.encrypted),
      trusted,
    });

    const nonce = makeNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { dev }));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    res.setHeader("Permissions-Policy", "camera=(self), geolocation=(self), microphone=()");

    const allowed = isAllowedOrigin({
      method: req.method,
      path: req.path,
      host: req.headers.host,
      origin: req.headers.origin,
      secFetchSite: req.headers["sec-fetch-site"],
    });
    if (!allowed) {
      res.status(403).json({ error: "คำขอนี้ไม่ได้มาจากเว็บไซต์ของระบบ (cross-origin)" });
      return;
    }
    next();
  };
}
