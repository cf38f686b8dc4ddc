// Hostile input over every write route (/api and page actions), against the built server: each
// bad request answers 4xx with a Thai message, never 5xx, and leaves the database (uploads
// included) exactly as it was. What other files already prove is not repeated here:
// edge.test.ts (body caps, chunked bodies, redirects, methods, Host and targets no route could
// answer), slow-bodies.test.ts (slow bodies, upload turns), throttle.test.ts (sign-in throttling),
// uploads.test.ts (GET /uploads auth, folders, raw dot-dot paths), line-webhook.test.ts
// (signatures, redelivered webhookEventId), emp-auth.test.ts (unknown/wrong-audience tokens,
// link tries), app/lib/image.server.test.ts (decoding a real decompression bomb),
// api-routes.test.ts (405s and bad list queries).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import { UPLOAD_MESSAGES } from "~/lib/uploads-shared";
import { API_ROUTE, type ApiRouteFunction } from "~/http/api-route.server";
import { lineEnv, signWebhook, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { HTML_PAGE, makeJpeg, truncatedJpeg } from "../fixtures/images";
import { adminCookie, cookieFrom, startServer, type RunningServer } from "../fixtures/server";

const THAI = /[\u0E00-\u0E7F]/;
const ADMIN = { username: "hostile-admin", password: "hostile-admin-password-1" };
const SECRET = "test-channel-secret"; // lineEnv's
const MB = 1024 * 1024;

let fake: FakeLine;
let server: RunningServer;
let admin: string;

// ---------------------------------------------------------------------------------------------
// The database before and after

/**
 * Rows that change on requests which change nothing, so they are left out of the comparison:
 * - login_attempts: a refused sign-in or LINE link try is counted on purpose (ADR 015);
 * - admin_sessions.last_seen_at: the guard stamps it on any request, at most once a minute;
 * - kiosks.last_seen_at: the same for a kiosk's device cookie;
 * - job_runs: the scheduler writes its runs by the clock, not because of a request.
 */
const SKIPPED_TABLES = new Set(["login_attempts", "job_runs"]);
const SKIPPED_COLUMNS: Record<string, string[]> = { admin_sessions: ["last_seen_at"], kiosks: ["last_seen_at"] };

class DbWatch {
  private db: Database.Database;
  private version = -1;
  private hashes: Record<string, string> = {};

  constructor(private dataDir: string) {
    this.db = new Database(path.join(dataDir, "tn.sqlite"), { readonly: true, fileMustExist: true });
  }

  /** Changes committed by the server since this connection last looked move data_version. */
  private dataVersion() {
    return this.db.pragma("data_version", { simple: true }) as number;
  }

  /** One hash per table (its rows in rowid/primary-key order, blobs as bytes), and the data folder's file names. */
  snapshot(): Record<string, string> {
    const out: Record<string, string> = {};
    const tables = this.db
      .prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as { name: string; sql: string }[];
    for (const { name, sql } of tables) {
      if (SKIPPED_TABLES.has(name) || name.startsWith("__drizzle")) continue;
      const columns = (this.db.prepare(`select name from pragma_table_info(?)`).all(name) as { name: string }[])
        .map((c) => c.name)
        .filter((c) => !SKIPPED_COLUMNS[name]?.includes(c));
      const virtual = /create virtual table/i.test(sql);
      const order = /without rowid/i.test(sql) || virtual ? columns.map((_, i) => i + 1).join(", ") : "rowid";
      const hash = crypto.createHash("sha256");
      const rows = this.db
        .prepare(`select ${columns.map((c) => `"${c}"`).join(", ")} from "${name}" order by ${order}`)
        .raw()
        .iterate() as IterableIterator<unknown[]>;
      for (const row of rows) {
        for (const value of row) {
          if (Buffer.isBuffer(value)) hash.update("b").update(value);
          else hash.update(JSON.stringify(value) ?? "null");
          hash.update("\u0001");
        }
        hash.update("\u0002");
      }
      out[name] = hash.digest("hex");
    }
    out["(data folder)"] = fs
      .readdirSync(this.dataDir, { recursive: true })
      .map(String)
      .filter((f) => !/^tn\.sqlite(-wal|-shm|-journal)?$/.test(f) && !f.startsWith("backups"))
      .sort()
      .join("\n");
    return out;
  }

  /** Remembers the current state (recomputed only when something was committed since). */
  mark() {
    const version = this.dataVersion();
    if (version !== this.version) {
      this.hashes = this.snapshot();
      this.version = version;
    }
  }

  /** The tables whose rows differ from the last mark. */
  changedSinceMark(): string[] {
    const version = this.dataVersion();
    if (version === this.version) return [];
    const now = this.snapshot();
    const changed = Object.keys({ ...now, ...this.hashes }).filter((t) => now[t] !== this.hashes[t]);
    this.hashes = now;
    this.version = version;
    return changed;
  }

  close() {
    this.db.close();
  }
}

let watch: DbWatch;

type Answer = { status: number; text: string; contentType: string };

async function answerOf(response: Response): Promise<Answer> {
  return { status: response.status, text: await response.text(), contentType: response.headers.get("content-type") ?? "" };
}

/** The Thai error of an answer: `error` of a JSON body, or the text of an HTML page. */
function errorText({ text, contentType }: Answer) {
  if (contentType.includes("json")) {
    try {
      const body = JSON.parse(text) as { error?: unknown; fields?: Record<string, unknown> };
      // The password form answers with its fields' messages only.
      return String(body.error ?? Object.values(body.fields ?? {}).join(" "));
    } catch {
      return "";
    }
  }
  return text;
}

/**
 * Sends one hostile request and checks the answer is a 4xx with a Thai error and the database
 * is as it was.
 */
async function refused(label: string, send: () => Promise<Response>, allowed: number[] = []): Promise<Answer> {
  watch.mark();
  const answer = await answerOf(await send());
  const changed = watch.changedSinceMark();
  const detail = `${label} → ${answer.status} ${answer.text.slice(0, 300)}`;
  if (!allowed.includes(answer.status)) {
    expect(answer.status, detail).toBeGreaterThanOrEqual(400);
    expect(answer.status, detail).toBeLessThan(500);
    expect(errorText(answer), detail).toMatch(THAI);
  }
  expect(changed, `${detail}: changed ${changed.join(", ")}`).toEqual([]);
  return answer;
}

// ---------------------------------------------------------------------------------------------
// Requests

type Who = "admin" | "employee" | "line" | "kiosk" | "none";
const cookies: Record<Who, () => string> = {
  admin: () => admin,
  employee: () => fx.empCookie,
  line: () => fx.lineCookie,
  kiosk: () => fx.kioskCookie,
  none: () => "",
};

function send(method: string, p: string, who: Who, body?: BodyInit, headers: Record<string, string> = {}) {
  const h: Record<string, string> = { ...headers };
  if (cookies[who]()) h.Cookie = cookies[who]();
  return fetch(`${server.baseUrl}${p}`, { method, headers: h, body, redirect: "manual", duplex: "half" } as RequestInit);
}

const sendJson = (method: string, p: string, who: Who, value: unknown, headers: Record<string, string> = {}) =>
  send(method, p, who, JSON.stringify(value), { "content-type": "application/json", ...headers });

/** A request whose path goes out exactly as written (fetch would normalise `..` away). */
function rawRequest(rawPath: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise<Response>((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method: "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") h.set(k, v);
        resolve(new Response(res.statusCode === 304 ? null : Buffer.concat(chunks), { status: res.statusCode, headers: h }));
      });
    });
    req.on("error", reject);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------
// Fixtures: real rows for the routes to act on, so a hostile request that slipped through would
// have something to change.

const fx = {
  empCookie: "",
  lineCookie: "",
  employeeId: 0,
  otherEmployeeId: 0,
  otherAdminId: 0,
  machineId: 0,
  replyId: 0,
  groupId: 0,
  petitionId: 0,
  recordId: 0,
  correctionId: 0,
  overtimeId: 0,
  scheduleId: 0,
  kioskId: 0,
  kioskCookie: "",
  holiday: "",
  year: 0,
  sessionKey: "x",
};

/** The Bangkok date `days` from today (overtime is asked within a few weeks of it). */
const soon = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function ok(response: Response, what: string) {
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, { id: number } & Record<string, unknown>>;
}

async function lineUser(sub: string) {
  const token = `hostile-token-${sub}`;
  fake.tokens.set(token, { sub, aud: "1234567890", name: sub });
  const response = await sendJson("POST", "/api/emp/authen", "none", { idToken: token });
  const cookie = cookieFrom(response, "tn_emp");
  if (!cookie) throw new Error(`authen ${sub}: ${response.status}`);
  return cookie;
}

async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

