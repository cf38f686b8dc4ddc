// Any host name works as the stand-in origin: only "does it stay on this origin" matters.
const BASE = "http://tn.invalid";

/**
 * Only same-site paths are followed after sign-in: no open redirects. The path is resolved with
 * the WHATWG URL parser (as the browser will resolve the Location header) and must stay on this
 * origin; control characters (browsers strip tabs and newlines, so `/\t/evil` is `//evil`) and
 * backslashes (read as `/`) are refused outright. The result is the parser's own serialisation,
 * so non-ASCII is percent-encoded and the Location header is always valid.
 */
export function safeRedirect(to: unknown, fallback = "/admin"): string {
  if (typeof to !== "string" || to.length > 2048) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil" normalises to "//evil", which a browser reads as another host.
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}
