import path from "node:path";
import Database from "better-sqlite3";
import { formatThaiDate } from "~/lib/thai-date";
import { lineEnv, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "jobs-admin", password: "jobs-admin-password" };
let fake: FakeLine;
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  fake = await startFakeLine();
  server = await startServer(lineEnv(fake, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }));
  cookie = await adminCookie(server, ADMIN);
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const api = apiClient(() => server, () => cookie);

function insertRuns(rows: [job: string, date: string, status: string, result: string][]) {
  const db = new Database(path.join(server.dataDir, "tn.sqlite"));
  try {
    const insert = db.prepare("insert into job_runs (job, run_date, status, started_at, finished_at, result) values (?, ?, ?, ?, ?, ?)");
    for (const [job, date, status, result] of rows) {
      const at = Date.parse(`${date}T02:00:00Z`);
      insert.run(job, date, status, at, at, result);
    }
  } finally {
    db.close();
  }
}

test("GET /api/job-runs: admins only; the runs newest business day first, paginated, by job", async () => {
  // Job names the scheduler never runs: the server records today's real jobs (done or skipped) as
  // their times pass, so a count of "daily_summary" rows depends on the hour the test runs.
  insertRuns([
    ["old_summary", "2020-01-06", "ok", "ส่งถึงกลุ่ม 1 ราย"],
    ["old_summary", "2020-01-07", "skipped", "วันหยุด"],
    ["old_reminder", "2020-01-07", "failed", "disk"],
  ]);
  expect((await api("/api/job-runs", { anonymous: true })).status).toBe(401);

  const summary = await (await api("/api/job-runs?job=old_summary")).json();
  expect(summary).toMatchObject({ total: 2, page: 1, page_size: 20 });
  expect(summary.items.map((r: { run_date: string; status: string }) => [r.run_date, r.status])).toEqual([
    ["2020-01-07", "skipped"],
    ["2020-01-06", "ok"],
  ]);
  expect(Object.keys(summary.items[0]).sort()).toEqual(["finished_at", "id", "job", "result", "run_date", "started_at", "status"]);
  expect(summary.items[1]).toMatchObject({ job: "old_summary", result: "ส่งถึงกลุ่ม 1 ราย", started_at: "2020-01-06T02:00:00.000Z" });

  const paged = await (await api("/api/job-runs?page=2&page_size=1&job=old_summary")).json();
  expect(paged.items.map((r: { run_date: string }) => r.run_date)).toEqual(["2020-01-06"]);
  expect((await api("/api/job-runs?page=abc")).status).toBe(400);
  expect((await api("/api/job-runs", { method: "POST", json: {} })).status).toBe(405);
});

test("the server's scheduler records its housekeeping runs for today (started with the server, once)", async () => {
  await vi.waitFor(
    async () => {
      const { items } = await (await api("/api/job-runs?job=selfie_purge")).json();
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date());
      // Before 02:00 in Bangkok the purge is not due yet: nothing to see then.
      const due = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Bangkok", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date()) >= "02:00";
      expect(items.filter((r: { run_date: string }) => r.run_date === today)).toHaveLength(due ? 1 : 0);
      // The test servers run with REMINDERS=off: a reminder whose time has come is recorded skipped, never sent.
      const all = (await (await api("/api/job-runs?page_size=200")).json()).items as { job: string; run_date: string; status: string; result: string }[];
      for (const run of all.filter((r) => r.run_date === today && r.job.startsWith("remind_"))) {
        expect(run).toMatchObject({ status: "skipped", result: "ปิดการแจ้งเตือนที่เซิร์ฟเวอร์ (REMINDERS=off)" });
      }
    },
    { timeout: 10_000, interval: 200 },
  );
  expect(fake.find("/v2/bot/message/push")).toEqual([]);
});

test("/admin/jobs lists the jobs with Thai labels; a bad time is refused in Thai, a good one is stored", async () => {
  const page = await api("/admin/jobs");
  expect(page.status).toBe(200);
  const html = await page.text();
  for (const label of ["เตือนลงเวลาเข้างาน", "เตือนลงเวลาออกงาน", "สรุปประจำวันเข้ากลุ่ม LINE", "เตือนคำขอลารออนุมัติ", "เตือนตู้เลยกำหนดเข้าตรวจ"]) {
    expect(html).toContain(label);
  }

  // A job's newest run is shown in its row and in the history (a date no real run reaches).
  insertRuns([["daily_summary", "2099-01-05", "failed", "ทดสอบ: ส่งไม่สำเร็จ"]]);
  const again = await (await api("/admin/jobs")).text();
  const shown = again.slice(0, again.indexOf("window.__remixContext")); // the markup, not the loader data
  expect(shown.split("ทดสอบ: ส่งไม่สำเร็จ")).toHaveLength(3);
  const jobsTable = shown.slice(0, shown.indexOf("ประวัติการทำงานล่าสุด"));
  expect(jobsTable).toContain("ทดสอบ: ส่งไม่สำเร็จ");
  expect(jobsTable).toContain('<span class="m_5add502a mantine-Badge-label">ล้มเหลว</span>');
  expect(jobsTable).toContain(formatThaiDate("2099-01-05"));
  const form = (fields: Record<string, string>) =>
    api("/admin/jobs?_data=routes%2Fadmin.jobs", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const bad = await form({ intent: "schedule", key: "daily_summary", on: "true", value: "25:00" });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ ok: false, error: "เวลาสรุปประจำวันต้องอยู่ในรูปแบบ ชช:นน (เช่น 08:30)" });
  const good = await form({ intent: "schedule", key: "daily_summary", on: "false", value: "17:45" });
  expect(good.status).toBe(200);
  const { settings } = await (await api("/api/settings")).json();
  expect(settings.daily_summary).toEqual({ on: false, time: "17:45" });
});