beforeAll(async () => {
  fake = await startFakeLine();
  server = await startServer(lineEnv(fake, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }));
  admin = await adminCookie(server, ADMIN);
  const year = Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok", year: "numeric" }).format(new Date()));
  fx.year = year;

  fx.employeeId = (await ok(await sendJson("POST", "/api/employee", "admin", { code: "HOST1", title: 1, first_name: "สมชาย", last_name: "ใจดี" }), "employee")).employee.id;
  fx.otherEmployeeId = (await ok(await sendJson("POST", "/api/employee", "admin", { code: "HOST2", title: 2, first_name: "สมศรี", last_name: "ใจงาม" }), "employee 2")).employee.id;
  const { code } = await ok(await send("POST", `/api/employee/${fx.employeeId}/verify-code`, "admin"), "verify code");
  fx.empCookie = await lineUser("Uhostile000000000000000000000001");
  await ok(await sendJson("POST", "/api/emp/verify", "employee", { employee_code: "HOST1", verify_code: code }), "link");
  fx.lineCookie = await lineUser("Uhostile000000000000000000000002");

  // An office, so that a check-in gets as far as its photo.
  await ok(await sendJson("PUT", "/api/settings", "admin", { offices: [{ name: "สำนักงาน", lat: 13.75, lng: 100.5, radius_m: 500 }] }), "office");
  fx.otherAdminId = (await ok(await sendJson("POST", "/api/admin-user", "admin", { username: "hostile-second" }), "admin user")).admin.id;
  fx.machineId = (await ok(await sendJson("POST", "/api/machine", "admin", { code: "HM-1", name: "ตู้ทดสอบ", type: 1 }), "machine")).machine.id;
  await ok(await sendJson("POST", "/api/machine/map", "admin", { machine_id: fx.machineId, employee_id: fx.employeeId }), "map");
  fx.replyId = (await ok(await sendJson("POST", "/api/message", "admin", { keyword: "สวัสดี", messages: [{ type: "text", text: "ดีครับ" }] }), "reply")).message.id;
  fx.holiday = `${year}-12-29`;
  await ok(await sendJson("POST", "/api/holiday", "admin", { date: fx.holiday, name: "วันหยุดบริษัท" }), "holiday");
  fx.petitionId = (await ok(await sendJson("POST", "/api/emp/leave/petition", "employee", { type: 1, start_date: `${year}-12-22`, end_date: `${year}-12-22`, half: "full", reason: "ธุระ" }), "petition")).petition.id;
  fx.recordId = (await ok(await sendJson("POST", "/api/checkin-out/correct", "admin", { employee_id: fx.otherEmployeeId, work_date: `${year}-11-02`, checkin_at: "08:00", note: "แก้" }), "record")).record.id;
  await ok(await sendJson("POST", "/api/checkin-out/correct", "admin", { employee_id: fx.employeeId, work_date: `${year}-11-03`, checkin_at: "08:00", note: "แก้" }), "record 2");
  fx.correctionId = (await ok(await sendJson("POST", "/api/emp/checkin-out/correction", "employee", { work_date: `${year}-11-03`, checkout_at: "17:00", reason: "ลืม" }), "correction")).correction.id;

  fx.overtimeId = (await ok(await sendJson("POST", "/api/emp/overtime", "employee", { date: soon(5), start: "17:30", end: "20:00", reason: "ปิดงบ" }), "overtime")).overtime.id;

  fx.scheduleId = (await ok(await sendJson("POST", "/api/schedule", "admin", { name: "กะทดสอบ", days: [{ weekday: 1, start: "22:00", end: "06:00" }] }), "schedule")).schedule.id;

  // A paired office kiosk, and a PIN for HOST1 at it (ADR 050).
  const pairing = await ok(await sendJson("POST", "/api/office/kiosk-pairing", "admin", { office: "สำนักงาน" }), "kiosk pairing");
  const paired = await sendJson("POST", "/api/kiosk/pair", "none", { code: pairing.code });
  fx.kioskCookie = cookieFrom(paired, "tn_kiosk") ?? "";
  fx.kioskId = (await ok(paired, "kiosk")).kiosk.id;
  await ok(await sendJson("POST", `/api/employee/${fx.employeeId}/pin`, "admin", { pin: "2580" }), "kiosk pin");

  fake.groups.set("Chostile0001", { groupName: "กลุ่มทดสอบ" });
  const join = JSON.stringify({ destination: "Ubot", events: [{ type: "join", mode: "active", timestamp: Date.now(), webhookEventId: "01HHOSTILEJOIN000000000001", deliveryContext: { isRedelivery: false }, source: { type: "group", groupId: "Chostile0001" }, replyToken: "rt-join" }] });
  await ok(await send("POST", "/api/line/webhook", "none", join, { "content-type": "application/json", "x-line-signature": signWebhook(join, SECRET) }), "join");
  fx.groupId = await eventually(async () => {
    const { items } = await ok(await send("GET", "/api/line-group", "admin"), "groups");
    const group = (items as unknown as { id: number; group_id: string }[]).find((g) => g.group_id === "Chostile0001");
    if (!group) throw new Error("group not joined yet");
    return group.id;
  });

  // The scheduler's catch-up at start (holidays, backups) must be over before the comparisons.
  await eventually(async () => {
    const db = new Database(path.join(server.dataDir, "tn.sqlite"), { readonly: true });
    try {
      const running = (db.prepare("select count(*) as n from job_runs where status = 'running'").get() as { n: number }).n;
      if (running > 0) throw new Error("jobs still running");
    } finally {
      db.close();
    }
  }, 20_000);
  watch = new DbWatch(server.dataDir);
}, 120_000);

afterAll(async () => {
  watch?.close();
  await server?.stop();
  await fake?.close();
});

// ---------------------------------------------------------------------------------------------
// The write routes

type Kind = "json" | "multipart" | "none";
type Write = {
  who: Who;
  path: () => string;
  /** How the route reads its body; "none": it reads none (only the path can be hostile). */
  kind: Kind;
  /** A body the route would accept: every hostile variant below is one field of it spoiled. */
  valid?: () => Record<string, unknown>;
  /** Free-text fields of `valid`. */
  text?: string[];
  /** The route's path with its id spoiled, when it has one. */
  badPaths?: string[];
  /** The image field, for upload routes. */
  image?: string;
  /** Every field is optional and the route acts without one (a test message, a cancel without a note). */
  emptyOk?: boolean;
};

const idPaths = (make: (id: string) => string) => ["abc", "0", "-1", "1e0", "1.5", "99999999999999999999", "%00", "1%2F..%2F2", "0x1"].map(make);

/**
 * Every write method of every /api route. The test "every write route has an entry" fails when
 * a route file gains a write method that is not listed here.
 */
