import path from "node:path";
import Database from "better-sqlite3";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "att-admin", password: "att-admin-password" };
const STATUSES = ["present", "late", "early_leave", "absent", "leave", "holiday", "day_off", "missing_checkout"] as const;
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  cookie = await adminCookie(server, ADMIN);
  // Attendance counts (the day ledger holds days) from this date on; no office is configured here.
  expect((await api("/api/settings", { method: "PUT", json: { attendance_start: "2025-01-01" } })).status).toBe(200);
});
afterAll(() => server?.stop());

const api = apiClient(() => server, () => cookie);

function sqlite<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, "tn.sqlite"));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

const DATE = "2025-11-24"; // a Monday well before the server's clock
const at = (hhmm: string) => new Date(`${DATE}T${hhmm}:00+07:00`).getTime();

let serial = 0;
async function employee(first = "มาลี") {
  serial += 1;
  const response = await api("/api/employee", {
    method: "POST",
    json: { code: `ATT${String(serial).padStart(3, "0")}`, title: 2, first_name: first, last_name: "มีสุข" },
  });
  expect(response.status).toBe(201);
  return (await response.json()).employee as { id: number; code: string };
}

/** A record as stored before anything reads the date (the day ledger computes the day from it at the first read). */
function insertRecord(employeeId: number, values: { checkin?: number; checkout?: number | null; review?: string; flags?: string[] } = {}) {
  return sqlite((db) => {
    const review = values.review ?? "none";
    const result = db
      .prepare(
        `insert into attendance (employee_id, work_date, checkin_at, checkout_at, review_status, checkin_review, checkout_review, flags)
         values (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        employeeId,
        DATE,
        values.checkin ?? at("08:20"),
        values.checkout === undefined ? at("17:40") : values.checkout,
        review,
        review,
        values.checkout === null ? "none" : review,
        JSON.stringify(values.flags ?? []),
      );
    return Number(result.lastInsertRowid);
  });
}

describe("attendance admin API", () => {
  test("every route refuses anonymous callers with 401", async () => {
    for (const [p, method] of [
      ["/api/checkin-out/daily", "GET"],
      ["/api/checkin-out/review", "GET"],
      ["/api/checkin-out/1/review", "POST"],
      ["/api/checkin-out/1/checked", "POST"],
    ] as const) {
      const response = await api(p, { method, anonymous: true, ...(method === "GET" ? {} : { json: {} }) });
      expect(response.status, `${method} ${p}`).toBe(401);
    }
  });

  test("daily: one status per working employee, counts add up to the headcount", async () => {
    const onTime = await employee("ตรงเวลา");
    const late = await employee("สาย");
    const missing = await employee("ลืม");
    const flagged = await employee("ธง");
    await employee("ขาด");
    insertRecord(onTime.id);
    insertRecord(late.id, { checkin: at("08:42") });
    insertRecord(missing.id, { checkout: null });
    insertRecord(flagged.id, { review: "pending", flags: ["outside"] });

    const response = await api(`/api/checkin-out/daily?date=${DATE}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.date).toBe(DATE);
    const total = STATUSES.reduce((n, s) => n + body.summary[s], 0);
    expect(total).toBe(body.headcount);
    expect(body.items).toHaveLength(body.headcount);
    expect(body.next_cursor).toBeNull();
    expect(body.summary).toMatchObject({ late: 1, missing_checkout: 1, pending_review: 1 });
    const lateItem = body.items.find((i: { employee: { id: number } }) => i.employee.id === late.id);
    expect(lateItem).toMatchObject({ status: "late", reason: "สาย 12 นาที", record: { late_minutes: 12, checked: 0 } });
    expect(Object.keys(lateItem.employee).sort()).toEqual(["code", "first_name", "full_name", "id", "photo_url", "position"]);
    const codes = body.items.map((i: { employee: { code: string } }) => i.employee.code);
    expect(codes).toEqual([...codes].sort());

    const onlyLate = await (await api(`/api/checkin-out/daily?date=${DATE}&status=late`)).json();
    expect(onlyLate.items.map((i: { employee: { id: number } }) => i.employee.id)).toEqual([late.id]);
    const search = await (await api(`/api/checkin-out/daily?date=${DATE}&q=${encodeURIComponent("ลืม")}`)).json();
    expect(search.items.map((i: { employee: { id: number } }) => i.employee.id)).toEqual([missing.id]);

    // Keyset pages: limit and the answer's next_cursor as after, until it is null.
    const seen: string[] = [];
    let after = "";
    for (;;) {
      const page = await (await api(`/api/checkin-out/daily?date=${DATE}&limit=2${after ? `&after=${after}` : ""}`)).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      expect(page.summary).toEqual(body.summary);
      seen.push(...page.items.map((i: { employee: { code: string } }) => i.employee.code));
      if (page.next_cursor === null) break;
      after = page.next_cursor;
    }
    expect(seen).toEqual(codes);
  });

  test("daily: 400 for a bad date or status; no date means today", async () => {
    for (const q of ["date=2026-13-01", "date=2026-02-30", "date=yesterday", "status=asleep", "limit=0", "limit=x", "after=nonsense"]) {
      const response = await api(`/api/checkin-out/daily?${q}`);
      expect(response.status, q).toBe(400);
      expect((await response.json()).error).toBeTruthy();
    }
    const today = await api("/api/checkin-out/daily");
    expect(today.status).toBe(200);
    expect((await today.json()).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test("review: queue, accept, 409 on a second decision, reject shows absent, audit rows", async () => {
    const a = await employee("รอ");
    const b = await employee("ปฏิเสธ");
    const first = insertRecord(a.id, { review: "pending", flags: ["uncertain"] });
    const second = insertRecord(b.id, { review: "pending", flags: ["face_not_matched"] });

    const queue = await (await api("/api/checkin-out/review")).json();
    const ids = queue.items.map((i: { record: { id: number } }) => i.record.id);
    expect(ids).toEqual(expect.arrayContaining([first, second]));
    expect(queue.items[0].employee).toHaveProperty("face_url");

    const accepted = await api(`/api/checkin-out/${first}/review`, { method: "POST", json: { decision: "accept", note: "ตรวจแล้ว" } });
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).record).toMatchObject({ review_status: "accepted", review_note: "ตรวจแล้ว" });
    const again = await api(`/api/checkin-out/${first}/review`, { method: "POST", json: { decision: "reject" } });
    expect(again.status).toBe(409);

    const rejected = await api(`/api/checkin-out/${second}/review`, { method: "POST", json: { decision: "reject", note: "ไม่ใช่คนเดียวกัน" } });
    expect(rejected.status).toBe(200);
    const daily = await (await api(`/api/checkin-out/daily?date=${DATE}`)).json();
    expect(daily.items.find((i: { employee: { id: number } }) => i.employee.id === b.id).status).toBe("absent");

    const audit = sqlite((db) =>
      db.prepare("select action, entity_id from audit_log where entity = 'attendance' order by id").all(),
    );
    expect(audit).toEqual([
      { action: "accept", entity_id: String(first) },
      { action: "reject", entity_id: String(second) },
    ]);
  });

  test("review: 400 for a bad decision, 404 for a missing record", async () => {
    const bad = await api("/api/checkin-out/1/review", { method: "POST", json: { decision: "maybe" } });
    expect(bad.status).toBe(400);
    const missing = await api("/api/checkin-out/999999/review", { method: "POST", json: { decision: "accept" } });
    expect(missing.status).toBe(404);
    expect((await api("/api/checkin-out/review?status=none")).status).toBe(400);
  });

  test("checked: ticks and unticks, 400 for a bad value, 404 for a missing record", async () => {
    const e = await employee("ติ๊ก");
    const id = insertRecord(e.id);
    const on = await api(`/api/checkin-out/${id}/checked`, { method: "POST", json: { checked: 1 } });
    expect(on.status).toBe(200);
    expect((await on.json()).record.checked).toBe(1);
    const off = await api(`/api/checkin-out/${id}/checked`, { method: "POST", json: { checked: 0 } });
    expect((await off.json()).record.checked).toBe(0);
    expect((await api(`/api/checkin-out/${id}/checked`, { method: "POST", json: { checked: "maybe" } })).status).toBe(400);
    expect((await api("/api/checkin-out/999999/checked", { method: "POST", json: { checked: 1 } })).status).toBe(404);
  });
});

