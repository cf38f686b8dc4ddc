import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { jobRuns } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { formatBytesThai } from "~/lib/thai-bytes";
import { createScheduler } from "~/jobs/scheduler.server";
import { backupsDir, BackupKeepSchema, listBackups, nightlyBackupPath, runNightlyBackup, updateBackupKeep } from "./backups.server";
import { dailyJobs } from "~/models/flows/scheduled-jobs.server";
import { getSetting, updateSettings } from "./settings.server";
import { bkk } from "~/models/flows/reminders.test-helpers";

const system = { type: "system" as const };

function clearBackups() {
  fs.rmSync(backupsDir(), { recursive: true, force: true });
}

function fakeBackup(name: string, bytes = 10) {
  fs.mkdirSync(backupsDir(), { recursive: true });
  fs.writeFileSync(path.join(backupsDir(), name), Buffer.alloc(bytes));
}

beforeEach(clearBackups);

describe("nightly backup", () => {
  test("writes tn-YYYY-MM-DD.sqlite that passes integrity_check, leaving no partial file", async () => {
    const result = await runNightlyBackup("2026-11-24", 7);
    const file = path.join(backupsDir(), "tn-2026-11-24.sqlite");
    expect(result).toContain("tn-2026-11-24.sqlite");
    const copy = new Database(file, { readonly: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.prepare("SELECT count(*) AS n FROM settings").get()).toEqual({ n: expect.any(Number) });
    } finally {
      copy.close();
    }
    expect(fs.readdirSync(backupsDir())).toEqual(["tn-2026-11-24.sqlite"]);
  });

  test("the file is the owner's only (0600, its folder 0700) under the usual umask", async () => {
    const previous = process.umask(0o022);
    try {
      await runNightlyBackup("2026-11-24", 7);
    } finally {
      process.umask(previous);
    }
    expect(fs.statSync(path.join(backupsDir(), "tn-2026-11-24.sqlite")).mode & 0o777).toBe(0o600);
    expect(fs.statSync(backupsDir()).mode & 0o777).toBe(0o700);
  });

  test("keeps only the newest N; running the same day again replaces that day's file", async () => {
    for (const d of ["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"]) fakeBackup(`tn-${d}.sqlite`);
    fakeBackup("notes.txt");
    const result = await runNightlyBackup("2026-11-22", 3);
    expect(result).toContain("ลบไฟล์เก่า 2 ไฟล์");
    expect(listBackups().map((f) => f.name)).toEqual(["tn-2026-11-22.sqlite", "tn-2026-11-21.sqlite", "tn-2026-11-20.sqlite"]);
    expect(fs.existsSync(path.join(backupsDir(), "notes.txt"))).toBe(true);
    await runNightlyBackup("2026-11-22", 3);
    expect(listBackups()).toHaveLength(3);
  });

  test("the scheduled job runs once a day at 01:00 with a job_runs row; backup_keep 0 switches it off", async () => {
    const jobs = dailyJobs().filter((j) => j.name === "nightly_backup");
    expect(jobs).toHaveLength(1);
    const s = createScheduler({ jobs, log: () => undefined });
    expect(await s.runDue(bkk("2026-11-25", "00:59"))).toEqual([]);
    const [outcome] = await s.runDue(bkk("2026-11-25", "01:00"));
    expect(outcome).toMatchObject({ job: "nightly_backup", date: "2026-11-25", status: "ok" });
    expect(await s.runDue(bkk("2026-11-25", "02:00"))).toEqual([]);
    const rows = db().select().from(jobRuns).where(eq(jobRuns.job, "nightly_backup")).all();
    expect(rows.map((r) => [r.runDate, r.status])).toEqual([["2026-11-25", "ok"]]);
    expect(listBackups().map((f) => f.name)).toEqual(["tn-2026-11-25.sqlite"]);

    updateSettings({ backup_keep: 0 }, system);
    try {
      expect(jobs[0].plan("2026-11-26", bkk("2026-11-26", "01:00")).on).toBe(false);
      expect(await s.runDue(bkk("2026-11-26", "03:00"))).toEqual([]);
      expect(listBackups().map((f) => f.name)).toEqual(["tn-2026-11-25.sqlite"]);
      expect(db().select().from(jobRuns).where(eq(jobRuns.runDate, "2026-11-26")).all()).toEqual([]);
    } finally {
      updateSettings({ backup_keep: 7 }, system);
    }
  });
});

describe("backup_keep", () => {
  test("defaults to 7; the hub's form checks it with Thai messages", () => {
    expect(getSetting("backup_keep")).toBe(7);
    const refused = (keep: string) => {
      try {
        updateBackupKeep(BackupKeepSchema.parse({ keep }), system);
      } catch (error) {
        if (error instanceof DomainError) return [error.status, error.fields?.keep];
        throw error;
      }
      return null;
    };
    expect(refused("abc")).toEqual([400, "จำนวนไฟล์สำรองต้องเป็นตัวเลข"]);
    expect(refused("")).toEqual([400, "จำนวนไฟล์สำรองต้องเป็นตัวเลข"]);
    expect(refused("-1")).toEqual([400, "จำนวนไฟล์สำรองต้องไม่ติดลบ"]);
    expect(refused("2.5")).toEqual([400, "จำนวนไฟล์สำรองต้องเป็นจำนวนเต็ม"]);
    expect(refused("91")).toEqual([400, "เก็บไฟล์สำรองได้ไม่เกิน 90 ไฟล์"]);
    expect(getSetting("backup_keep")).toBe(7);
    expect(refused("14")).toBeNull();
    expect(getSetting("backup_keep")).toBe(14);
    updateSettings({ backup_keep: 7 }, system);
  });
});

describe("listing and names", () => {
  test("newest first with sizes; only nightly names are listed or resolved", () => {
    fakeBackup("tn-2026-01-02.sqlite", 2048);
    fakeBackup("tn-2025-12-31.sqlite", 5);
    fakeBackup("tn-2026-01-10.sqlite", 3 * 1024 * 1024);
    fakeBackup("tn-2026-01-03.sqlite.part");
    fakeBackup("other.sqlite");
    expect(listBackups().map((f) => [f.name, f.bytes])).toEqual([
      ["tn-2026-01-10.sqlite", 3 * 1024 * 1024],
      ["tn-2026-01-02.sqlite", 2048],
      ["tn-2025-12-31.sqlite", 5],
    ]);
    expect(nightlyBackupPath("tn-2026-01-02.sqlite")).toBe(path.join(backupsDir(), "tn-2026-01-02.sqlite"));
    for (const name of ["tn-2026-01-09.sqlite", "other.sqlite", "../tn.sqlite", "tn-2026-01-02.sqlite/..", "..%2Ftn.sqlite", "tn-2026-01-03.sqlite.part", ""]) {
      expect(nightlyBackupPath(name)).toBeNull();
    }
  });

  test("no backups folder yet: an empty list", () => {
    expect(listBackups()).toEqual([]);
  });

  test("sizes in Thai units", () => {
    expect(formatBytesThai(512)).toBe("512 ไบต์");
    expect(formatBytesThai(1536)).toBe("1.5 กิโลไบต์");
    expect(formatBytesThai(3 * 1024 * 1024)).toBe("3 เมกะไบต์");
    expect(formatBytesThai(1.25 * 1024 ** 3)).toBe("1.3 กิกะไบต์");
  });
});
