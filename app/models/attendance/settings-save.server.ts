import { lt, sql } from "drizzle-orm";
import { attendanceDays, ledgerDates } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import type { Db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { addDays } from "~/lib/iso-day";
import { getSettings, onSettingsSave, updateSettings, type Settings, type SettingsSave } from "~/models/core/settings.server";
import { attendanceStart, ensureLedger } from "./ledger.server";
import { RULE_KEYS, recordRulesChange } from "./work-rules.server";

// What follows in the day ledger from a settings write, in the write's own transaction (ADR 043):
// the hours and work days apply from today on (past days keep theirs) and today's rows are
// recomputed; the first office fixes the date attendance starts counting; moving that date drops
// the rows it no longer covers (or now covers), which the readers fill again.

export const ATTENDANCE_START_REQUIRED = "กรุณาระบุวันที่เริ่มนับการลงเวลา";

/**
 * While an office is configured attendance_start is a date: the first save of an office (or of
 * anything, for an office configured before the setting existed) sets it to the date the ledger
 * would derive; clearing it then is a 400.
 */
function completeStart({ tx, before, input, now }: SettingsSave): Partial<Settings> | undefined {
  const after = { ...before, ...input };
  if (after.offices.length === 0 || after.attendance_start !== "") return undefined;
  if (before.attendance_start !== "") {
    throw new DomainError(400, "ค่าการตั้งค่าไม่ถูกต้อง", { attendance_start: ATTENDANCE_START_REQUIRED });
  }
  return { attendance_start: attendanceStart(tx) ?? workDate(now) };
}

/**
 * The rows whose date attendance_start moved across: every date before the later of the old and
 * the new start ("" counts as tomorrow: the derived start is some date up to today). Removed
 * with their filled marks, so the next reader fills them as the new start says.
 */
function dropRowsBeforeStart(tx: Db, from: string, to: string, now: Date) {
  const unset = addDays(workDate(now), 1);
  const bound = [from || unset, to || unset].sort()[1];
  tx.delete(attendanceDays).where(lt(attendanceDays.workDate, bound)).run();
  tx.delete(ledgerDates).where(lt(ledgerDates.workDate, bound)).run();
}

/**
 * The hours or work days changed: recorded as in force from today, and today's rows computed
 * again for everyone (today's filled mark goes, so its fill also re-times when the rows go stale).
 */
function applyRulesChange(tx: Db, before: Settings, now: Date) {
  const today = workDate(now);
  if (!recordRulesChange(tx, before, today)) return;
  tx.delete(ledgerDates).where(sql`${ledgerDates.workDate} = ${today}`).run();
  ensureLedger(today, today, now);
}

/** Registers the hooks above with the settings registry; the server does so at start (jobs/startup.server.ts). */
export function registerAttendanceSettingsHooks() {
  onSettingsSave("attendance", {
    complete: completeStart,
    saved: ({ tx, before, input, now, changed }) => {
      if (changed.has("attendance_start")) dropRowsBeforeStart(tx, before.attendance_start, input.attendance_start ?? "", now);
      if (RULE_KEYS.some((k) => changed.has(k))) applyRulesChange(tx, before, now);
    },
  });
}

/**
 * An office configured before attendance_start existed gets the date the ledger derives for it
 * stored (the earlier of its offices' save date and its first record), so later office edits do
 * not move it. Returns the date stored, or null when there was nothing to do.
 */
export function persistAttendanceStart(now: Date = new Date()): string | null {
  const { attendance_start, offices } = getSettings(["attendance_start", "offices"]);
  if (attendance_start !== "" || offices.length === 0) return null;
  const start = attendanceStart() ?? workDate(now);
  updateSettings({ attendance_start: start }, { type: "system" }, now);
  return start;
}
