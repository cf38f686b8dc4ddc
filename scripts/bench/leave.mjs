// Leave data for the benchmark: the holiday table for the seeded years (through the admin API),
// ~20k petitions of the 1,000 seeded employees written straight into the server's SQLite file
// (like the attendance seed), and the request plan of the petition load.
import { DAY_MS, isoDay, isWeekday, openDb, random, todayInZone } from "./attendance.mjs";
import { seedEmployee } from "./seed.mjs";

const LeaveStatus = { cancel: 0, request: 1, approve: 2, reject: 3 };
/** Petitions start up to this many days ahead (filed early); the window starts on 1 January of last year. */
const AHEAD_DAYS = 45;
/** Petitions per employee over the window: uniform in [MIN, MIN + SPREAD). */
const PER_EMPLOYEE_MIN = 14;
const PER_EMPLOYEE_SPREAD = 13;

const REASONS = {
  1: ["ติดต่อราชการที่อำเภอ", "พาบุตรไปโรงเรียน", "ธุระส่วนตัว", "ไปธนาคาร", "งานบวชญาติ", "ซ่อมบ้าน"],
  2: ["ไข้หวัด", "ปวดท้อง", "ไปพบแพทย์ตามนัด", "ปวดหลัง", "ทำฟัน", "ไมเกรน"],
  3: ["เที่ยวต่างจังหวัดกับครอบครัว", "กลับบ้านต่างจังหวัด", "พักผ่อนประจำปี", "ไปงานแต่งงานเพื่อน"],
};

