// What /build answers beyond express.static (docs/decisions/038-employee-page-bytes.md):
// - The browser build's JS and CSS are compressed once, after `remix build`, at brotli's best level
//   (scripts/compress-build.mjs writes `x.js.br` beside `x.js`), and sent as they are to a browser
//   that accepts br. The compression middleware compresses each answer again at a fast level, and
//   not at all below its 8 KB threshold: most of the employee pages' chunks went out uncompressed.
// - An asset is not a page: the headers securityMiddleware sets on every answer for documents
//   (the CSP with its nonce, COOP, Permissions-Policy, Referrer-Policy; ~800 bytes) do nothing on
//   a script, a stylesheet or a font (the app starts no browser worker), and a phone's first load
//   fetches a few dozen of them. X-Content-Type-Options stays: it does apply to scripts and styles.
import fs from "node:fs";
import path from "node:path";

const TYPES = { ".js": "application/javascript; charset=UTF-8", ".css": "text/css; charset=UTF-8" };
export const DOCUMENT_ONLY_HEADERS = ["Content-Security-Policy", "Cross-Origin-Opener-Policy", "Permissions-Policy", "Referrer-Policy"];

/** Express middleware for the directory served at /build (every file's name carries its hash). */
export function buildAssets(dir) {
  const root = path.resolve(dir);
  return (req, res, next) => {
    for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = TYPES[path.extname(req.path)];
    if (!type || req.acceptsEncodings("br", "identity") !== "br") return next();
    let file;
    try {
      file = path.join(root, decodeURIComponent(req.path));
    } catch {
      return next(); // a malformed %-escape: express.static answers it
    }
    if (!file.startsWith(root + path.sep) || file.includes("\0")) return next();
    fs.stat(`${file}.br`, (error, stat) => {
      if (error || !stat.isFile()) return next();
      res.setHeader("Content-Type", type);
      res.setHeader("Content-Encoding", "br");
      res.setHeader("Vary", "Accept-Encoding");
      // Never revalidated (immutable), so no validators to send.
      res.sendFile(`${file}.br`, { maxAge: "1y", immutable: true, etag: false, lastModified: false, acceptRanges: false });
    });
  };
}