const WRITES: Record<string, Write> = {
  "PATCH api.admin-user.$id.ts": {
    who: "admin",
    path: () => `/api/admin-user/${fx.otherAdminId}`,
    kind: "json",
    valid: () => ({ full_name: "ผู้ดูแลสอง", active: 1 }),
    text: ["full_name"],
    badPaths: idPaths((id) => `/api/admin-user/${id}`),
  },
  "POST api.admin-user.ts": { who: "admin", path: () => "/api/admin-user", kind: "json", valid: () => ({ username: "hostile-third", full_name: "ผู้ดูแลสาม" }), text: ["username", "full_name"] },
  "POST api.admin.line-code.ts": { who: "admin", path: () => "/api/admin/line-code", kind: "none" },
  "DELETE api.admin.line-link.ts": { who: "admin", path: () => "/api/admin/line-link", kind: "none" },
  "DELETE api.admin.session.$key.ts": {
    who: "admin",
    path: () => `/api/admin/session/${fx.sessionKey}`,
    kind: "none",
    badPaths: ["%00", "..%2F..%2Fetc", "x".repeat(2000), "%E0%B8", "'%20or%201=1--"].map((k) => `/api/admin/session/${k}`),
  },
  "DELETE api.admin.session.ts": { who: "admin", path: () => "/api/admin/session", kind: "none" },
  "POST api.auth.login.ts": { who: "none", path: () => "/api/auth/login", kind: "json", valid: () => ({ username: "nobody-here", password: "wrong-password-1" }), text: ["username", "password"] },
  "POST api.auth.logout.ts": { who: "none", path: () => "/api/auth/logout", kind: "none" },
  "POST api.checkin-out.$id.checked.ts": {
    who: "admin",
    path: () => `/api/checkin-out/${fx.recordId}/checked`,
    kind: "json",
    valid: () => ({ checked: true }),
    badPaths: idPaths((id) => `/api/checkin-out/${id}/checked`),
  },
  "POST api.checkin-out.$id.review.ts": {
    who: "admin",
    path: () => `/api/checkin-out/${fx.recordId}/review`,
    kind: "json",
    valid: () => ({ decision: "accept", note: "ตรวจแล้ว" }),
    text: ["note"],
    badPaths: idPaths((id) => `/api/checkin-out/${id}/review`),
  },
  "POST api.checkin-out.correct.ts": {
    who: "admin",
    path: () => "/api/checkin-out/correct",
    kind: "json",
    valid: () => ({ employee_id: fx.otherEmployeeId, work_date: `${fx.year}-11-04`, checkin_at: "08:00", checkout_at: "17:00", note: "แก้เวลา" }),
    text: ["note"],
  },
  "POST api.checkin-out.corrections.$id.decision.ts": {
    who: "admin",
    path: () => `/api/checkin-out/corrections/${fx.correctionId}/decision`,
    kind: "json",
    valid: () => ({ decision: "approve", note: "ตรวจแล้ว" }),
    text: ["note"],
    badPaths: idPaths((id) => `/api/checkin-out/corrections/${id}/decision`),
  },
  "POST api.emp.authen.ts": { who: "none", path: () => "/api/emp/authen", kind: "json", valid: () => ({ idToken: "hostile-token-Uhostile000000000000000000000001" }), text: ["idToken"] },
  "POST api.emp.checkin-out.correction.ts": {
    who: "employee",
    path: () => "/api/emp/checkin-out/correction",
    kind: "json",
    valid: () => ({ work_date: `${fx.year}-11-03`, checkin_at: "08:10", reason: "ลืมลงเวลา" }),
    text: ["reason"],
  },
  "POST api.emp.checkin-out.ts": {
    who: "employee",
    path: () => "/api/emp/checkin-out",
    kind: "multipart",
    valid: () => ({ type: "in", lat: 13.75, lng: 100.5, accuracy: 10, position_at: Date.now(), client_time: Date.now() }),
    image: "photo",
  },
  "POST api.emp.face.ts": { who: "employee", path: () => "/api/emp/face", kind: "multipart", valid: () => ({ consent: "1" }), image: "photo" },
  "POST api.emp.face.precheck.ts": { who: "employee", path: () => "/api/emp/face/precheck", kind: "multipart", valid: () => ({}), image: "photo" },
  "POST api.emp.leave.petition.$id.cancel.ts": {
    who: "employee",
    path: () => `/api/emp/leave/petition/${fx.petitionId}/cancel`,
    kind: "none",
    badPaths: idPaths((id) => `/api/emp/leave/petition/${id}/cancel`),
  },
  "POST api.emp.leave.petition.ts": {
    who: "employee",
    path: () => "/api/emp/leave/petition",
    kind: "json",
    valid: () => ({ type: 1, start_date: `${fx.year}-12-15`, end_date: `${fx.year}-12-15`, half: "full", reason: "ธุระส่วนตัว", certificate_note: "" }),
    text: ["reason", "certificate_note"],
    image: "attachment",
  },
  "POST api.emp.machine.ts": {
    who: "employee",
    path: () => "/api/emp/machine",
    kind: "json",
    valid: () => ({ machine_id: fx.machineId, status: "normal", note: "เติมของแล้ว", lat: 13.75, lng: 100.5, accuracy: 10 }),
    text: ["note"],
    image: "photo",
  },
  "POST api.emp.overtime.$id.cancel.ts": {
    who: "employee",
    path: () => `/api/emp/overtime/${fx.overtimeId}/cancel`,
    kind: "none",
    badPaths: idPaths((id) => `/api/emp/overtime/${id}/cancel`),
  },
  "POST api.emp.overtime.ts": {
    who: "employee",
    path: () => "/api/emp/overtime",
    kind: "json",
    valid: () => ({ date: soon(6), start: "18:00", end: "19:00", reason: "ทำงานต่อ" }),
    text: ["reason"],
  },
  "POST api.emp.verify.ts": { who: "line", path: () => "/api/emp/verify", kind: "json", valid: () => ({ employee_code: "HOST2", verify_code: "123456" }), text: ["employee_code", "verify_code"] },
  "POST api.employee.$id.face.review.ts": {
    who: "admin",
    path: () => `/api/employee/${fx.employeeId}/face/review`,
    kind: "json",
    valid: () => ({ decision: "confirm", note: "ตรวจแล้ว" }),
    text: ["note"],
    badPaths: idPaths((id) => `/api/employee/${id}/face/review`),
  },
  "DELETE api.employee.$id.face.ts": { who: "admin", path: () => `/api/employee/${fx.employeeId}/face`, kind: "none", badPaths: idPaths((id) => `/api/employee/${id}/face`) },
  "DELETE api.employee.$id.pin.ts": { who: "admin", path: () => `/api/employee/${fx.otherEmployeeId}/pin`, kind: "none", badPaths: idPaths((id) => `/api/employee/${id}/pin`) },
  "POST api.employee.$id.pin.ts": {
    who: "admin",
    path: () => `/api/employee/${fx.otherEmployeeId}/pin`,
    kind: "json",
    valid: () => ({ pin: "2580" }),
    // Without a PIN the server draws one.
    emptyOk: true,
    badPaths: idPaths((id) => `/api/employee/${id}/pin`),
  },
  "POST api.employee.$id.photo.ts": {
    who: "admin",
    path: () => `/api/employee/${fx.employeeId}/photo`,
    kind: "multipart",
    valid: () => ({}),
    image: "photo",
    badPaths: idPaths((id) => `/api/employee/${id}/photo`),
  },
  "POST api.employee.$id.reinstate.ts": { who: "admin", path: () => `/api/employee/${fx.employeeId}/reinstate`, kind: "none", badPaths: idPaths((id) => `/api/employee/${id}/reinstate`) },
  "POST api.employee.$id.resign.ts": {
    who: "admin",
    path: () => `/api/employee/${fx.otherEmployeeId}/resign`,
    kind: "json",
    valid: () => ({ resign_date: `${fx.year}-12-31` }),
    badPaths: idPaths((id) => `/api/employee/${id}/resign`),
  },
  "PATCH api.employee.$id.ts": {
    who: "admin",
    path: () => `/api/employee/${fx.otherEmployeeId}`,
    kind: "json",
    valid: () => ({ first_name: "สมศรีใหม่", last_name: "ใจงาม", nickname: "ศรี", phone: "0812345678", email: "a@example.com", position: "พนักงานขาย", department: "ขาย" }),
    text: ["first_name", "last_name", "nickname", "phone", "email", "position", "department"],
    badPaths: idPaths((id) => `/api/employee/${id}`),
  },
  "PUT api.employee.$id.schedule.ts": {
    who: "admin",
    path: () => `/api/employee/${fx.otherEmployeeId}/schedule`,
    kind: "json",
    valid: () => ({ schedule_id: fx.scheduleId, from: `${fx.year}-12-01` }),
    badPaths: idPaths((id) => `/api/employee/${id}/schedule`),
  },
  "POST api.employee.$id.unlink.ts": { who: "admin", path: () => `/api/employee/${fx.otherEmployeeId}/unlink`, kind: "none", badPaths: idPaths((id) => `/api/employee/${id}/unlink`) },
  "POST api.employee.$id.verify-code.ts": { who: "admin", path: () => `/api/employee/${fx.otherEmployeeId}/verify-code`, kind: "none", badPaths: idPaths((id) => `/api/employee/${id}/verify-code`) },
  "POST api.employee.import.ts": { who: "admin", path: () => "/api/employee/import?mode=all_or_nothing", kind: "none" },
  "POST api.employee.ts": {
    who: "admin",
    path: () => "/api/employee",
    kind: "json",
    valid: () => ({ code: "HOST9", title: 1, first_name: "ใหม่", last_name: "ทดสอบ", nickname: "ใหม่", position: "พนักงานขาย" }),
    text: ["code", "first_name", "last_name", "nickname", "position"],
  },
  "DELETE api.holiday.$date.ts": { who: "admin", path: () => `/api/holiday/${fx.holiday}`, kind: "none", badPaths: ["2026-02-30", "abc", "%00", "..%2F..", "2026-1-1", "99999-01-01"].map((d) => `/api/holiday/${d}`) },
  "PATCH api.holiday.$date.ts": {
    who: "admin",
    path: () => `/api/holiday/${fx.holiday}`,
    kind: "json",
    valid: () => ({ name: "ชื่อใหม่" }),
    text: ["name"],
    badPaths: ["2026-02-30", "abc", "%00", "2026-1-1"].map((d) => `/api/holiday/${d}`),
  },
  "POST api.holiday.seed.ts": { who: "admin", path: () => "/api/holiday/seed", kind: "json", valid: () => ({ year: fx.year }) },
  "DELETE api.holiday.ts": { who: "admin", path: () => "/api/holiday", kind: "json", valid: () => ({ date: fx.holiday }) },
  "POST api.holiday.ts": { who: "admin", path: () => "/api/holiday", kind: "json", valid: () => ({ date: `${fx.year}-12-28`, name: "วันหยุดใหม่" }), text: ["name"] },
  "POST api.leave.approve-result.ts": { who: "admin", path: () => "/api/leave/approve-result", kind: "json", valid: () => ({ id: fx.petitionId, action: "accept", note: "อนุมัติ" }), text: ["note"] },
  "POST api.leave.petition.$id.cancel.ts": {
    who: "admin",
    path: () => `/api/leave/petition/${fx.petitionId}/cancel`,
    kind: "json",
    valid: () => ({ note: "ยกเลิก" }),
    text: ["note"],
    emptyOk: true,
    badPaths: idPaths((id) => `/api/leave/petition/${id}/cancel`),
  },
  "PUT api.leave.quota.ts": { who: "admin", path: () => "/api/leave/quota", kind: "json", valid: () => ({ employee_id: fx.employeeId, year: fx.year, type: 1, quota: 10 }) },
  "PATCH api.leave.types.$id.ts": {
    who: "admin",
    path: () => "/api/leave/types/10",
    kind: "json",
    valid: () => ({ quota_days: 15, active: true }),
    badPaths: idPaths((id) => `/api/leave/types/${id}`),
  },
  "POST api.line-group.$id.refresh.ts": { who: "admin", path: () => `/api/line-group/${fx.groupId}/refresh`, kind: "none", badPaths: idPaths((id) => `/api/line-group/${id}/refresh`) },
  "POST api.line-group.$id.test-message.ts": {
    who: "admin",
    path: () => `/api/line-group/${fx.groupId}/test-message`,
    kind: "json",
    valid: () => ({ text: "ทดสอบ" }),
    text: ["text"],
    emptyOk: true,
    badPaths: idPaths((id) => `/api/line-group/${id}/test-message`),
  },
  "PATCH api.line-group.$id.ts": {
    who: "admin",
    path: () => `/api/line-group/${fx.groupId}`,
    kind: "json",
    valid: () => ({ name: "กลุ่มใหม่", notify_leave: true }),
    text: ["name"],
    badPaths: idPaths((id) => `/api/line-group/${id}`),
  },
  "POST api.line.push-one.ts": { who: "admin", path: () => "/api/line/push-one", kind: "json", valid: () => ({ employee_id: fx.employeeId, text: "สวัสดี" }), text: ["text"] },
  "POST api.line.rich-menu.ts": { who: "admin", path: () => "/api/line/rich-menu", kind: "none" },
  "POST api.line.webhook.ts": { who: "none", path: () => "/api/line/webhook", kind: "none" },
  "PATCH api.machine.$id.ts": {
    who: "admin",
    path: () => `/api/machine/${fx.machineId}`,
    kind: "json",
    valid: () => ({ name: "ตู้ใหม่", address: "ตึก A", note: "หน้าลิฟต์" }),
    text: ["name", "address", "note"],
    image: "photo",
    badPaths: idPaths((id) => `/api/machine/${id}`),
  },
  "POST api.machine.map.ts": { who: "admin", path: () => "/api/machine/map", kind: "json", valid: () => ({ machine_id: fx.machineId, employee_id: fx.otherEmployeeId }) },
  "POST api.machine.ts": {
    who: "admin",
    path: () => "/api/machine",
    kind: "json",
    valid: () => ({ code: "HM-9", name: "ตู้เก้า", type: 1, address: "ตึก B", note: "" }),
    text: ["code", "name", "address", "note"],
    image: "photo",
  },
  "POST api.machine.unmap.ts": { who: "admin", path: () => "/api/machine/unmap", kind: "json", valid: () => ({ machine_id: fx.machineId, employee_id: fx.employeeId }) },
  "DELETE api.message.$id.ts": { who: "admin", path: () => `/api/message/${fx.replyId}`, kind: "none", badPaths: idPaths((id) => `/api/message/${id}`) },
  "PATCH api.message.$id.ts": {
    who: "admin",
    path: () => `/api/message/${fx.replyId}`,
    kind: "json",
    valid: () => ({ keyword: "หวัดดี", messages: [{ type: "text", text: "ครับ" }] }),
    text: ["keyword"],
    badPaths: idPaths((id) => `/api/message/${id}`),
  },
  "POST api.message.sync.ts": { who: "admin", path: () => "/api/message/sync", kind: "none" },
  "POST api.message.ts": { who: "admin", path: () => "/api/message", kind: "json", valid: () => ({ keyword: "ลาก่อน", match: "contains", messages: [{ type: "text", text: "บาย" }] }), text: ["keyword"] },
  "POST api.payroll.close.ts": { who: "admin", path: () => "/api/payroll/close", kind: "json", valid: () => ({ month: `${fx.year - 1}-01` }) },
  "POST api.payroll.reopen.ts": { who: "admin", path: () => "/api/payroll/reopen", kind: "json", valid: () => ({ month: `${fx.year - 1}-01`, reason: "แก้เวลา" }), text: ["reason"] },
  "POST api.overtime.$id.decision.ts": {
    who: "admin",
    path: () => `/api/overtime/${fx.overtimeId}/decision`,
    kind: "json",
    valid: () => ({ decision: "approve", note: "ตรวจแล้ว" }),
    text: ["note"],
    badPaths: idPaths((id) => `/api/overtime/${id}/decision`),
  },
  "POST api.overtime.ts": {
    who: "admin",
    path: () => "/api/overtime",
    kind: "json",
    valid: () => ({ employee_id: fx.otherEmployeeId, date: soon(6), start: "18:00", end: "19:00", reason: "รับของเข้าคลัง" }),
    text: ["reason"],
  },
  // Employee 3 does not exist: the wrongly typed [1, 2, 3] is refused with the rest.
  "PUT api.schedule.$id.employees.ts": {
    who: "admin",
    path: () => `/api/schedule/${fx.scheduleId}/employees`,
    kind: "json",
    valid: () => ({ employee_ids: [fx.otherEmployeeId], from: `${fx.year}-12-01` }),
    badPaths: idPaths((id) => `/api/schedule/${id}/employees`),
  },
  "PATCH api.schedule.$id.ts": {
    who: "admin",
    path: () => `/api/schedule/${fx.scheduleId}`,
    kind: "json",
    valid: () => ({ name: "กะทดสอบใหม่", late_grace_minutes: 5 }),
    text: ["name"],
    badPaths: idPaths((id) => `/api/schedule/${id}`),
  },
  "POST api.schedule.ts": {
    who: "admin",
    path: () => "/api/schedule",
    kind: "json",
    valid: () => ({ name: "กะเช้า", days: [{ weekday: 2, start: "06:00", end: "14:00" }] }),
    text: ["name"],
  },
  "POST api.kiosk.checkin.ts": { who: "kiosk", path: () => "/api/kiosk/checkin", kind: "multipart", valid: () => ({ employee_code: "HOST1", pin: "2580", type: "in" }), image: "photo" },
  "POST api.kiosk.pair.ts": { who: "none", path: () => "/api/kiosk/pair", kind: "json", valid: () => ({ code: "123456" }), text: ["code"] },
  "POST api.office.kiosk-pairing.ts": { who: "admin", path: () => "/api/office/kiosk-pairing", kind: "json", valid: () => ({ office: "สำนักงาน" }), text: ["office"] },
  "POST api.office.kiosks.$id.revoke.ts": {
    who: "admin",
    path: () => `/api/office/kiosks/${fx.kioskId}/revoke`,
    kind: "none",
    badPaths: idPaths((id) => `/api/office/kiosks/${id}/revoke`),
  },
  "PUT api.settings.ts": { who: "admin", path: () => "/api/settings", kind: "json", valid: () => ({ grace_minutes: 7 }) },
};

