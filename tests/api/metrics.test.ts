// GET /metrics and the request logs against the built server (ADR 054): what an operator scrapes
// after real requests, who may scrape it, and that a request's id joins its answer, its log lines
// and the reference an error page shows.
import path from "node:path";
import Database from "better-sqlite3";
import { linkedEmployee } from "../fixtures/employees";
import { blankImage } from "../fixtures/faces";
import { lineEnv, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { logLines } from "../fixtures/log-lines";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "metrics-admin", password: "metrics-admin-password" };
const ADMIN_ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
const TOKEN = "metrics-token-0123456789abcdef";

/** The families the issue names; a module that adds one (the replica's lag) adds its name here. */
const FAMILIES: [name: string, type: string][] = [
  ["tn_http_requests_total", "counter"],
  ["tn_http_request_duration_seconds", "histogram"],
  ["nodejs_eventloop_lag_seconds", "gauge"],
  ["nodejs_heap_size_used_bytes", "gauge"],
  ["process_resident_memory_bytes", "gauge"],
  ["tn_sqlite_write_wait_seconds", "histogram"],
  ["tn_sqlite_busy_total", "counter"],
  ["tn_face_queue_length", "gauge"],
  ["tn_face_job_duration_seconds", "histogram"],
  ["tn_face_worker_restarts_total", "counter"],
  ["tn_line_push_total", "counter"],
  ["tn_line_retries_total", "counter"],
  ["tn_job_runs_total", "counter"],
  ["tn_replication_enabled", "gauge"],
  ["tn_replication_up", "gauge"],
  ["tn_replication_lag_seconds", "gauge"],
];

type Sample = { name: string; labels: Record<string, string>; value: number };
type Scrape = { types: Map<string, string>; samples: Sample[] };

