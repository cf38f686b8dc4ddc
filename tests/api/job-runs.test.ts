import path from "node:path";
import Database from "better-sqlite3";
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
  insertRuns([
    ["daily_summary", "2020-01-06", "ok", "ส่งถึงกลุ่ม 1 ราย"],
    ["daily_summary", "2020-01-07", "skipped", "วันหยุด"],
    ["remind_checkin", "2020-01-07", "failed", "disk"],
  ]);
  expect((await api("/api/job-runs", { anonymous: true })).status).toBe(401);

  const summary = await (await api("/api/job-runs?job=daily_summary")).json();
  expect(summary).toMatchObject({ total: 2, page: 1, page_size: 20 });
  expect(summary.items.map((r: { run_date: string; status: string }) => [r.run_date, r.status])).toEqual([
    ["2020-01-07", "skipped"],
    ["2020-01-06", "ok"],
  ]);
  expect(Object.keys(summary.items[0]).sort()).toEqual(["finished_at", "id", "job", "result", "run_date", "started_at", "status"]);
  expect(summary.items[1]).toMatchObject({ job: "daily_summary", result: "ส่งถึงกลุ่ม 1 ราย", started_at: "2020-01-06T02:00:00.000Z" });

  const paged = await (await api("/api/job-runs?page=2&page_size=1&job=daily_summary")).json();
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
