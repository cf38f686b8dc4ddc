/**
 * The LIFF URL of an employee page. The LIFF app's endpoint is `https://<host>/employee` (README),
 * so LINE opens `https://liff.line.me/{id}/checkin-out` at `/employee/checkin-out`.
 */
export function liffPageUrl(liffId: string, employeePath: string) {
  const rest = employeePath.replace(/^\/?employee\/?/, "").replace(/^\/+/, "");
  return `https://liff.line.me/${encodeURIComponent(liffId)}${rest ? `/${rest}` : ""}`;
}