/** Prometheus text format 0.0.4: `# TYPE` lines and `name{label="value",…} number` samples. */
function parseScrape(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1], type[2]);
    if (!line || line.startsWith("#")) continue;
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (sample[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name] = value;
    samples.push({ name: sample[1], labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

/** The sum of the samples of `name` whose labels include `labels`. */
function total(scrape: Scrape, name: string, labels: Record<string, string> = {}) {
  return scrape.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

const linesOf = (server: RunningServer, requestId: string) => logLines(server.logs()).filter((l) => l.req_id === requestId);

/** Holds SQLite's write lock from outside the server for `ms` while `during` runs. */
async function holdingWriteLock<T>(server: RunningServer, ms: number, during: () => Promise<T>): Promise<T> {
  const sqlite = new Database(path.join(server.dataDir, "tn.sqlite"));
  sqlite.prepare("BEGIN IMMEDIATE").run();
  const release = setTimeout(() => sqlite.prepare("ROLLBACK").run(), ms);
  try {
    return await during();
  } finally {
    clearTimeout(release);
    if (sqlite.inTransaction) sqlite.prepare("ROLLBACK").run();
    sqlite.close();
  }
}

describe("a server without METRICS_TOKEN", { timeout: 120_000 }, () => {
  let server: RunningServer;
  let cookie: string;
  const api = apiClient(() => server, () => cookie);
  const scrape = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.baseUrl}/metrics`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8/);
    return parseScrape(await response.text());
  };
  const newEmployee = (code: string) => api("/api/employee", { method: "POST", json: { code, title: 1, first_name: "วัด", last_name: "ค่า" } });

  beforeAll(async () => {
    server = await startServer(ADMIN_ENV);
    cookie = await adminCookie(server, ADMIN);
  }, 60_000);
  afterAll(() => server?.stop());

  test("after a page, API calls with an id in the path, a 404, writes and a selfie, every family is there, labelled by route pattern", async () => {
    expect((await fetch(`${server.baseUrl}/login`)).status).toBe(200);
    const created = await newEmployee("MET-1");
    expect(created.status).toBe(201);
    const { id } = (await created.json()).employee as { id: number };
    expect((await api(`/api/employee/${id}`)).status).toBe(200);
    expect((await api("/api/employee/999999")).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/no/such/page/123`)).status).toBe(404);
    // The face engine: a registration photo with no face is read by the worker, then refused.
    const employee = await linkedEmployee(server, cookie, { code: "MET-FACE", demoUser: "Udemo0007" });
    const form = new FormData();
    form.set("photo", new File([new Uint8Array(await blankImage())], "face.jpg", { type: "image/jpeg" }));
    form.set("consent", "1");
    const face = await fetch(`${server.baseUrl}/api/emp/face`, { method: "POST", body: form, headers: { Cookie: employee.cookie } });
    expect(face.status).toBe(422);

    const metrics = await scrape();
    for (const [name, type] of FAMILIES) expect(metrics.types.get(name), name).toBe(type);
    const byRoute = (route: string, status: string) => total(metrics, "tn_http_requests_total", { route, status });
    expect(byRoute("/api/employee/:id", "200")).toBe(1);
    expect(byRoute("/api/employee/:id", "404")).toBe(1);
    expect(byRoute("/api/employee", "201")).toBeGreaterThanOrEqual(2);
    expect(byRoute("/login", "200")).toBe(1);
    expect(byRoute("/*", "404")).toBe(1);
    expect(byRoute("/api/emp/face", "422")).toBe(1);
    expect(total(metrics, "tn_http_request_duration_seconds_count", { method: "GET", route: "/api/employee/:id", status: "200" })).toBe(1);
    // No raw path, id or query string is ever a label value.
    const routes = new Set(metrics.samples.filter((s) => s.name === "tn_http_requests_total").map((s) => s.labels.route));
    for (const route of routes) expect(route, route).not.toMatch(/\/\d+(\/|$)|\?/);

    expect(total(metrics, "process_resident_memory_bytes")).toBeGreaterThan(50 * 1024 * 1024);
    expect(total(metrics, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(metrics.samples.some((s) => s.name === "nodejs_eventloop_lag_seconds")).toBe(true);
    expect(total(metrics, "tn_sqlite_write_wait_seconds_count")).toBeGreaterThan(0);
    expect(total(metrics, "tn_face_job_duration_seconds_count", { kind: "descriptor", outcome: "ok" })).toBe(1);
    expect(total(metrics, "tn_face_queue_length")).toBe(0);
    for (const outcome of ["sent", "failed", "pending"]) expect(metrics.samples.some((s) => s.name === "tn_line_push_total" && s.labels.outcome === outcome)).toBe(true);
    expect(metrics.samples.some((s) => s.name === "tn_job_runs_total" && s.labels.job === "nightly_backup" && s.labels.outcome === "failed")).toBe(true);
  });

  test("a write that waits for SQLite's lock is measured; one that waits past busy_timeout is counted, and its warning carries its request's id", async () => {
    const before = await scrape();
    const slowBefore = total(before, "tn_sqlite_write_wait_seconds_count") - total(before, "tn_sqlite_write_wait_seconds_bucket", { le: "0.1" });
    const waited = await holdingWriteLock(server, 400, () => newEmployee("MET-WAIT"));
    expect(waited.status).toBe(201);
    const after = await scrape();
    const slowAfter = total(after, "tn_sqlite_write_wait_seconds_count") - total(after, "tn_sqlite_write_wait_seconds_bucket", { le: "0.1" });
    expect(slowAfter).toBe(slowBefore + 1);

    const refused = await holdingWriteLock(server, 60_000, () => newEmployee("MET-BUSY"));
    expect(refused.status).toBe(503);
    expect(total(await scrape(), "tn_sqlite_busy_total")).toBe(total(before, "tn_sqlite_busy_total") + 1);
    const id = refused.headers.get("x-request-id")!;
    expect(linesOf(server, id)).toEqual([
      expect.objectContaining({ level: "warn", msg: expect.stringMatching(/^storage failure \(SQLITE_BUSY\) on POST \/api\/employee/) }),
      expect.objectContaining({ level: "info", msg: "request", method: "POST", route: "/api/employee", status: 503 }),
    ]);
  });

  test("only this machine, through no proxy, may read it: a forwarded request is refused", async () => {
    const forwarded: Record<string, string>[] = [{ "X-Forwarded-For": "203.0.113.7" }, { Forwarded: "for=203.0.113.7" }];
    for (const headers of forwarded) {
      const refused = await fetch(`${server.baseUrl}/metrics`, { headers });
      expect(refused.status).toBe(403);
      const text = await refused.text();
      expect(text).toMatch(/ไม่มีสิทธิ์อ่านค่าวัดของระบบ/);
      expect(text).not.toMatch(/tn_http_requests_total/);
    }
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(200);
  });

  test("every line is JSON; a request's id comes from a plain X-Request-Id or is made, is answered back and is on its access line", async () => {
    const given = await fetch(`${server.baseUrl}/api/user-auth`, { headers: { "X-Request-Id": "support-ticket-4711" } });
    expect(given.headers.get("x-request-id")).toBe("support-ticket-4711");
    const made = await fetch(`${server.baseUrl}/api/user-auth`, { headers: { "X-Request-Id": "not an id" } });
    const id = made.headers.get("x-request-id")!;
    expect(id).toMatch(/^[a-z2-7]{12}$/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const [requestId, status] of [["support-ticket-4711", 401], [id, 401]] as const) {
      expect(linesOf(server, requestId)).toEqual([{ level: "info", time: expect.any(String), req_id: requestId, method: "GET", route: "/api/user-auth", status, ms: expect.any(Number), msg: "request" }]);
    }
    const lines = logLines(server.logs());
    expect(lines.find((l) => /listening on/.test(l.msg))).toMatchObject({ level: "info" });
    expect(server.logs()).not.toMatch(/tn_admin=|tn_emp=/);
  });

  describe("a loader that crashes (a reply whose stored messages are not JSON)", () => {
    let replyId: number;
    beforeAll(() => {
      const sqlite = new Database(path.join(server.dataDir, "tn.sqlite"));
      try {
        replyId = Number(sqlite.prepare("insert into reply_messages (keyword, messages) values ('พัง', '{not json') returning id").pluck().get());
      } finally {
        sqlite.close();
      }
    });
    afterAll(() => {
      const sqlite = new Database(path.join(server.dataDir, "tn.sqlite"));
      sqlite.prepare("delete from reply_messages where id = ?").run(replyId);
      sqlite.close();
    });

    /** The error line of the request: one line, the error with its stack, the request's id. */
    const errorLineOf = (id: string) => {
      const errors = linesOf(server, id).filter((l) => l.level === "error");
      expect(errors).toHaveLength(1);
      expect(errors[0].err).toMatchObject({ type: "SyntaxError", stack: expect.stringContaining("\n    at ") });
      return errors[0];
    };

    test("the API answers 500 in Thai with the request's id as its reference, which finds the error in the log", async () => {
      const response = await api(`/api/message/${replyId}`);
      expect(response.status).toBe(500);
      const id = response.headers.get("x-request-id")!;
      const body = (await response.json()) as { error: string; reference: string };
      expect(body).toEqual({ error: `ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง (รหัสอ้างอิง: ${id})`, reference: id });
      expect(errorLineOf(id).msg).toBe(`unexpected error on GET /api/message/${replyId}`);
    });

    test("the page shows the request's id as its reference; a data request's error carries its own", async () => {
      const page = await api("/admin/line-reply");
      expect(page.status).toBe(500);
      const pageId = page.headers.get("x-request-id")!;
      const html = await page.text();
      expect(html).toMatch(new RegExp(`รหัสอ้างอิง: (<!-- -->)?${pageId}<`));
      errorLineOf(pageId);

      const data = await api(`/admin/line-reply?_data=${encodeURIComponent("routes/admin.line-reply")}`);
      expect(data.status).toBe(500);
      expect(data.headers.get("x-remix-error")).toBe("yes");
      const dataId = data.headers.get("x-request-id")!;
      expect(dataId).not.toBe(pageId);
      expect(await data.json()).toEqual({ message: `Unexpected Server Error (ref ${dataId})` });
      errorLineOf(dataId);
    });
  });
});

