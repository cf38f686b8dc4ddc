// Attendance data for the benchmark, written straight into the server's SQLite file (WAL mode lets
// this second connection write while the server runs; the server is idle meanwhile). Two years of
// records for the 1,000 seeded employees, the check-in scenario's own linked employees and their
// signed tn_emp cookies, and the one-year CSV download with the server's RSS sampled around it.
import fs from "node:fs";
import path from "node:path";
import { setInterval, clearInterval } from "node:timers";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { seedEmployee } from "./seed.mjs";

export const TIME_ZONE = "Asia/Bangkok"; // the app's default APP_TIMEZONE; the harness sets none
export const UTC_OFFSET_MS = 7 * 3600_000; // Asia/Bangkok has no daylight saving
export const SEED_YEARS = 2;
export const OFFICE = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 200 };
const DB_FILE = "tn.sqlite";
const SECRET_FILE = "session-secret";
/** Pending reviews are kept to the last few days, as an office that works its queue would have. */
const PENDING_DAYS = 5;

export const DAY_MS = 86_400_000;
export const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
/** Today's work date in the app's time zone. */
export const todayInZone = (now = Date.now()) => isoDay(now + UTC_OFFSET_MS);
const weekday = (date) => new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
export const isWeekday = (date) => weekday(date) >= 1 && weekday(date) <= 5;
/** Epoch ms of hh:mm (plus seconds) on `date` in Asia/Bangkok. */
const at = (date, minutes, seconds = 0) => Date.parse(`${date}T00:00:00Z`) - UTC_OFFSET_MS + minutes * 60_000 + seconds * 1000;

/** The most recent weekday before today: every seeded employee has its record (or absence) there. */
export function lastSeededWeekday(now = Date.now()) {
  let d = Date.parse(`${todayInZone(now)}T00:00:00Z`) - DAY_MS;
  while (!isWeekday(isoDay(d))) d -= DAY_MS;
  return isoDay(d);
}

