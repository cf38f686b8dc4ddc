import fs from "node:fs";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { backupFileResponse, crossSiteDownloadRefusal, isOwnPageRequest } from "~/http/backup-download.server";
import { requireAdmin } from "~/http/guard.server";
import { recordAudit } from "~/models/audit/audit.server";
import { nightlyBackupPath } from "~/models/core/backups.server";

/** One of the nightly backups in DATA_DIR/backups, by its exact name (tn-YYYY-MM-DD.sqlite), for admins. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  if (!isOwnPageRequest(request)) return crossSiteDownloadRefusal();
  const name = params.file ?? "";
  const file = nightlyBackupPath(name);
  if (!file) {
    throw new Response("ไม่พบไฟล์สำรองข้อมูลนี้", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const { size } = fs.statSync(file);
  recordAudit({ actor: { type: "admin", id: admin.id }, action: "backup_download", entity: "database", entityId: name });
  return backupFileResponse(request, fs.createReadStream(file), size, name);
}
