/** Only same-site paths are followed after sign-in: no open redirects. */
export function safeRedirect(to: unknown, fallback = "/admin"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  return to;
}