/** The month before today's (always complete in the seed), as YYYY-MM. */
export function lastFullMonth(now = Date.now()) {
  const [y, m] = todayInZone(now).split("-").map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/** Last calendar year, which the two seeded years always cover in full. */
export function lastFullYear(now = Date.now()) {
  const y = Number(todayInZone(now).slice(0, 4)) - 1;
  return { from: `${y}-01-01`, to: `${y}-12-31` };
}

/** Deterministic PRNG (mulberry32), so every run seeds the same data. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function openDb(dataDir) {
  const file = path.join(dataDir, DB_FILE);
  if (!fs.existsSync(file)) throw new Error(`no database at ${file}`);
  const db = new Database(file);
  db.pragma("busy_timeout = 10000");
  db.pragma("foreign_keys = ON");
  // SQLite's default 2 MB page cache made the 10× seed's one big transaction superlinear: its
  // indexes outgrow it and every insert reads pages back. Pages are only held as they are touched.
  db.pragma("cache_size = -4194304");
  if (db.pragma("journal_mode", { simple: true }) !== "wal") throw new Error("the server's database is not in WAL mode");
  return db;
}

const ATTENDANCE_COLUMNS = [
  "employee_id", "work_date",
  "checkin_at", "checkin_lat", "checkin_lng", "checkin_accuracy", "checkin_distance_m", "checkin_office", "checkin_geofence",
  "checkin_client_time", "checkin_position_at",
  "checkout_at", "checkout_lat", "checkout_lng", "checkout_accuracy", "checkout_distance_m", "checkout_office", "checkout_geofence",
  "checkout_client_time", "checkout_position_at",
  "late_minutes", "early_minutes", "flags", "review_status", "review_note", "reviewed_at", "checked",
  "created_at", "updated_at", "checkin_review", "checkout_review",
];

/**
 * One side of a record near the office (or, when `outside`, 300 m – 2 km away). The distance is
 * kept consistent with the position so the figures an admin sees add up.
 */
function side(rand, atMs, outside) {
  const distance = outside ? 300 + rand() * 1700 : 3 + rand() * 80;
  const bearing = rand() * 2 * Math.PI;
  const lat = OFFICE.lat + (distance * Math.cos(bearing)) / 111_320;
  const lng = OFFICE.lng + (distance * Math.sin(bearing)) / (111_320 * Math.cos((OFFICE.lat * Math.PI) / 180));
  return [
    atMs,
    Math.round(lat * 1e6) / 1e6,
    Math.round(lng * 1e6) / 1e6,
    Math.round(5 + rand() * 25),
    Math.round(distance * 10) / 10,
    OFFICE.name,
    outside ? "outside" : "inside",
    atMs - Math.round(rand() * 3000),
    atMs - Math.round(2000 + rand() * 20_000),
  ];
}

/**
 * Two years (up to yesterday) of weekday records for the seeded employees, from each one's start
 * date: ~3 % absent (no row), ~8 % late (08:31–09:40), ~4 % leaving early, ~1.5 % without a
 * check-out, ~3.5 % flagged (outside, stale position, clock drift); flagged rows of the last
 * PENDING_DAYS days wait for review, older ones were accepted or rejected. Every record carries
 * no_selfie (the office does not require one). One transaction, one prepared statement.
 * @returns {{ rows: number, pending: number, days: number, from: string, to: string, ms: number }}
 */
/** The first day of the seeded history: the same day SEED_YEARS years ago (Asia/Bangkok). */
export function historyStart(now = Date.now()) {
  const today = todayInZone(now);
  return `${Number(today.slice(0, 4)) - SEED_YEARS}${today.slice(4)}`;
}

export function seedAttendance(ctx, { years = SEED_YEARS, now = Date.now() } = {}) {
  const started = performance.now();
  const rand = random(20261123);
  const today = todayInZone(now);
  const toMs = Date.parse(`${today}T00:00:00Z`) - DAY_MS;
  const fromMs = Date.parse(`${Number(today.slice(0, 4)) - years}${today.slice(4)}T00:00:00Z`);
  const days = [];
  for (let d = fromMs; d <= toMs; d += DAY_MS) if (isWeekday(isoDay(d))) days.push(isoDay(d));
  const pendingFrom = isoDay(toMs - PENDING_DAYS * DAY_MS);
  const employees = ctx.seed.employees.map((e, i) => ({ id: e.id, start: seedEmployee(i).start_date }));

  const db = openDb(ctx.dataDir);
  try {
    const insert = db.prepare(
      `insert into attendance (${ATTENDANCE_COLUMNS.join(", ")}) values (${ATTENDANCE_COLUMNS.map(() => "?").join(", ")})`,
    );
    let rows = 0;
    let pending = 0;
    db.transaction(() => {
      for (const date of days) {
        for (const e of employees) {
          if (e.start > date) continue;
          if (rand() < 0.03) continue; // absent
          const late = rand() < 0.08;
          const checkinMin = late ? 8 * 60 + 31 + Math.floor(rand() * 70) : 7 * 60 + 40 + Math.floor(rand() * 50);
          const checkinAt = at(date, checkinMin, Math.floor(rand() * 60));
          const lateMinutes = Math.max(0, Math.floor((checkinAt - at(date, 8 * 60 + 30)) / 60_000));
          const missing = rand() < 0.015;
          const early = !missing && rand() < 0.04;
          const checkoutMin = early ? 15 * 60 + 30 + Math.floor(rand() * 119) : 17 * 60 + 30 + Math.floor(rand() * 60);
          const checkoutAt = missing ? null : at(date, checkoutMin, Math.floor(rand() * 60));
          const earlyMinutes = checkoutAt ? Math.max(0, Math.ceil((at(date, 17 * 60 + 30) - checkoutAt) / 60_000)) : 0;
          const f = rand();
          const flag = f < 0.02 ? "outside" : f < 0.03 ? "stale_position" : f < 0.035 ? "clock_drift" : null;
          const flags = flag ? [flag, "no_selfie"] : ["no_selfie"];
          let review = "none";
          if (flag) review = date >= pendingFrom ? "pending" : rand() < 0.9 ? "accepted" : "rejected";
          if (review === "pending") pending++;
          const decided = review === "accepted" || review === "rejected";
          insert.run(
            e.id,
            date,
            ...side(rand, checkinAt, flag === "outside"),
            ...(checkoutAt ? side(rand, checkoutAt, false) : Array(9).fill(null)),
            lateMinutes,
            earlyMinutes,
            JSON.stringify(flags),
            review,
            decided ? (review === "accepted" ? "ตรวจสอบแล้ว ออกไปพบลูกค้า" : "ไม่พบหลักฐาน") : null,
            decided ? at(date, 20 * 60) + DAY_MS : null,
            date < pendingFrom ? 1 : 0,
            checkinAt,
            checkoutAt ?? checkinAt,
            // The flags are the check-in's: its side carries the review (ADR 043).
            review,
            "none",
          );
          rows++;
        }
      }
    })();
    // Fold the large WAL back into the file so the scenarios do not read through it.
    db.pragma("wal_checkpoint(TRUNCATE)");
    return { rows, pending, days: days.length, from: days[0], to: days.at(-1), ms: performance.now() - started };
  } finally {
    db.close();
  }
}

/** Rows of the seed in [from, to] (for the CSV report). */
export function countAttendance(ctx, { from, to }) {
  const db = openDb(ctx.dataDir);
  try {
    return db.prepare("select count(*) as n from attendance where work_date between ? and ?").get(from, to).n;
  } finally {
    db.close();
  }
}

const CHECKIN_CODE_PREFIX = "CK";

/**
 * Employees only one load scenario uses (check-in: codes CK…; the petition load passes its own
 * prefix), each linked to its own demo LINE user (Udemo + code) and holding a tn_emp cookie signed
 * with the server's secret exactly as commitLineIdentity() signs it after POST /api/emp/authen.
 * Inserted in one transaction.
 * @returns {{ ids: number[], cookies: string[] }}
 */
export async function createCheckinEmployees(ctx, count, { prefix = CHECKIN_CODE_PREFIX, lastName = "ลงเวลา" } = {}) {
  const secretFile = path.join(ctx.dataDir, SECRET_FILE);
  if (!fs.existsSync(secretFile)) throw new Error(`no session secret at ${secretFile} (the server writes it on the first sign-in)`);
  const cookie = createCookie("tn_emp", { secrets: [fs.readFileSync(secretFile, "utf8").trim()] });
  const today = todayInZone();
  const people = Array.from({ length: count }, (_, i) => {
    const code = `${prefix}${String(i + 1).padStart(5, "0")}`;
    return { code, lineUserId: `Udemo${code}` };
  });
  const db = openDb(ctx.dataDir);
  let ids;
  try {
    const insert = db.prepare(
      `insert into employees (code, title, first_name, last_name, position, department, start_date, line_user_id)
       values (?, 1, 'ทดสอบ', ?, 'พนักงานทดสอบ', 'ทดสอบระบบ', ?, ?) returning id`,
    );
    ids = db.transaction(() => people.map((p) => insert.get(p.code, lastName, today, p.lineUserId).id))();
  } finally {
    db.close();
  }
  const cookies = await Promise.all(
    people.map(async (p) =>
      (await cookie.serialize({ lineUserId: p.lineUserId, name: "ผู้ใช้ทดลอง", picture: null, demo: true, iat: Date.now() })).split(";")[0],
    ),
  );
  return { ids, cookies };
}

/**
 * Removes the load's employees with their attendance records and leave petitions, so later
 * scenarios see the 1,000 only. Returns the attendance records and petitions removed.
 */
export function removeCheckinEmployees(ctx, ids) {
  if (!ids?.length) return { records: 0, petitions: 0 };
  const db = openDb(ctx.dataDir);
  try {
    return db.transaction(() => {
      const list = JSON.stringify(ids);
      // The day ledger's rows go with the employees (they reference them); no other date changes.
      db.prepare("delete from attendance_days where employee_id in (select value from json_each(?))").run(list);
      const records = db.prepare("delete from attendance where employee_id in (select value from json_each(?))").run(list).changes;
      const petitions = db.prepare("delete from leave_petitions where employee_id in (select value from json_each(?))").run(list).changes;
      db.prepare("delete from employees where id in (select value from json_each(?))").run(list);
      return { records, petitions };
    })();
  } finally {
    db.close();
  }
}

const BOUNDARY = "----tnbenchform7MA4YWxkTrZu0gW";

/** The multipart body the LIFF check-in page sends without a selfie (CheckinOut.tsx send()). */
export function checkinForm(type, nowMs = Date.now()) {
  const fields = {
    type,
    lat: String(OFFICE.lat + 0.0002),
    lng: String(OFFICE.lng - 0.0001),
    accuracy: "12",
    position_at: new Date(nowMs - 1500).toISOString(),
    client_time: new Date(nowMs).toISOString(),
  };
  const body =
    Object.entries(fields)
      .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") + `--${BOUNDARY}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/**
 * One download of `urlPath`, read to the end as a stream; the server's VmRSS is sampled before,
 * every 25 ms during, and after. Throws unless the answer is 200 with a content type holding
 * `type` (text/csv unless told). `keep`: the body's bytes are returned too (`body`).
 */
export async function timedDownload(ctx, urlPath, { cookie, timeoutMs = 60_000, type: expected = "text/csv", keep = false }) {
  const before = ctx.memory().rss;
  let peak = before;
  const sampler = setInterval(() => {
    const { rss } = ctx.memory();
    if (rss !== null && rss > peak) peak = rss;
  }, 25);
  const started = performance.now();
  try {
    const response = await fetch(new URL(urlPath, ctx.baseUrl), {
      headers: { cookie },
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status !== 200) {
      throw new Error(`GET ${urlPath} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    }
    const type = response.headers.get("content-type") ?? "";
    if (!type.includes(expected)) throw new Error(`GET ${urlPath} answered ${type || "no content-type"}, not ${expected}`);
    let firstByteMs = null;
    let bytes = 0;
    let lines = 0;
    const chunks = [];
    for await (const chunk of response.body) {
      firstByteMs ??= performance.now() - started;
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      if (keep) chunks.push(chunk);
    }
    const ms = performance.now() - started;
    const after = ctx.memory().rss;
    if (after !== null && after > peak) peak = after;
    return { ms, firstByteMs, bytes, lines, rss: { before, peak, after }, ...(keep ? { body: Buffer.concat(chunks) } : {}) };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The settings every attendance scenario runs with, through PUT /api/settings as the admin: one
 * office around the positions the seed and the check-in post, and no selfie required.
 */
export async function applyAttendanceSettings(ctx) {
  const response = await fetch(new URL("/api/settings", ctx.baseUrl), {
    method: "PUT",
    headers: { "content-type": "application/json", cookie: await ctx.login() },
    // The office counts attendance from the first day of the seeded history (seedAttendance's range).
    body: JSON.stringify({ offices: [OFFICE], require_selfie: false, outside_radius: "review", attendance_start: historyStart() }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`PUT /api/settings answered ${response.status}: ${text.slice(0, 200)}`);
}
