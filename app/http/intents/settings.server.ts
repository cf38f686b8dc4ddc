// The intents of /admin/settings.
import { intent } from "~/http/page-action.server";
import type { Actor } from "~/models/audit/audit.server";
import { BackupKeepSchema, updateBackupKeep } from "~/models/core/backups.server";

/** The backups section's form; no /api route calls updateBackupKeep, this page is its only caller. */
export const settingsIntents = (actor: Actor) => ({
  // The name HubSections' BackupsSection posts (BACKUP_KEEP_INTENT).
  backup_keep: intent({
    schema: BackupKeepSchema,
    invalid: "จำนวนไฟล์สำรองไม่ถูกต้อง",
    run: (input) => updateBackupKeep(input, actor),
    done: "บันทึกการสำรองข้อมูลรายวันแล้ว",
  }),
});