const ROUTES_DIR = path.resolve("app/routes");
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

/** `METHOD file` of every write method the route files serve, from the wrapper's own table. */
async function servedWrites(): Promise<string[]> {
  const files = fs.readdirSync(ROUTES_DIR).filter((f) => /^api\..+\.ts$/.test(f) && !f.endsWith(".test.ts") && f !== "api.$.ts");
  const out: string[] = [];
  for (const file of files) {
    const mod = (await import(path.join(ROUTES_DIR, file))) as { loader?: ApiRouteFunction };
    const meta = mod.loader?.[API_ROUTE];
    if (!meta) throw new Error(`${file} is not an apiRoute()`);
    for (const m of meta.methods) if ((WRITE_METHODS as readonly string[]).includes(m)) out.push(`${m} ${file}`);
  }
  return out.sort();
}

const writeCases = Object.entries(WRITES);
const jsonCases = writeCases.filter(([, w]) => w.kind === "json");
const strictCases = jsonCases.filter(([, w]) => !w.emptyOk);
const methodOf = (key: string) => key.split(" ")[0];

const BIG = "a".repeat(1_000_000);
/** Text no stored field may hold (ADR 015), and a text too long for any field. */
const BAD_TEXT: Record<string, string> = {
  "NUL byte": "ab\u0000cd",
  "RTL override": "invoice\u202Egpj.exe",
  "right-to-left mark": "ab\u200Fcd",
  "zero-width space": "ab\u200Bcd",
  "lone surrogate": "ab\uD800cd",
  "1 MB string": BIG,
};

/** A form cannot carry a lone surrogate (it is sent as U+FFFD, a real character). */
const FORM_BAD_TEXT = Object.fromEntries(Object.entries(BAD_TEXT).filter(([label]) => label !== "lone surrogate"));

/** Values of the wrong type for a field whose valid value is `value`. */
function wrongTypes(value: unknown): unknown[] {
  if (typeof value === "number") return ["1x", [value], true, { $gt: 0 }];
  if (typeof value === "boolean") return ["yes", 2, [true]];
  if (Array.isArray(value)) return ["x", 1, [1, 2, 3], { 0: value[0] }];
  if (value && typeof value === "object") return ["x", 1];
  if (value === "") return [1, {}, ["x"]];
  return [12345, { $ne: "" }, [value], true];
}

