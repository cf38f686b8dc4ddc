// What the two backup downloads (/admin/backup, /admin/backups/:file) do around their model call:
// only the system's own pages may start one, and a refusal is a Thai page (ADR 042).
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { ReadStream } from "node:fs";
import { workDate } from "~/lib/business-day.server";
import type { Actor } from "~/models/audit/audit.server";
import { BackupSpaceError, openBackupDownload } from "~/models/core/backup-download.server";
import { isSameOriginRequest } from "./request.server";

/**
 * A GET from this site's own pages: `isSameOriginRequest` (Sec-Fetch-Site, else Origin), and from
 * a browser that sends neither on a GET, a Referer of this host (the page's link sends it under
 * the app's strict-origin-when-cross-origin policy). A request with no sign of where it came from
 * (a link on another site with its referrer stripped, in a browser without Sec-Fetch-Site) is
 * refused like a cross-site one, as logout's GET is.
 */
export function isOwnPageRequest(request: Request): boolean {
  if (request.headers.has("sec-fetch-site") || request.headers.has("origin")) return isSameOriginRequest(request);
  const referer = request.headers.get("referer");
  if (!referer) return false;
  try {
    return new URL(referer).host === new URL(request.url).host;
  } catch {
    return false;
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

/** A small Thai page for a download that did not happen (the browser shows it in place of the file). */
function downloadRefusal(status: number, title: string, text: string) {
  const html =
    `<!doctype html><html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` +
    `<p><a href="/admin/settings">ไปที่หน้าตั้งค่า (สำรองข้อมูล)</a></p></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

/** 403 for a download that another site started (a link, an image, a form). */
export const crossSiteDownloadRefusal = () =>
  downloadRefusal(
    403,
    "ดาวน์โหลดไม่ได้",
    "ดาวน์โหลดไฟล์สำรองข้อมูลได้จากปุ่มในหน้าตั้งค่าของระบบเท่านั้น ไม่รับคำขอที่มาจากเว็บไซต์อื่น",
  );

/**
 * The response of a backup file: streamed, never cached. The file is closed when the stream ends,
 * fails, or the request is aborted, also when the client left before the response was sent
 * (Remix then drops the response without reading it).
 */
export function backupFileResponse(request: Request, body: ReadStream, bytes: number, filename: string) {
  const stop = () => body.destroy();
  request.signal.addEventListener("abort", stop, { once: true });
  body.once("close", () => request.signal.removeEventListener("abort", stop));
  if (request.signal.aborted) stop();
  return new Response(createReadableStreamFromReadable(body), {
    headers: {
      "Content-Type": "application/vnd.sqlite3",
      "Content-Length": String(bytes),
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** GET /admin/backup after the admin guard: a fresh online copy, or a Thai 403/507 page. */
export async function backupDownloadResponse(request: Request, actor: Actor) {
  if (!isOwnPageRequest(request)) return crossSiteDownloadRefusal();
  try {
    const { body, bytes } = await openBackupDownload({ actor, signal: request.signal });
    return backupFileResponse(request, body, bytes, `tn-backup-${workDate()}.sqlite`);
  } catch (error) {
    if (error instanceof BackupSpaceError) return downloadRefusal(error.status, "สร้างไฟล์สำรองไม่ได้", error.message);
    throw error;
  }
}
