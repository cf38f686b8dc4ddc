import { seedAddressData } from "~/models/core/address-seed.server";
import { ensureFirstAdmin } from "~/models/admins/admin.server";
import { persistAttendanceStart, registerAttendanceSettingsHooks } from "~/models/attendance/settings-save.server";
import { ensureHolidaySeeds } from "~/models/leave/holidays.server";
import { closeDb, databasePath, openAtStart } from "~/lib/db.server";
import { closeFaceEngine, configureFaceEngine } from "~/lib/face.server";
import { env, isDemoMode } from "~/lib/env.server";
import { logger } from "~/lib/log.server";
import { pruneLoginAttempts } from "~/lib/rate-limit.server";
import { startReplicationWatch, stopReplicationWatch } from "~/lib/replication.server";
import { markServerRunning } from "~/lib/server-presence.server";
import { setAppTimeZone } from "~/lib/thai-date";
import { purgeExpiredSessions, sessionSecrets } from "~/lib/session.server";
import { startServerJobs, stopServerJobs } from "./scheduler.server";

let unmarkServer: (() => void) | undefined;

/**
 * Runs before the server listens: migrate, make sure a secret and a first admin exist. What it
 * says goes to `print` when given, else to the log; the first admin's password is a notice for the
 * operator, printed as plain text on stdout either way (README: `journalctl -u tn | grep -A3 "first admin"`).
 */
export async function onServerStart(print?: (line: string) => void) {
  const log = print ?? ((line: string) => logger.info(line));
  const notice = print ?? ((text: string) => console.log(text));
  const e = env();
  setAppTimeZone(e.APP_TIMEZONE);
  configureFaceEngine({ idleMs: e.FACE_IDLE_SECONDS * 1000, jobTimeoutMs: e.FACE_JOB_TIMEOUT_SECONDS * 1000 });
  openAtStart();
  registerAttendanceSettingsHooks();
  unmarkServer = markServerRunning(e.DATA_DIR);
  const address = await seedAddressData();
  if (address.seeded) {
    log(`Thai address data loaded: ${address.provinces} provinces, ${address.amphurs} amphurs, ${address.districts} districts`);
  }
  for (const seeded of ensureHolidaySeeds()) {
    log(`Thai public holidays of ${seeded.year} loaded: ${seeded.added} days`);
  }
  const start = persistAttendanceStart();
  if (start) log(`Attendance counted from ${start} (attendance_start, from the offices' setup and the first check-in)`);
  sessionSecrets();
  purgeExpiredSessions();
  pruneLoginAttempts();
  const first = await ensureFirstAdmin({ username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD });
  if (first?.password) {
    notice(
      [
        "",
        "==================================================================",
        " ผู้ดูแลระบบคนแรกถูกสร้างแล้ว (first admin created) — shown only once",
        `   username: ${first.username}`,
        `   password: ${first.password}`,
        " เปลี่ยนรหัสผ่านได้ที่ /admin/account หรือ npm run admin -- <username>",
        "==================================================================",
        "",
      ].join("\n"),
    );
  } else if (first) {
    log(`First admin "${first.username}" created from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  }
  log(`Database: ${databasePath()}${isDemoMode(e) ? " · demo mode (no LIFF_ID)" : ""}`);
  startReplicationWatch();
  startServerJobs(log);
}

export async function onServerStop() {
  stopReplicationWatch();
  await stopServerJobs();
  await closeFaceEngine().catch(() => undefined);
  closeDb();
  unmarkServer?.();
  unmarkServer = undefined;
}