function multipartOf(fields: Record<string, unknown>, image?: { field: string; bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  if (image) form.set(image.field, new File([new Uint8Array(image.bytes)], image.name, { type: image.type }));
  return form;
}

describe("the table covers every write route", () => {
  test("every write method of every /api route has an entry, and no entry is stale", async () => {
    expect(Object.keys(WRITES).sort()).toEqual(await servedWrites());
  });
});

describe("JSON bodies that are not the route's input", () => {
  const bodies: [string, string, string][] = [
    ["malformed JSON", '{"a": 1,', "application/json"],
    ["a JSON array", "[1,2]", "application/json"],
    ["JSON null", "null", "application/json"],
    ["a JSON string", '"x"', "application/json"],
    ["JSON sent as text/plain", "{}", "text/plain"],
    ["a broken multipart body", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb", "multipart/form-data; boundary=x"],
    ["multipart without a boundary", "a=b", "multipart/form-data"],
  ];
  test.each(jsonCases)("%s", async (key, w) => {
    for (const [label, body, type] of bodies) {
      await refused(`${key}: ${label}`, () => send(methodOf(key), w.path(), w.who, body, { "content-type": type }));
    }
  });
});

describe("missing and extra fields: nothing, or only fields the route does not know", () => {
  const unknownOnly = [
    "{}",
    '{"id":1,"created_at":0,"is_admin":true,"line_user_id":"Uforged","face_descriptor":[0.1]}',
    '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
  ];
  test.each(strictCases)("%s", async (key, w) => {
    for (const body of unknownOnly) {
      await refused(`${key}: ${body}`, () => send(methodOf(key), w.path(), w.who, body, { "content-type": "application/json" }));
    }
  });
});

describe("wrongly typed fields", () => {
  test.each(jsonCases)("%s", async (key, w) => {
    const valid = w.valid!();
    const method = methodOf(key);
    for (const [field, value] of Object.entries(valid)) {
      for (const wrong of wrongTypes(value)) {
        await refused(`${key}: ${field}=${JSON.stringify(wrong)}`, () => sendJson(method, w.path(), w.who, { ...valid, [field]: wrong }));
      }
    }
  });
});

describe("free text: control and invisible characters, 1 MB strings", () => {
  const withText = jsonCases.filter(([, w]) => w.text?.length);
  test.each(withText)("%s", async (key, w) => {
    const valid = w.valid!();
    for (const field of w.text!) {
      for (const [label, value] of Object.entries(BAD_TEXT)) {
        await refused(`${key}: ${field} with ${label}`, () => sendJson(methodOf(key), w.path(), w.who, { ...valid, [field]: value }));
      }
    }
  });
});

describe("ids in the path", () => {
  const withIds = writeCases.filter(([, w]) => w.badPaths);
  test.each(withIds)("%s", async (key, w) => {
    for (const p of w.badPaths!) {
      const body = w.valid ? JSON.stringify(w.valid()) : undefined;
      await refused(`${key}: ${p}`, () => send(methodOf(key), p, w.who, body, body ? { "content-type": "application/json" } : {}));
    }
  });
});

describe("a body of 20 MB is refused at the edge", () => {
  const big = Buffer.alloc(20 * MB, 0x61);
  test.each([
    ["JSON", "/api/employee", "application/json"],
    ["multipart", `/api/employee/1/photo`, "multipart/form-data; boundary=x"],
    ["a page form", "/admin/employee", "application/x-www-form-urlencoded"],
  ])("%s", async (_, p, type) => {
    await refused(`20 MB ${type}`, () => send("POST", p, "admin", big, { "content-type": type }));
  });
});

// ---------------------------------------------------------------------------------------------
// Images that are not images, on every upload route

/** A PNG header declaring width × height with one tiny data chunk: a decompression bomb's claim. */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>');

async function badImages(): Promise<[string, Uint8Array, string, string][]> {
  return [
    ["text named photo.jpg", HTML_PAGE, "photo.jpg", "image/jpeg"],
    ["a truncated JPEG", await truncatedJpeg(), "photo.jpg", "image/jpeg"],
    ["an SVG with a script", SVG, "photo.svg", "image/svg+xml"],
    ["an SVG named .jpg", SVG, "photo.jpg", "image/jpeg"],
    ["a PNG claiming 100000 × 100000 pixels", pngClaiming(100_000, 100_000), "bomb.png", "image/png"],
    ["a JPEG header on random bytes", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(4096)]), "photo.jpg", "image/jpeg"],
  ];
}

/** Upload routes: the /api ones of the table, and the page intents that take a file. */
type Upload = { method: string; path: () => string; who: Who; fields: () => Record<string, unknown>; field: string };
const uploadCases: [string, Upload][] = [
  ...writeCases
    .filter(([, w]) => w.image)
    .map(([key, w]): [string, Upload] => [key, { method: methodOf(key), path: w.path, who: w.who, fields: w.valid!, field: w.image! }]),
  ["page admin.employee photo", { method: "POST", path: () => actionPath("admin.employee.tsx", "/admin/employee"), who: "admin" as Who, fields: () => ({ intent: "photo", id: fx.employeeId }), field: "photo" }],
  [
    "page admin.vending-machine create-photo",
    { method: "POST", path: () => actionPath("admin.vending-machine.tsx", "/admin/vending-machine"), who: "admin" as Who, fields: () => ({ intent: "create-photo", code: "HM-8", name: "ตู้แปด", type: 1 }), field: "photo" },
  ],
  [
    "page admin.vending-machine update-photo",
    { method: "POST", path: () => actionPath("admin.vending-machine.tsx", "/admin/vending-machine"), who: "admin" as Who, fields: () => ({ intent: "update-photo", id: fx.machineId, code: "HM-1", name: "ตู้ทดสอบ", type: 1 }), field: "photo" },
  ],
];

describe("images that are not images, and decompression bombs", () => {
  test("the fake bomb is a PNG that sharp refuses for its pixel count, not for its bytes", async () => {
    const { default: sharp } = await import("sharp");
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.byteLength).toBeLessThan(100);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(100_000);
    await expect(sharp(bomb, { limitInputPixels: 50_000_000 }).toBuffer()).rejects.toThrow(/pixel limit/);
  });

  test.each(uploadCases)("%s", { timeout: 60_000 }, async (key, u) => {
    for (const [label, bytes, name, type] of await badImages()) {
      const answer = await refused(`${key}: ${label}`, () => send(u.method, u.path(), u.who, multipartOf(u.fields(), { field: u.field, bytes, name, type })));
      if (label.includes("pixels")) expect(errorText(answer), key).toBe(UPLOAD_MESSAGES.tooManyPixels);
    }
  });

  test("the same routes with a real picture are not refused for the picture (the images above are what failed)", async () => {
    // Only the employee photo: it changes nothing else, so the other routes' rows stay as the tests expect.
    const jpeg = await makeJpeg();
    const response = await send("POST", `/api/employee/${fx.otherEmployeeId}/photo`, "admin", multipartOf({}, { field: "photo", bytes: jpeg, name: "p.jpg", type: "image/jpeg" }));
    expect(response.status, await response.clone().text()).toBe(200);
  });
});

describe("multipart fields are checked like JSON ones", () => {
  test("POST /api/emp/checkin-out", async () => {
    const valid = WRITES["POST api.emp.checkin-out.ts"].valid!();
    for (const field of Object.keys(valid)) {
      for (const bad of ["", "abc\u0000", "1e999", "NaN", BIG.slice(0, 200_000)]) {
        await refused(`${field}=${JSON.stringify(bad.slice(0, 10))}`, () => send("POST", "/api/emp/checkin-out", "employee", multipartOf({ ...valid, [field]: bad })));
      }
    }
  });
});

describe("employee import: hostile CSV rows", () => {
  test("control characters, 1 MB cells, and bodies that are not CSV write nothing", async () => {
    const header = "code,title,first_name,last_name\n";
    const rows = [
      "IMP1,1,ก\u0000ข,ค",
      "IMP1,1,ก\u202Eข,ค",
      `IMP1,1,${"a".repeat(900_000)},ค`,
      "IMP1,1,'; drop table employees; --,ค\nIMP2,9,x,y",
    ];
    for (const row of rows) {
      await refused(`import ${JSON.stringify(row.slice(0, 20))}`, () => send("POST", "/api/employee/import?mode=all_or_nothing", "admin", header + row, { "content-type": "text/csv" }));
    }
    for (const [body, type] of [["{}", "application/json"], ["--x\r\nbroken", "multipart/form-data; boundary=x"], ["a", "multipart/form-data"]]) {
      await refused(`import as ${type}`, () => send("POST", "/api/employee/import?mode=all_or_nothing", "admin", body, { "content-type": type }));
    }
    await refused("import mode", () => send("POST", "/api/employee/import?mode=%00", "admin", header, { "content-type": "text/csv" }));
  });
});

// ---------------------------------------------------------------------------------------------
// Page actions (form posts of the admin pages and the employee link page)

type PageIntent = {
  /** The intent's form fields that it would accept (id included when it needs one). */
  fields?: () => Record<string, string | number>;
  /** Takes a record id in `id`. */
  id?: boolean;
  /** Has no input at all (nothing to spoil but the body itself). */
  noInput?: boolean;
  /** Posts a file (covered with the upload routes above). */
  file?: boolean;
  /** Every field is optional (a cancel without a note). */
  emptyOk?: boolean;
};
type Page = { path: string; who: Who; intents: Record<string, PageIntent> };

const employeeFields = () => ({ code: "HOSTP1", title: 1, first_name: "เพจ", last_name: "ทดสอบ", nickname: "", phone: "", email: "", position: "", department: "" });
const machineFields = () => ({ code: "HMP-1", name: "ตู้หน้าเพจ", type: 1, address: "", note: "" });

