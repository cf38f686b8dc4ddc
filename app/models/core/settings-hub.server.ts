// What the settings hub shows at a glance: the attendance and holiday settings in short, the LINE
// channel's state (never its secrets), the scheduled jobs' last runs, the backups and the replication. Each part is
// one cheap query (a primary key or an index, LIMIT 1), so the page stays quick on a big database.
import path from "node:path";
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { holidays, jobRuns, linePushes, lineWebhookEvents } from "../../../db/schema";
import { workDate } from "~/lib/business-day.server";
import { db } from "~/lib/db.server";
import { env, isDemoMode } from "~/lib/env.server";
import { replicationStatus } from "~/lib/replication.server";
import { isBotConfigured } from "~/lib/line.server";
import { differencesInSummary } from "~/models/attendance/ledger-check.server";
import { listBackups } from "./backups.server";
import { jobsOverview } from "~/models/flows/scheduled-jobs.server";
import { getSettings } from "./settings.server";

export type LastWebhookEvent = { type: string; source_type: string | null; received_at: string };
export type LastPush = {
  kind: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

/** The newest webhook event stored (the table's insertion order: events are only ever added). */
export function lastWebhookEvent(): LastWebhookEvent | null {
  const row = db()
    .select({ type: lineWebhookEvents.type, sourceType: lineWebhookEvents.sourceType, receivedAt: lineWebhookEvents.receivedAt })
    .from(lineWebhookEvents)
    .orderBy(desc(sql`rowid`))
    .limit(1)
    .get();
  return row ? { type: row.type, source_type: row.sourceType, received_at: row.receivedAt.toISOString() } : null;
}

/** The newest push and how it went. */
export function lastPush(): LastPush | null {
  const row = db()
    .select({
      kind: linePushes.kind,
      status: linePushes.status,
      attempts: linePushes.attempts,
      lastError: linePushes.lastError,
      createdAt: linePushes.createdAt,
      sentAt: linePushes.sentAt,
    })
    .from(linePushes)
    .orderBy(desc(linePushes.id))
    .limit(1)
    .get();
  return row
    ? {
        kind: row.kind,
        status: row.status,
        attempts: row.attempts,
        last_error: row.lastError,
        created_at: row.createdAt.toISOString(),
        sent_at: row.sentAt ? row.sentAt.toISOString() : null,
      }
    : null;
}

/** The LINE channel as the hub shows it: which parts are configured, and the LIFF id (public: it is in every LIFF link). */
export function lineStatus() {
  const e = env();
  return {
    bot_configured: isBotConfigured(),
    secret_configured: Boolean(e.LINE_CHANNEL_SECRET),
    login_configured: Boolean(e.LINE_LOGIN_CHANNEL_ID),
    liff_id: e.LIFF_ID ?? null,
    demo_mode: isDemoMode(e),
    last_event: lastWebhookEvent(),
    last_push: lastPush(),
  };
}

export function nextHoliday(today: string = workDate()) {
  const row = db()
    .select({ date: holidays.date, name: holidays.name })
    .from(holidays)
    .where(gte(holidays.date, today))
    .orderBy(asc(holidays.date))
    .limit(1)
    .get();
  return row ?? null;
}

/**
 * The newest result of the weekly day ledger check (the skipped days left out): ok when every
 * row matched its inputs; otherwise the run failed and `result` says how many differ (or why it stopped).
 */
export function lastLedgerCheck(): { run_date: string; ok: boolean; differences: number | null; result: string | null } | null {
  const row = db()
    .select({ runDate: jobRuns.runDate, status: jobRuns.status, result: jobRuns.result })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, "ledger_check"), inArray(jobRuns.status, ["ok", "failed"])))
    .orderBy(desc(jobRuns.runDate))
    .limit(1)
    .get();
  if (!row) return null;
  return { run_date: row.runDate, ok: row.status === "ok", differences: row.status === "ok" ? 0 : differencesInSummary(row.result), result: row.result };
}

/** Everything the settings hub shows. */
export function settingsHub(now: Date = new Date()) {
  const s = getSettings(["offices", "work_start", "work_end", "attendance_start", "backup_keep"]);
  return {
    attendance: { offices: s.offices.length, work_start: s.work_start, work_end: s.work_end, attendance_start: s.attendance_start },
    ledger_check: lastLedgerCheck(),
    next_holiday: nextHoliday(workDate(now)),
    line: lineStatus(),
    jobs: jobsOverview(now).map((j) => ({ name: j.name, label: j.label, on: j.on, at: j.at, every: j.every, skip: j.skip, last_run: j.last_run })),
    backups: { keep: s.backup_keep, files: listBackups() },
    replication: replicationStatus(now),
    /** Where tn.sqlite lives, for the restore steps (admins only). */
    data_dir: path.resolve(env().DATA_DIR),
  };
}

export type SettingsHub = ReturnType<typeof settingsHub>;