async function postJson(ctx, urlPath, body) {
  const response = await fetch(new URL(urlPath, ctx.baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json", cookie: await ctx.login() },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST ${urlPath} answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/**
 * The holiday table for last year, this year and next: the server seeds this year and next at
 * start; last year (and any year the start did not seed) goes through POST /api/holiday/seed.
 * @returns {Record<string, number>} holidays per year
 */
export async function seedLeaveHolidays(ctx, { now = Date.now() } = {}) {
  const thisYear = Number(todayInZone(now).slice(0, 4));
  const years = [thisYear - 1, thisYear, thisYear + 1];
  const db = openDb(ctx.dataDir);
  let seeded;
  try {
    seeded = new Set(db.prepare("select year from holiday_years").all().map((r) => r.year));
  } finally {
    db.close();
  }
  for (const year of years) if (!seeded.has(year)) await postJson(ctx, "/api/holiday/seed", { year });
  const check = openDb(ctx.dataDir);
  try {
    const count = check.prepare("select count(*) as n from holidays where date like ? || '-%'");
    const perYear = Object.fromEntries(years.map((y) => [String(y), count.get(String(y)).n]));
    for (const [year, n] of Object.entries(perYear)) if (n < 13) throw new Error(`the holiday table has ${n} days in ${year}`);
    return perYear;
  } finally {
    check.close();
  }
}

/** Working days (Monday–Friday, the default work days, minus the holiday table) in [from, to]. */
export function workingDays(ctx, from, to) {
  const db = openDb(ctx.dataDir);
  let holidays;
  try {
    holidays = new Set(db.prepare("select date from holidays where date between ? and ?").all(from, to).map((r) => r.date));
  } finally {
    db.close();
  }
  const days = [];
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += DAY_MS) {
    const date = isoDay(d);
    if (isWeekday(date) && !holidays.has(date)) days.push(date);
  }
  return days;
}

const pick = (rand, list) => list[Math.floor(rand() * list.length)];

/** Type, length in working days (0.5 = a half day) and whether a certificate note is needed. */
function petitionShape(rand) {
  const t = rand();
  const r = rand();
  if (t < 0.45) {
    // sick: mostly one day; 3+ working days carry the explanation instead of a certificate
    const length = r < 0.15 ? 0.5 : r < 0.7 ? 1 : r < 0.9 ? 2 : 3 + Math.floor(rand() * 3);
    return { type: 2, length };
  }
  if (t < 0.75) return { type: 1, length: r < 0.35 ? 0.5 : r < 0.85 ? 1 : 2 };
  return { type: 3, length: r < 0.05 ? 0.5 : 1 + Math.floor(rand() * 5) };
}

/**
 * Petitions from 1 January of last year to AHEAD_DAYS ahead for the seeded employees (from each
 * one's start date), never overlapping for one employee: all three types, half days, every status.
 * Past petitions were decided (86 % approved, 5 % rejected, 9 % cancelled); those starting after
 * today are 30 % pending, 65 % approved, 5 % cancelled. `days` counts working days as the server
 * does (Monday–Friday minus the holiday table); `year` is the year of start_date. One transaction.
 */
export function seedLeave(ctx, { now = Date.now() } = {}) {
  const started = performance.now();
  const rand = random(20261212);
  const today = todayInZone(now);
  const from = `${Number(today.slice(0, 4)) - 1}-01-01`;
  const to = isoDay(Date.parse(`${today}T00:00:00Z`) + AHEAD_DAYS * DAY_MS);
  const days = workingDays(ctx, from, to);
  const employees = ctx.seed.employees.map((e, i) => ({ id: e.id, start: seedEmployee(i).start_date }));
  const columns = [
    "employee_id", "type", "start_date", "end_date", "half", "days", "year", "reason", "certificate_note", "status",
    "decided_by", "decided_at", "decision_note", "cancelled_at", "cancelled_by", "created_at", "updated_at",
  ];
  const db = openDb(ctx.dataDir);
  try {
    const adminId = db.prepare("select id from admins order by id limit 1").get()?.id ?? null;
    const insert = db.prepare(`insert into leave_petitions (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`);
    const stats = { petitions: 0, status: { 0: 0, 1: 0, 2: 0, 3: 0 }, type: { 1: 0, 2: 0, 3: 0 }, half: 0, days: 0 };
    const months = new Map();
    db.transaction(() => {
      for (const e of employees) {
        const n = PER_EMPLOYEE_MIN + Math.floor(rand() * PER_EMPLOYEE_SPREAD);
        // Petitions start every gap + ~3 working days on average (the span, a day between, the
        // random wait); the first one falls anywhere in such an interval, so no month is crowded.
        const gap = Math.max(1, days.length / n - 3);
        let cursor = Math.floor(rand() * (gap + 3));
        while (cursor < days.length) {
          const { type, length } = petitionShape(rand);
          const span = Math.ceil(length);
          if (cursor + span > days.length) break;
          const startDate = days[cursor];
          const endDate = days[cursor + span - 1];
          cursor += span + 1 + Math.floor(rand() * 2 * gap);
          if (startDate < e.start) continue;
          const half = length === 0.5 ? (rand() < 0.5 ? "morning" : "afternoon") : null;
          const startMs = Date.parse(`${startDate}T01:00:00Z`);
          // Sick leave is filed on the day or after; the rest one to fourteen days ahead.
          const filedMs = type === 2 ? startMs + Math.floor(rand() * 2) * DAY_MS : startMs - (1 + Math.floor(rand() * 14)) * DAY_MS;
          const createdAt = Math.min(filedMs + Math.floor(rand() * 8 * 3600_000), now - 60_000);
          const s = rand();
          const status =
            startDate > today
              ? s < 0.3 ? LeaveStatus.request : s < 0.95 ? LeaveStatus.approve : LeaveStatus.cancel
              : s < 0.86 ? LeaveStatus.approve : s < 0.91 ? LeaveStatus.reject : LeaveStatus.cancel;
          const decidedAt =
            status === LeaveStatus.request ? null : Math.min(createdAt + Math.floor((1 + rand() * 47) * 3600_000), now - 30_000);
          const byAdmin = status === LeaveStatus.approve || status === LeaveStatus.reject || (status === LeaveStatus.cancel && rand() < 0.3);
          insert.run(
            e.id,
            type,
            startDate,
            endDate,
            half,
            length,
            Number(startDate.slice(0, 4)),
            pick(rand, REASONS[type]),
            type === 2 && length >= 3 ? "ไปคลินิกใกล้บ้าน ไม่ได้ขอใบรับรองแพทย์" : null,
            status,
            byAdmin && status !== LeaveStatus.cancel ? adminId : null,
            status === LeaveStatus.approve || status === LeaveStatus.reject ? decidedAt : null,
            status === LeaveStatus.reject ? "ช่วงนี้งานเร่ง ขอให้เลื่อนวันลา" : null,
            status === LeaveStatus.cancel ? decidedAt : null,
            status === LeaveStatus.cancel ? (byAdmin ? "admin" : "employee") : null,
            createdAt,
            decidedAt ?? createdAt,
          );
          stats.petitions++;
          stats.status[status]++;
          stats.type[type]++;
          if (half) stats.half++;
          stats.days += length;
          if (status === LeaveStatus.request || status === LeaveStatus.approve) {
            const month = startDate.slice(0, 7);
            months.set(month, (months.get(month) ?? 0) + 1);
          }
        }
      }
    })();
    db.pragma("wal_checkpoint(TRUNCATE)");
    const [busiestMonth, busiestCount] = [...months.entries()].sort((a, b) => b[1] - a[1] || b[0].localeCompare(a[0]))[0];
    return { ...stats, from, to, busiestMonth, busiestCount, ms: performance.now() - started };
  } finally {
    db.close();
  }
}

/**
 * The petition load's plan: request k goes to employee k mod E on working day ⌊k / E⌋ after
 * today, so no employee ever files two petitions on one date (they would overlap: 409), even with
 * many in flight. `dates` are the full working days from tomorrow to the end of next year.
 */
export function petitionPlan(ctx, requests, { now = Date.now() } = {}) {
  const today = todayInZone(now);
  const dates = workingDays(ctx, isoDay(Date.parse(`${today}T00:00:00Z`) + DAY_MS), `${Number(today.slice(0, 4)) + 1}-12-31`);
  return { dates, employees: Math.ceil(requests / dates.length) };
}