/** Every page that exports an action, with every intent; the test below fails on a new one. */
const PAGES: Record<string, Page> = {
  "admin.account.tsx": {
    path: "/admin/account",
    who: "admin",
    intents: {
      password: { fields: () => ({ current_password: "wrong-password-xx", new_password: "a-new-password-1", confirm_password: "a-new-password-1" }) },
      "line-code": { noInput: true },
      "line-unlink": { noInput: true },
      "session-end": { fields: () => ({ key: "x" }) },
      "session-end-others": { noInput: true },
    },
  },
  "admin.checkin-out.tsx": {
    path: "/admin/checkin-out",
    who: "admin",
    intents: {
      correct: { fields: () => ({ employee_id: fx.otherEmployeeId, work_date: `${fx.year}-11-06`, checkin_at: "08:00", note: "แก้" }) },
      "correction-decision": { id: true, fields: () => ({ id: fx.correctionId, decision: "reject", note: "ไม่มีหลักฐาน" }) },
      settings: { fields: () => ({ settings: JSON.stringify({ late_grace_minutes: 5 }) }) },
      checked: { id: true, fields: () => ({ id: fx.recordId, checked: "1" }) },
      review: { id: true, fields: () => ({ id: fx.recordId, decision: "accept", note: "ตรวจแล้ว" }) },
      face_review: { id: true, fields: () => ({ id: fx.employeeId, decision: "confirm", note: "" }) },
      kiosk_pairing: { fields: () => ({ office: "สำนักงาน" }) },
      kiosk_revoke: { id: true },
    },
  },
  "admin.employee.tsx": {
    path: "/admin/employee",
    who: "admin",
    intents: {
      create: { fields: employeeFields },
      update: { id: true, fields: () => ({ id: fx.otherEmployeeId, ...employeeFields(), code: "HOST2" }) },
      resign: { id: true, fields: () => ({ id: fx.otherEmployeeId, resign_date: `${fx.year}-12-31` }) },
      reinstate: { id: true },
      photo: { id: true, file: true },
      "issue-code": { id: true },
      unlink: { id: true },
      "reset-face": { id: true },
      "kiosk-pin": { id: true, fields: () => ({ id: fx.otherEmployeeId, pin: "2580" }), emptyOk: true },
      "kiosk-pin-clear": { id: true },
      "schedule-assign": { id: true, fields: () => ({ id: fx.otherEmployeeId, schedule_id: fx.scheduleId, from: `${fx.year}-12-01` }) },
      "schedule-bulk": { fields: () => ({ employee_ids: String(fx.otherEmployeeId), schedule_id: fx.scheduleId, from: `${fx.year}-12-01` }) },
    },
  },
  "admin.jobs.tsx": { path: "/admin/jobs", who: "admin", intents: { schedule: { fields: () => ({ key: "remind_checkin", on: "1", value: "08:00" }) } } },
  "admin.leave-work.tsx": {
    path: "/admin/leave-work",
    who: "admin",
    intents: {
      decide: { id: true, fields: () => ({ id: fx.petitionId, action: "reject", note: "ไม่อนุมัติ" }) },
      cancel: { id: true, fields: () => ({ id: fx.petitionId, note: "ยกเลิก" }), emptyOk: true },
      quota: { fields: () => ({ employee_id: fx.employeeId, year: fx.year, quota_1: "5" }) },
      "holiday-add": { fields: () => ({ date: `${fx.year}-12-27`, name: "วันหยุดเพจ" }) },
      "holiday-rename": { fields: () => ({ date: fx.holiday, name: "ชื่อเพจ" }) },
      "holiday-remove": { fields: () => ({ date: fx.holiday }) },
      "holiday-reseed": { fields: () => ({ year: fx.year }) },
      "leave-type": { id: true, fields: () => ({ id: 9, quota_days: "30", half_day: "1" }) },
    },
  },
  "admin.line-group.tsx": {
    path: "/admin/line-group",
    who: "admin",
    intents: {
      rename: { id: true, fields: () => ({ id: fx.groupId, name: "กลุ่มเพจ" }) },
      flag: { id: true, fields: () => ({ id: fx.groupId, flag: "notify_leave", value: "1" }) },
      refresh: { id: true },
      test: { id: true, fields: () => ({ id: fx.groupId, text: "ทดสอบ" }), emptyOk: true },
      rich_menu: { noInput: true },
    },
  },
  "admin.line-reply.tsx": {
    path: "/admin/line-reply",
    who: "admin",
    intents: {
      create: { fields: () => ({ keyword: "เพจ", match: "exact", messages: JSON.stringify([{ type: "text", text: "ตอบ" }]) }) },
      update: { id: true, fields: () => ({ id: fx.replyId, keyword: "เพจสอง", match: "exact", messages: JSON.stringify([{ type: "text", text: "ตอบ" }]) }) },
      toggle: { id: true, fields: () => ({ id: fx.replyId, active: "0" }) },
      delete: { id: true },
      sync: { noInput: true },
    },
  },
  "admin.payroll.tsx": {
    path: "/admin/payroll",
    who: "admin",
    intents: {
      close: { fields: () => ({ month: `${fx.year - 1}-01` }) },
      reopen: { fields: () => ({ month: `${fx.year - 1}-01`, reason: "แก้เวลา" }) },
    },
  },
  "admin.overtime.tsx": {
    path: "/admin/overtime",
    who: "admin",
    intents: {
      record: { fields: () => ({ employee_id: fx.otherEmployeeId, date: soon(6), start: "18:00", end: "19:00", reason: "รับของเข้าคลัง" }) },
      decide: { id: true, fields: () => ({ id: fx.overtimeId, decision: "reject", note: "ไม่จำเป็น" }) },
      cancel: { id: true, fields: () => ({ id: fx.overtimeId, note: "ยกเลิก" }), emptyOk: true },
    },
  },
  "admin.schedule.tsx": {
    path: "/admin/schedule",
    who: "admin",
    intents: {
      create: { fields: () => ({ name: "กะเพจ", days: JSON.stringify([{ weekday: 3, start: "07:00", end: "15:00" }]) }) },
      update: { id: true, fields: () => ({ id: fx.scheduleId, name: "กะเพจใหม่", days: JSON.stringify([{ weekday: 4, start: "07:00", end: "15:00" }]), from: `${fx.year}-12-01` }) },
    },
  },
  "admin.settings.tsx": { path: "/admin/settings", who: "admin", intents: { backup_keep: { fields: () => ({ keep: "5" }) } } },
  "admin.users.tsx": {
    path: "/admin/users",
    who: "admin",
    intents: {
      add: { fields: () => ({ username: "hostile-page", full_name: "ผู้ดูแลเพจ" }) },
      active: { id: true, fields: () => ({ id: fx.otherAdminId, active: "0" }) },
      reset: { id: true },
    },
  },
  "admin.vending-machine.tsx": {
    path: "/admin/vending-machine",
    who: "admin",
    intents: {
      create: { fields: machineFields },
      "create-photo": { file: true },
      update: { id: true, fields: () => ({ id: fx.machineId, ...machineFields(), code: "HM-1" }) },
      "update-photo": { id: true, file: true },
      active: { id: true, fields: () => ({ id: fx.machineId, active: "0" }) },
      map: { fields: () => ({ machine_id: fx.machineId, employee_id: fx.otherEmployeeId }) },
      unmap: { fields: () => ({ machine_id: fx.machineId, employee_id: fx.employeeId }) },
    },
  },
};

/** Pages whose action is not a table of intents: one form each. */
const FORMS: Record<string, { path: string; who: Who; fields: () => Record<string, string> }> = {
  "admin.account.tsx (password)": { path: "/admin/account", who: "admin", fields: () => ({ current_password: "wrong-password-xx", new_password: "a-new-password-1", confirm_password: "a-new-password-1" }) },
  "employee.verify.tsx": { path: "/employee/verify", who: "line", fields: () => ({ employee_code: "HOST2", verify_code: "123456" }) },
  "login.tsx": { path: "/login", who: "none", fields: () => ({ username: "nobody-here", password: "wrong-password-1" }) },
};
/** logout.tsx posts nothing but its cookie; uploads.$.ts answers every post with 405 (below). */
const NO_INPUT_PAGES = ["logout.tsx", "uploads.$.ts"];

/** A page's action answered as Remix's fetchers get it: the action's own JSON, not the page around it. */
const actionPath = (file: string, p: string) => `${p}?_data=${encodeURIComponent(`routes/${file.split(" ")[0].replace(/\.tsx?$/, "")}`)}`;

const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
const postForm = (p: string, who: Who, fields: Record<string, string | number>) =>
  send("POST", p, who, form(fields), { "content-type": "application/x-www-form-urlencoded" });

describe("the page table covers every action and intent", () => {
  test("every route file exporting an action is listed", () => {
    const withAction = fs
      .readdirSync(ROUTES_DIR)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith("api.") && f !== "healthz.ts")
      .filter((f) => /^export (async function action|const (action|\{[^}]*\baction\b[^}]*\}))\b/m.test(fs.readFileSync(path.join(ROUTES_DIR, f), "utf8")));
    const listed = new Set([...Object.keys(PAGES), ...Object.keys(FORMS).map((k) => k.split(" ")[0]), ...NO_INPUT_PAGES]);
    expect(withAction.sort()).toEqual([...listed].sort());
  });

  test("as many intents are listed as the app declares", () => {
    const declared = [...fs.readdirSync(path.resolve("app"), { recursive: true })]
      .map(String)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .reduce((n, f) => n + (fs.readFileSync(path.resolve("app", f), "utf8").match(/\bintent\(\{/g)?.length ?? 0), 0);
    const listed = Object.values(PAGES).reduce((n, p) => n + Object.keys(p.intents).length, 0);
    expect(listed).toBe(declared);
  });

  test("every listed intent is one the page knows (the answer is not 'unknown intent')", async () => {
    for (const [file, page] of Object.entries(PAGES)) {
      for (const [name, spec] of Object.entries(page.intents)) {
        if (spec.noInput || !spec.id) continue;
        // A bad id is refused before anything runs, after the intent is recognised.
        const answer = await refused(`${file} ${name}`, () => postForm(actionPath(file, page.path), page.who, { intent: name, id: "abc" }));
        expect(errorText(answer), `${file} ${name}`).not.toBe("ไม่รู้จักคำสั่งนี้");
      }
    }
  });
});

