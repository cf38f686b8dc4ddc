import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { backupDatabase } from "~/lib/backup.server";
import { db } from "~/lib/db.server";
import { requireAdmin } from "~/http/guard.server";
import { workDate } from "~/lib/business-day.server";
import { recordAudit } from "~/models/audit/audit.server";

/** The same online backup as `npm run backup`, as a download for admins. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-backup-"));
  const file = path.join(dir, "tn.sqlite");
  const { bytes } = await backupDatabase(db().$client, file);
  recordAudit({ actor: { type: "admin", id: admin.id }, action: "backup", entity: "database" });
  const stream = fs.createReadStream(file);
  stream.on("close", () => fs.rmSync(dir, { recursive: true, force: true }));
  return new Response(createReadableStreamFromReadable(stream), {
    headers: {
      "Content-Type": "application/vnd.sqlite3",
      "Content-Length": String(bytes),
      "Content-Disposition": `attachment; filename="tn-backup-${workDate()}.sqlite"`,
      "Cache-Control": "no-store",
    },
  });
}
