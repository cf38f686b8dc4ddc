// Request-wide rules that every route must get, so no route can forget them.
import crypto from "node:crypto";

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

export function makeNonce() {
  return crypto.randomBytes(16).toString("base64");
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

/** Express middleware: client IP header, origin check, security headers, CSP nonce. */
export function securityMiddleware({ dev = false } = {}) {
  return (req, res, next) => {
    // Only the socket says who the client is; a client-sent value is thrown away.
    req.headers["x-tn-client-ip"] = req.socket.remoteAddress ?? "unknown";

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