describe("page actions: bodies that are not the page's form, unknown intents", () => {
  const pages = [...Object.entries(PAGES), ...Object.entries(FORMS).filter(([key]) => !key.startsWith("admin.account.tsx"))];
  test.each(pages)("%s", async (file, { who, path: pagePath }) => {
    const p = actionPath(file, pagePath);
    const bodies: [string, string][] = [
      ['{"intent":"create"}', "application/json"],
      ["intent=create", "text/plain"],
      ["--x\r\nContent-Disposition: form-data; name=\"intent\"\r\n\r\ncreate", "multipart/form-data; boundary=x"],
      ["intent=create", "multipart/form-data"],
    ];
    for (const [body, type] of bodies) {
      await refused(`${p} as ${type}`, () => send("POST", p, who, body, { "content-type": type }));
    }
    if (file in PAGES) {
      const names = file === "admin.account.tsx" ? ["line-nope", "session-nope", "line-\u0000"] : ["nope", "__proto__", "constructor", "toString", "hasOwnProperty", "", "create\u0000"];
      for (const name of names) {
        await refused(`${p} intent=${JSON.stringify(name)}`, () => postForm(p, who, { intent: name }));
      }
    }
  });
});

describe("page actions: hostile fields and ids", () => {
  const cases = Object.entries(PAGES).flatMap(([file, page]) =>
    Object.entries(page.intents)
      .filter(([, spec]) => !spec.noInput && !spec.file)
      .map(([name, spec]): [string, Page, string, PageIntent] => [`${file} ${name}`, { ...page, path: actionPath(file, page.path) }, name, spec]),
  );
  test.each(cases)("%s", async (_, page, name, spec) => {
    const valid: Record<string, string | number> = { intent: name, ...(spec.fields?.() ?? {}) };
    if (spec.id) {
      for (const id of ["abc", "0", "-1", "1e0", "0x1", "99999999999999999999", "", "1\u0000"]) {
        await refused(`${name} id=${JSON.stringify(id)}`, () => postForm(page.path, page.who, { ...valid, id }));
      }
    }
    for (const field of Object.keys(valid).filter((k) => k !== "intent" && k !== "id")) {
      for (const [label, value] of Object.entries(FORM_BAD_TEXT)) {
        await refused(`${name} ${field} with ${label}`, () => postForm(page.path, page.who, { ...valid, [field]: value }));
      }
    }
    if (spec.fields && !spec.emptyOk) {
      // Only the intent (and id): every field missing.
      const bare = { intent: name, ...(spec.id ? { id: valid.id } : {}) };
      await refused(`${name} without fields`, () => postForm(page.path, page.who, bare));
    }
  });

  test.each(Object.entries(FORMS))("%s", async (key, f) => {
    const valid = f.fields();
    const p = actionPath(key, f.path);
    for (const field of Object.keys(valid)) {
      for (const [label, value] of Object.entries(FORM_BAD_TEXT)) {
        await refused(`${key} ${field} with ${label}`, () => postForm(p, f.who, { ...valid, [field]: value }));
      }
    }
    await refused(`${key} without fields`, () => postForm(p, f.who, {}));
  });
});

// ---------------------------------------------------------------------------------------------
// /uploads: path tricks

describe("/uploads path tricks", () => {
  const tricks = [
    "/uploads/../tn.sqlite",
    "/uploads/employees/../../tn.sqlite",
    "/uploads/%2e%2e%2ftn.sqlite",
    "/uploads/employees/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/uploads/employees/..%2f..%2fpackage.json",
    "/uploads/employees/x.jpg%00.png",
    "/uploads/employees/%00",
    "/uploads/employees\\..\\..\\tn.sqlite",
    "/uploads/employees/..\\..\\server.mjs",
    "/uploads//etc/passwd",
    "/uploads/employees//etc/passwd",
    "/uploads/C:%5Cwindows%5Cwin.ini",
    `/uploads/employees/${"a".repeat(5000)}.jpg`,
    "/uploads/employees/%E0%B8.jpg",
    "/uploads/employees/%ZZ.jpg",
  ];
  test.each(tricks)("%s", async (trick) => {
    const answer = await refused(trick, () => rawRequest(trick, { Cookie: admin }));
    expect(answer.text).not.toMatch(/SQLite format|root:|"name": "tn-management"|import express/);
  });

  test("posting to /uploads is refused (405) and stores nothing", async () => {
    const body = multipartOf({}, { field: "photo", bytes: await makeJpeg(), name: "a.jpg", type: "image/jpeg" });
    const answer = await refused("POST /uploads", () => send("POST", "/uploads/employees/x.jpg", "admin", body));
    expect(answer.status).toBe(405);
  });
});

// ---------------------------------------------------------------------------------------------
// LINE: tokens and the webhook

