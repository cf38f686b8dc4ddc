// Serves stored images at /uploads/<folder>/<id>.jpg after the canView policy (uploads.server.ts);
// `?size=thumb` answers the small version (the original for rows stored before thumbnails).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { signedInEmployeeId } from "~/http/guard.server";
import { apiError, methodNotAllowed } from "~/http/answers.server";
import { getSessionAdmin } from "~/lib/session.server";
import { UPLOAD_MESSAGES } from "~/lib/uploads-shared";
import { canView, getUpload, parseUploadPath, type Viewer } from "~/lib/uploads.server";

const NO_STORE = { "Cache-Control": "no-store" };
const notFound = () => apiError(404, UPLOAD_MESSAGES.notFound, undefined, NO_STORE);

async function viewerOf(request: Request): Promise<Viewer> {
  const admin = await getSessionAdmin(request);
  if (admin) return { kind: "admin", adminId: admin.id };
  const employeeId = await signedInEmployeeId(request);
  return employeeId != null ? { kind: "employee", employeeId } : null;
}

/** True when If-None-Match names this ETag (or is `*`); weak comparison, as for GET. */
function matchesEtag(header: string | null, etag: string) {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const target = parseUploadPath(params["*"] ?? "");
  if (!target) return notFound();

  const viewer = await viewerOf(request);
  if (!viewer) return apiError(401, "กรุณาเข้าสู่ระบบ", undefined, NO_STORE);

  const upload = getUpload(target.id);
  // Someone else's file answers like a missing one: its existence is not revealed.
  if (!upload || upload.folder !== target.folder || !canView(upload, viewer)) return notFound();

  const thumb = new URL(request.url).searchParams.get("size") === "thumb" ? upload.thumb : null;
  const bytes = thumb ?? upload.bytes;
  const etag = thumb ? `"${upload.sha256}-thumb"` : `"${upload.sha256}"`;
  // X-Content-Type-Options: nosniff comes from server/security.mjs on every response (setting it
  // here as well would send it twice: the express adapter appends).
  const common = { ETag: etag, "Cache-Control": "private, max-age=86400" };
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: common });
  }
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      ...common,
      "Content-Type": upload.mime,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": "inline",
    },
  });
}

export const action = () => methodNotAllowed();