describe("a server with METRICS_TOKEN", { timeout: 60_000 }, () => {
  let fake: FakeLine;
  let server: RunningServer;
  let cookie: string;
  const api = apiClient(() => server, () => cookie);

  beforeAll(async () => {
    fake = await startFakeLine();
    server = await startServer(lineEnv(fake, { ...ADMIN_ENV, METRICS_TOKEN: TOKEN }));
    cookie = await adminCookie(server, ADMIN);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test("only the bearer token opens it, from this machine too", async () => {
    const ask = (headers: Record<string, string> = {}) => fetch(`${server.baseUrl}/metrics`, { headers });
    expect((await ask()).status).toBe(403);
    expect((await ask({ Authorization: `Bearer ${TOKEN}x` })).status).toBe(403);
    expect((await ask({ Authorization: TOKEN })).status).toBe(403);
    const open = await ask({ Authorization: `Bearer ${TOKEN}` });
    expect(open.status).toBe(200);
    expect(await open.text()).toContain("# TYPE tn_http_requests_total counter");
  });

  test("LINE pushes are counted by outcome, and the attempts made again", async () => {
    const created = await api("/api/employee", { method: "POST", json: { code: "MET-LINE", title: 1, first_name: "ไลน์", last_name: "นับ" } });
    const { id } = (await created.json()).employee as { id: number };
    const sqlite = new Database(path.join(server.dataDir, "tn.sqlite"));
    sqlite.prepare("update employees set line_user_id = ? where id = ?").run(`U${"b".repeat(32)}`, id);
    sqlite.close();

    fake.pushPlan = [500];
    expect((await api("/api/line/push-one", { method: "POST", json: { employee_id: id, text: "ส่งซ้ำแล้วได้" } })).status).toBe(200);
    fake.pushPlan = [400];
    expect((await api("/api/line/push-one", { method: "POST", json: { employee_id: id, text: "LINE ไม่รับ" } })).status).toBe(502);

    const metrics = parseScrape(await (await fetch(`${server.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text());
    expect(total(metrics, "tn_line_push_total", { outcome: "sent" })).toBe(1);
    expect(total(metrics, "tn_line_push_total", { outcome: "failed" })).toBe(1);
    expect(total(metrics, "tn_line_retries_total")).toBe(1);
    expect(total(metrics, "tn_http_requests_total", { route: "/api/line/push-one", status: "502" })).toBe(1);
  });
});
