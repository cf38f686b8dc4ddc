import type { LoaderFunctionArgs } from "@remix-run/node";
import { backupDownloadResponse } from "~/http/backup-download.server";
import { requireAdmin } from "~/http/guard.server";

/** The same online backup as `npm run backup`, as a download for admins, from the system's own pages. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return backupDownloadResponse(request, { type: "admin", id: admin.id });
}
