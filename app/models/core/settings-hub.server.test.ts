import fs from "node:fs";
import path from "node:path";
import { holidays, jobRuns, linePushes, lineWebhookEvents } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { backupsDir } from "./backups.server";
import { lastLedgerCheck, lastPush, lastWebhookEvent, lineStatus, nextHoliday, settingsHub } from "./settings-hub.server";
import { bkk } from "~/models/flows/reminders.test-helpers";

function event(id: string, type: string, receivedAt: Date) {
  db().insert(lineWebhookEvents).values({ webhookEventId: id, type, sourceType: "user", sourceId: "U1", receivedAt }).run();
}

function push(retryKey: string, values: Partial<typeof linePushes.$inferInsert>) {
  db()
    .insert(linePushes)
    .values({ retryKey, to: "U1", kind: "test", messages: [{ type: "text", text: "x" }], ...values })
    .run();
}

describe("LINE status", () => {
  test("nothing yet: no event, no push", () => {
    expect(lastWebhookEvent()).toBeNull();
    expect(lastPush()).toBeNull();
  });

  test("the last webhook event received and the last push with its result", () => {
    event("e1", "follow", bkk("2026-11-20", "08:00"));
    event("e2", "message", bkk("2026-11-21", "09:30"));
    expect(lastWebhookEvent()).toEqual({ type: "message", source_type: "user", received_at: bkk("2026-11-21", "09:30").toISOString() });

    push("k1", { status: "sent", attempts: 1, createdAt: bkk("2026-11-21", "10:00"), sentAt: bkk("2026-11-21", "10:00") });
    push("k2", { status: "failed", attempts: 3, lastError: "LINE ตอบกลับ 429", kind: "reminder", createdAt: bkk("2026-11-22", "10:00") });
    expect(lastPush()).toEqual({
      kind: "reminder",
      status: "failed",
      attempts: 3,
      last_error: "LINE ตอบกลับ 429",
      created_at: bkk("2026-11-22", "10:00").toISOString(),
      sent_at: null,
    });
  });

  test("configured or demo mode from the environment, with no secret in the answer", () => {
    expect(lineStatus()).toMatchObject({ bot_configured: false, secret_configured: false, liff_id: null, demo_mode: true });
    process.env.LINE_CHANNEL_ACCESS_TOKEN = "very-secret-token";
    process.env.LINE_CHANNEL_SECRET = "very-secret-secret";
    process.env.LIFF_ID = "1234567890-AbCdEf";
    resetEnvCache();
    try {
      const status = lineStatus();
      expect(status).toMatchObject({ bot_configured: true, secret_configured: true, liff_id: "1234567890-AbCdEf", demo_mode: false });
      expect(JSON.stringify(status)).not.toContain("very-secret");
    } finally {
      for (const key of ["LINE_CHANNEL_ACCESS_TOKEN", "LINE_CHANNEL_SECRET", "LIFF_ID"]) delete process.env[key];
      resetEnvCache();
    }
  });
});

describe("the hub", () => {
  test("the next holiday from today on", () => {
    db().delete(holidays).run();
    db().insert(holidays).values([
      { date: "2026-11-10", name: "ผ่านไปแล้ว", kind: "company", source: "admin" },
      { date: "2026-12-05", name: "วันพ่อแห่งชาติ", kind: "public", source: "admin" },
      { date: "2026-12-31", name: "วันสิ้นปี", kind: "public", source: "admin" },
    ]).run();
    expect(nextHoliday("2026-11-24")).toEqual({ date: "2026-12-05", name: "วันพ่อแห่งชาติ" });
    expect(nextHoliday("2026-12-05")).toEqual({ date: "2026-12-05", name: "วันพ่อแห่งชาติ" });
    expect(nextHoliday("2027-01-01")).toBeNull();
  });

  test("attendance summary, jobs with the backup job, and the backups newest first", () => {
    fs.mkdirSync(backupsDir(), { recursive: true });
    fs.writeFileSync(path.join(backupsDir(), "tn-2026-11-22.sqlite"), Buffer.alloc(100));
    fs.writeFileSync(path.join(backupsDir(), "tn-2026-11-23.sqlite"), Buffer.alloc(200));
    const hub = settingsHub(bkk("2026-11-24", "10:00"));
    expect(hub.attendance).toEqual({ offices: expect.any(Number), work_start: "08:30", work_end: "17:30", attendance_start: "" });
    expect(hub.jobs.map((j) => j.name)).toContain("nightly_backup");
    expect(hub.backups.keep).toBe(7);
    expect(hub.backups.files.map((f) => [f.name, f.bytes])).toEqual([
      ["tn-2026-11-23.sqlite", 200],
      ["tn-2026-11-22.sqlite", 100],
    ]);
  });
});

describe("the day ledger check", () => {
  const runOf = (runDate: string, status: "ok" | "failed" | "skipped", result: string) =>
    db().insert(jobRuns).values({ job: "ledger_check", runDate, status, result, startedAt: bkk(runDate, "03:30"), finishedAt: bkk(runDate, "03:31") }).run();

  test("the newest result that checked something, the skipped days left out", () => {
    db().delete(jobRuns).run();
    expect(lastLedgerCheck()).toBeNull();
    runOf("2026-11-22", "ok", "ตรงกันทั้งหมด: ตรวจ 350 แถว 35 วัน");
    runOf("2026-11-23", "skipped", "ตรวจสัปดาห์ละครั้ง ทุกวันอาทิตย์");
    expect(lastLedgerCheck()).toEqual({ run_date: "2026-11-22", ok: true, differences: 0, result: "ตรงกันทั้งหมด: ตรวจ 350 แถว 35 วัน" });
    runOf("2026-11-29", "failed", "ไม่ตรง 1,204 รายการ จาก 9,000 แถว 35 วัน");
    runOf("2026-11-30", "skipped", "ตรวจสัปดาห์ละครั้ง ทุกวันอาทิตย์");
    expect(lastLedgerCheck()).toMatchObject({ run_date: "2026-11-29", ok: false, differences: 1204 });
    runOf("2026-12-06", "failed", "database is locked");
    expect(lastLedgerCheck()).toMatchObject({ run_date: "2026-12-06", ok: false, differences: null, result: "database is locked" });
    expect(settingsHub(bkk("2026-12-07", "10:00")).ledger_check).toMatchObject({ run_date: "2026-12-06" });
  });
});