describe("the scheduler after a crash (SIGKILL)", () => {
  const SUMMARY_GROUP = `C${"9".repeat(32)}`;
  type Run = { job: string; run_date: string; status: string; result: string };
  const summaryRuns = (dir: string) => {
    const sqlite = new Database(path.join(dir, "tn.sqlite"), { readonly: true });
    try {
      return sqlite.prepare("select job, run_date, status, result from job_runs where job = 'daily_summary' order by id").all() as Run[];
    } finally {
      sqlite.close();
    }
  };
  const write = (dir: string, fn: (db: Database.Database) => void) => {
    const sqlite = new Database(path.join(dir, "tn.sqlite"));
    try {
      fn(sqlite);
    } finally {
      sqlite.close();
    }
  };
  const summaryPushes = () => fake.find("/v2/bot/message/push", "POST").filter((r) => (r.body as { to: string }).to === SUMMARY_GROUP);

  test("a day's summary due while the server was down runs once at the start; killed mid-run it is not run again; its notice reaches the group once", async () => {
    const env = lineEnv(fake, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, REMINDERS: "on" });
    let crashing = await startServer(env);
    const dir = crashing.dataDir;
    try {
      const admin = await adminCookie(crashing, ADMIN);
      const settings = await fetch(`${crashing.baseUrl}/api/settings`, {
        method: "PUT",
        headers: { "content-type": "application/json", Cookie: admin },
        body: JSON.stringify({ work_days: [1, 2, 3, 4, 5, 6, 7], daily_summary: { on: false, time: "00:00" } }),
      });
      expect(settings.status).toBe(200);
      await crashing.kill("SIGKILL");

      // Switched on while the server is down; whatever today is, it is a working day. After 18:00
      // (the default time) the first start has already run or skipped today's summary: the
      // ledger starts the day empty.
      write(dir, (db) => {
        db.prepare("delete from job_runs where job = 'daily_summary'").run();
        db.prepare("update settings set value = ? where key = 'daily_summary'").run(JSON.stringify({ on: true, time: "00:00" }));
        db.prepare("delete from holidays").run();
        db.prepare("insert into line_groups (group_id, name, notify_summary, active) values (?, 'สรุปประจำวัน', 1, 1)").run(SUMMARY_GROUP);
      });
      fake.reset();
      fake.pushPlan = [-1];
      crashing = await startServer(env, { dataDir: dir });
      // Not skipped: the catch-up at the start runs it; LINE holds the push and the run is killed in the middle.
      await vi.waitFor(() => expect(summaryPushes()).toHaveLength(1), { timeout: 30_000, interval: 100 });
      const runs = summaryRuns(dir);
      expect(runs.map((r) => r.status)).toEqual(["running"]);
      const key = summaryPushes()[0].headers["x-line-retry-key"];
      await crashing.kill("SIGKILL");

      fake.reset();
      crashing = await startServer(env, { dataDir: dir });
      await vi.waitFor(() => expect(summaryRuns(dir)).toEqual([{ ...runs[0], status: "failed", result: "เซิร์ฟเวอร์หยุดระหว่างทำงาน จะไม่ทำซ้ำในวันเดียวกัน" }]), {
        timeout: 10_000,
        interval: 100,
      });
      expect(crashing.logs()).toMatch(/Scheduler: 1 run\(s\) cut off by the last stop marked failed/);

      // The notice written before the crash is sent again (once its first minutes are over) with its own key.
      await crashing.kill("SIGKILL");
      write(dir, (db) => db.prepare("update line_pushes set created_at = created_at - 6 * 60 * 1000").run());
      crashing = await startServer(env, { dataDir: dir });
      await vi.waitFor(() => expect(summaryPushes()).toHaveLength(1), { timeout: 30_000, interval: 100 });
      expect(summaryPushes()[0].headers["x-line-retry-key"]).toBe(key);
      expect(summaryRuns(dir)).toHaveLength(1);
      const pushStatus = () => {
        const sqlite = new Database(path.join(dir, "tn.sqlite"), { readonly: true });
        try {
          return sqlite.prepare("select status from line_pushes where retry_key = ?").pluck().get(key);
        } finally {
          sqlite.close();
        }
      };
      await vi.waitFor(() => expect(pushStatus()).toBe("sent"), { timeout: 10_000, interval: 100 });

      await crashing.kill("SIGKILL");
      fake.reset();
      crashing = await startServer(env, { dataDir: dir });
      expect((await fetch(`${crashing.baseUrl}/healthz`)).status).toBe(200);
      expect(summaryRuns(dir)).toHaveLength(1);
      expect(summaryPushes()).toEqual([]);
    } finally {
      await crashing.stop();
    }
  }, 180_000);
});