describe("forged and expired LINE ID tokens", () => {
  test("each is a 401 or 400 in Thai, sets no employee cookie and changes nothing", async () => {
    fake.tokens.set("hostile-expired", { sub: "Uhostile000000000000000000000001", aud: "1234567890", exp: Math.floor(Date.now() / 1000) - 60 });
    fake.tokens.set("hostile-other-channel", { sub: "Uhostile000000000000000000000001", aud: "9999999999" });
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const claims = Buffer.from(JSON.stringify({ sub: "Uhostile000000000000000000000001", aud: "1234567890", exp: 9_999_999_999 })).toString("base64url");
    const tokens: unknown[] = [
      "hostile-expired",
      "hostile-other-channel",
      `${header}.${claims}.`,
      "demo:Uhostile000000000000000000000001",
      "x".repeat(12_000),
      "x".repeat(900_000),
      "a\u0000b",
      "",
      12345,
      { sub: "Uhostile000000000000000000000001" },
      ["hostile-token-Uhostile000000000000000000000001"],
    ];
    for (const idToken of tokens) {
      const answer = await refused(`idToken ${JSON.stringify(idToken).slice(0, 40)}`, async () => {
        const response = await sendJson("POST", "/api/emp/authen", "none", { idToken, lineUserId: "Uhostile000000000000000000000001" });
        expect(cookieFrom(response, "tn_emp"), "no employee session").toBeNull();
        return response;
      });
      // A sign-in body is at most 16 KB (ADR 039): beyond it the edge answers 413 before the route.
      expect(JSON.stringify(idToken).length > 16 * 1024 ? [413] : [400, 401]).toContain(answer.status);
    }
  });

  test("a forged or tampered employee cookie is a 401 on the employee routes", async () => {
    const [name, value] = fx.empCookie.split("=");
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith("A") ? "B" : "A"}`;
    for (const cookie of [tampered, `${name}=eyJsaW5lVXNlcklkIjoiVWhvc3RpbGUifQ.forged`, `${name}=${"a".repeat(4000)}`]) {
      const answer = await refused(`cookie ${cookie.slice(0, 30)}`, () =>
        fetch(`${server.baseUrl}/api/emp/leave/petition`, {
          method: "POST",
          headers: { Cookie: cookie, "content-type": "application/json" },
          body: JSON.stringify(WRITES["POST api.emp.leave.petition.ts"].valid!()),
        }),
      );
      expect(answer.status).toBe(401);
    }
  });
});

describe("the LINE webhook", () => {
  const hook = (raw: string, signature: string | null) =>
    send("POST", "/api/line/webhook", "none", raw, { "content-type": "application/json", ...(signature === null ? {} : { "x-line-signature": signature }) });

  test("signatures that do not match the exact bytes → 401 in Thai, nothing handled", async () => {
    const raw = JSON.stringify({ destination: "Ubot", events: [{ type: "message", mode: "active", timestamp: Date.now(), webhookEventId: "01HHOSTILEBADSIG00000000001", source: { type: "user", userId: "Uhostile9" }, replyToken: "rt-bad", message: { type: "text", id: "m-bad", text: "สวัสดี" } }] });
    const good = signWebhook(raw, SECRET);
    fake.reset();
    for (const signature of [null, "", "x", good.slice(0, -4) + "AAAA", signWebhook(raw, "another-secret"), signWebhook(raw + " ", SECRET), `${good}\u0000`.replace("\u0000", "%00"), good.toLowerCase()]) {
      const answer = await refused(`signature ${String(signature).slice(0, 12)}`, () => hook(raw, signature));
      expect(answer.status).toBe(401);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(fake.find("/v2/bot/message/reply")).toHaveLength(0);
  });

  test("signed but hostile bodies are answered without a 5xx", async () => {
    const bodies = [
      "{",
      "[]",
      "null",
      JSON.stringify({ destination: "Ubot", events: "x" }),
      JSON.stringify({ destination: "Ubot", events: [null, 1, "x", { type: { a: 1 } }] }),
      JSON.stringify({ destination: "Ubot", events: [{ type: "message", mode: "active", timestamp: "x", source: { type: "user", userId: "U\u0000" }, replyToken: 5, message: { type: "text", id: 1, text: "ก\u0000".repeat(1000) } }] }),
    ];
    for (const raw of bodies) {
      const response = await hook(raw, signWebhook(raw, SECRET));
      expect(response.status, raw.slice(0, 40)).toBeLessThan(500);
      if (response.status >= 400) expect(errorText(await answerOf(response))).toMatch(THAI);
    }
  });

  test("a replayed event is handled once, with or without a webhookEventId", async () => {
    const withId = { type: "message", mode: "active", timestamp: Date.now(), webhookEventId: "01HHOSTILEREPLAY0000000001", deliveryContext: { isRedelivery: false }, source: { type: "user", userId: "Uhostile8" }, replyToken: "rt-replay-1", message: { type: "text", id: "m-r1", text: "สวัสดี" } };
    const { webhookEventId: _id, ...withoutId } = { ...withId, replyToken: "rt-replay-2", message: { ...withId.message, id: "m-r2" } };
    for (const event of [withId, withoutId]) {
      fake.reset();
      const raw = JSON.stringify({ destination: "Ubot", events: [event] });
      expect((await hook(raw, signWebhook(raw, SECRET))).status).toBe(200);
      await eventually(async () => expect(fake.find("/v2/bot/message/reply")).toHaveLength(1));
      const redelivered = JSON.stringify({ destination: "Ubot", events: [{ ...event, deliveryContext: { isRedelivery: true } }] });
      await refused("replay", () => hook(redelivered, signWebhook(redelivered, SECRET)), [200]);
      await refused("replay, same bytes", () => hook(raw, signWebhook(raw, SECRET)), [200]);
      await new Promise((r) => setTimeout(r, 500));
      expect(fake.find("/v2/bot/message/reply")).toHaveLength(1);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Cross-origin posts

describe("cross-origin posts carrying the admin's or employee's cookie change nothing", () => {
  const foreign: Record<string, string>[] = [
    { Origin: "https://evil.example" },
    { Origin: "null" },
    { Origin: "http://127.0.0.1.evil.example" },
    { "Sec-Fetch-Site": "cross-site" },
    { "Sec-Fetch-Site": "same-site", Origin: "https://sub.evil.example" },
  ];
  const apiCases = writeCases.filter(([key]) => key !== "POST api.line.webhook.ts");
  test.each(apiCases)("%s", async (key, w) => {
    // A body the route would accept: only the origin stops it.
    const body = w.valid ? JSON.stringify(w.valid()) : undefined;
    for (const headers of foreign) {
      const answer = await refused(`${key} ${JSON.stringify(headers)}`, () => send(methodOf(key), w.path(), w.who, body, { ...(body ? { "content-type": "application/json" } : {}), ...headers }));
      expect(answer.status).toBe(403);
    }
  });

  const pageCases: [string, string, Who, Record<string, string | number>][] = [
    ...Object.entries(PAGES).map(([file, page]): [string, string, Who, Record<string, string | number>] => {
      const [name, spec] = Object.entries(page.intents).find(([, s]) => s.fields)!;
      return [`${file} ${name}`, actionPath(file, page.path), page.who, { intent: name, ...spec.fields!() }];
    }),
    ...Object.entries(FORMS).map(([key, f]): [string, string, Who, Record<string, string | number>] => [key, actionPath(key, f.path), f.who, f.fields()]),
    ["logout.tsx", "/logout", "admin", {}],
  ];
  test.each(pageCases)("%s", async (_, p, who, fields) => {
    for (const headers of foreign) {
      const answer = await refused(`${p} ${JSON.stringify(headers)}`, () => send("POST", p, who, form(fields), { "content-type": "application/x-www-form-urlencoded", ...headers }));
      expect(answer.status).toBe(403);
    }
  });

  test("the same post from this origin goes through, and the comparison sees what it changed", async () => {
    watch.mark();
    const response = await send("PATCH", `/api/line-group/${fx.groupId}`, "admin", JSON.stringify({ notify_summary: true }), {
      "content-type": "application/json",
      Origin: server.baseUrl,
      "Sec-Fetch-Site": "same-origin",
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(watch.changedSinceMark()).toEqual(expect.arrayContaining(["line_groups", "audit_log"]));
  });
});

// ---------------------------------------------------------------------------------------------
// Text that is a valid name but hostile where it is shown again

describe("names that are markup or formulas are stored as text and shown as text", () => {
  const SCRIPT = "<script>alert(1)</script>";
  const IMG = '<img src=x onerror="alert(2)">';
  const FORMULA = '=HYPERLINK("http://evil.example","x")';
  const CMD = "+cmd|' /C calc'!A0";
  const AT = "@SUM(1+1)";
  // Thai marks stacked far past any real word, emoji with joiners and skin tones: characters, not controls.
  const STACKED = `ก${"\u0E48\u0E49".repeat(6)}`;
  const EMOJI = "👩🏽‍💻🇹🇭";
  let id = 0;

  beforeAll(async () => {
    const created = await sendJson("POST", "/api/employee", "admin", {
      code: "EVIL1",
      title: 1,
      first_name: SCRIPT,
      last_name: FORMULA,
      nickname: EMOJI,
      position: CMD,
      department: AT,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    id = ((await created.json()) as { employee: { id: number } }).employee.id;
    const patched = await sendJson("PATCH", `/api/employee/${id}`, "admin", { nickname: STACKED });
    expect(patched.status, await patched.clone().text()).toBe(200);
    const machine = await sendJson("POST", "/api/machine", "admin", { code: "EVIL-M", name: IMG, type: 1, note: SCRIPT });
    expect(machine.status, await machine.clone().text()).toBe(201);
    const reply = await sendJson("POST", "/api/message", "admin", { keyword: SCRIPT, messages: [{ type: "text", text: IMG }] });
    expect(reply.status, await reply.clone().text()).toBe(201);
    const group = await sendJson("PATCH", `/api/line-group/${fx.groupId}`, "admin", { name: IMG });
    expect(group.status, await group.clone().text()).toBe(200);
  });

  test("they are stored exactly as typed (nothing stripped or rewritten)", async () => {
    const { employee } = (await (await send("GET", `/api/employee/${id}`, "admin")).json()) as { employee: Record<string, string> };
    expect(employee).toMatchObject({ first_name: SCRIPT, last_name: FORMULA, nickname: STACKED, position: CMD, department: AT });
  });

  test.each(["/admin/employee", "/admin/employee?q=EVIL1", `/admin/employee/${"ID"}`, "/admin/vending-machine", "/admin/line-reply", "/admin/line-group", "/admin/audit", "/admin/checkin-out"])(
    "%s renders them escaped",
    async (page) => {
      const response = await send("GET", page.replace("ID", String(id)), "admin");
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toContain(SCRIPT);
      expect(html).not.toContain(IMG);
      expect(html).not.toMatch(/<script>alert|<img src=x/i);
    },
  );

  test("the employee list shows them as text", async () => {
    const html = await (await send("GET", "/admin/employee?q=EVIL1", "admin")).text();
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  test.each(["/api/employee?format=csv", "/api/audit?format=csv"])("%s starts no cell with a formula", async (url) => {
    const response = await send("GET", url, "admin");
    expect(response.status).toBe(200);
    const csv = await response.text();
    expect(csv).toContain("EVIL1");
    for (const start of ["=HYPERLINK", "+cmd", "@SUM"]) {
      expect(csv, start).not.toMatch(new RegExp(`(^|,)"?${start.replace(/[+]/g, "\\+")}`, "m"));
    }
  });

  test("the employee CSV keeps them, neutralised with a leading quote", async () => {
    const csv = await (await send("GET", "/api/employee?format=csv", "admin")).text();
    for (const start of ["=HYPERLINK", "+cmd", "@SUM"]) expect(csv, start).toContain(`'${start}`);
    expect(csv).toContain(STACKED);
    expect(csv).toContain("<script>alert(1)</script>");
  });
});

describe("SQL in searches, ids and names", () => {
  const SQL = ["' OR '1'='1", "'; DROP TABLE employees; --", "1 UNION SELECT password_hash FROM admins --", "%' --", "\\'; --"];

  test("a search for SQL finds nothing and breaks nothing", async () => {
    for (const q of SQL) {
      const list = await send("GET", `/api/employee?q=${encodeURIComponent(q)}`, "admin");
      expect(list.status, q).toBe(200);
      expect(((await list.json()) as { total: number }).total, q).toBe(0);
      const page = await send("GET", `/admin/employee?q=${encodeURIComponent(q)}`, "admin");
      expect(page.status, q).toBe(200);
    }
  });

  test("SQL as a sign-in name or an id is refused like any wrong value", async () => {
    for (const q of SQL) {
      await refused(`login ${q}`, () => sendJson("POST", "/api/auth/login", "none", { username: q, password: q }));
      await refused(`id ${q}`, () => sendJson("PATCH", `/api/employee/${encodeURIComponent(q)}`, "admin", { first_name: "x" }));
    }
  });

  test("SQL as a name is stored as text", async () => {
    const created = await sendJson("POST", "/api/employee", "admin", { code: "SQL1", title: 1, first_name: SQL[1], last_name: SQL[0] });
    expect(created.status, await created.clone().text()).toBe(201);
    const { employee } = (await created.json()) as { employee: { first_name: string; last_name: string } };
    expect(employee).toMatchObject({ first_name: SQL[1], last_name: SQL[0] });
    const list = (await (await send("GET", "/api/employee?page_size=200", "admin")).json()) as { total: number };
    expect(list.total).toBeGreaterThan(2);
  });
});

test("the server logged no crash (no stack trace) through all of the above", () => {
  expect(server.logs()).not.toMatch(/\n\s+at /);
});