describe("the /admin/checkin-out page", () => {
  const data = (search: string) => api(`/admin/checkin-out?${search}&_data=routes%2Fadmin.checkin-out`);
  const pagePost = (fields: Record<string, string>) =>
    api("/admin/checkin-out?_data=routes%2Fadmin.checkin-out", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  test("renders the daily tab by default and the review tab on ?tab=review", async () => {
    const html = await api(`/admin/checkin-out?date=${DATE}`);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain("รายวัน");
    const daily = await (await data(`date=${DATE}`)).json();
    expect(daily.tab).toBe("daily");
    expect(daily.daily.date).toBe(DATE);
    expect(daily.review).toBeNull();
    const review = await (await data("tab=review")).json();
    expect(review.tab).toBe("review");
    expect(review.review.status).toBe("pending");
    // A hand-edited bad date shows today rather than an error page.
    expect((await data("date=2026-99-99")).status).toBe(200);
  });

  test("the daily list is rendered once, as the table or the cards the browser hinted at, and as both without a hint", async () => {
    await employee("เลย์เอาต์");
    const rendered = async (headers: Record<string, string>) => {
      const html = await (await api(`/admin/checkin-out?date=${DATE}`, { headers })).text();
      return { table: html.includes('data-testid="daily-row"'), cards: html.includes('data-testid="daily-cards"') };
    };
    const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    expect(await rendered({ "user-agent": desktop, "sec-ch-ua-mobile": "?0" })).toEqual({ table: true, cards: false });
    expect(await rendered({ "user-agent": "Mozilla/5.0 (iPhone) Mobile/15E148 Line/14.9.0" })).toEqual({ table: false, cards: true });
    expect(await rendered({ "user-agent": "curl/8.5.0" })).toEqual({ table: true, cards: true });
  });

  test("the checked and review intents run the same model rules", async () => {
    const e = await employee("หน้าเว็บ");
    const id = insertRecord(e.id, { review: "pending", flags: ["clock_drift"] });
    const ticked = await pagePost({ intent: "checked", id: String(id), checked: "true" });
    expect(await ticked.json()).toEqual({ ok: true, intent: "checked", message: "ทำเครื่องหมายตรวจแล้ว" });
    const accepted = await pagePost({ intent: "review", id: String(id), decision: "accept", note: "" });
    expect(await accepted.json()).toEqual({ ok: true, intent: "review", message: "ยอมรับการลงเวลาแล้ว" });
    const twice = await pagePost({ intent: "review", id: String(id), decision: "reject", note: "" });
    expect(twice.status).toBe(409);
    expect((await twice.json()).ok).toBe(false);
    const bad = await pagePost({ intent: "review", id: String(id), decision: "maybe" });
    expect(bad.status).toBe(400);
  });
});
