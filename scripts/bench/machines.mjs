// Cabinet data for the benchmark: 200 machines around the office, each looked after by two of the
// 1,000 seeded employees, and ~20k visit reports over the seeded two years, written straight into
// the server's SQLite file like the attendance seed; plus the employee the machine-list load uses.
import { DAY_MS, isoDay, OFFICE, openDb, random, todayInZone, TIME_ZONE, UTC_OFFSET_MS, SEED_YEARS } from "./attendance.mjs";

export const MACHINE_COUNT = 200;
export const VISITS_PER_MACHINE = 100;
/** Machines the machine-list load's own employee looks after. */
export const LOAD_EMPLOYEE_MACHINES = 8;
export const LOAD_EMPLOYEE_PREFIX = "MC";

const STATUSES = [
  ["normal", 0.55],
  ["refilled", 0.3],
  ["out_of_stock", 0.1],
  ["broken", 0.05],
];
const EVERY_DAYS = [7, 14, 30, null];

function pick(rand, weighted) {
  let x = rand();
  for (const [value, weight] of weighted) {
    if ((x -= weight) < 0) return value;
  }
  return weighted[weighted.length - 1][0];
}

/** A point `distance` metres from the office in a random direction. */
function near(rand, distance) {
  const bearing = rand() * 2 * Math.PI;
  return {
    lat: Math.round((OFFICE.lat + (distance * Math.cos(bearing)) / 111_320) * 1e6) / 1e6,
    lng: Math.round((OFFICE.lng + (distance * Math.sin(bearing)) / (111_320 * Math.cos((OFFICE.lat * Math.PI) / 180))) * 1e6) / 1e6,
  };
}

/**
 * `count` machines, 200 by default (codes VM001…; half type 2 with a location and a 50–150 m radius, half type 1, a
 * quarter of those located; visit schedules of 7, 14, 30 days or none), two open assignments each
 * among the seeded employees, and 100 visits each spread over the seeded years (55 % normal,
 * 30 % refilled, 10 % out of stock, 5 % broken), the newest kept in last_visit_id. Deterministic;
 * one transaction.
 */
export function seedMachines(ctx, { now = Date.now(), count = MACHINE_COUNT } = {}) {
  const started = performance.now();
  const rand = random(20261124);
  const today = todayInZone(now);
  const fromMs = Date.parse(`${Number(today.slice(0, 4)) - SEED_YEARS}${today.slice(4)}T00:00:00Z`);
  const toMs = Date.parse(`${today}T00:00:00Z`) - DAY_MS;
  const employeeIds = ctx.seed.employees.map((e) => e.id);
  const db = openDb(ctx.dataDir);
  const counts = { machines: 0, assignments: 0, visits: 0, overdue: 0, problems: 0 };
  try {
    const insertMachine = db.prepare(
      `insert into machines (code, name, type, lat, lng, radius_m, address, visit_every_days, note, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?) returning id`,
    );
    const assign = db.prepare("insert into machine_assignments (machine_id, employee_id, assigned_at) values (?, ?, ?)");
    const visit = db.prepare(
      `insert into machine_visits (machine_id, employee_id, visited_at, visit_date, status, note, lat, lng, accuracy, distance_m, geofence, flags, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', ?) returning id`,
    );
    const setLast = db.prepare("update machines set last_visit_id = ? where id = ?");
    db.transaction(() => {
      for (let m = 0; m < count; m++) {
        const type = m % 2 === 0 ? 2 : 1;
        const located = type === 2 || m % 4 === 1;
        const place = located ? near(rand, 300 + rand() * 20_000) : null;
        const every = EVERY_DAYS[m % EVERY_DAYS.length];
        const id = insertMachine.get(
          `VM${String(m + 1).padStart(3, "0")}`,
          `ตู้ ${["อาคาร", "โรงงาน", "ห้าง", "โรงพยาบาล", "มหาวิทยาลัย"][m % 5]} ${m + 1}`,
          type,
          place?.lat ?? null,
          place?.lng ?? null,
          50 + (m % 3) * 50,
          located ? `ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร ${10110 + (m % 5)}` : "",
          every,
          fromMs,
          fromMs,
        ).id;
        counts.machines++;
        const carers = [employeeIds[(m * 5) % employeeIds.length], employeeIds[(m * 5 + 1) % employeeIds.length]];
        for (const employeeId of carers) {
          assign.run(id, employeeId, fromMs);
          counts.assignments++;
        }
        // Visits at even spacing with jitter; the last one between 1 and 40 days ago, so some
        // scheduled machines are overdue.
        const lastMs = toMs - Math.floor(rand() * 40) * DAY_MS;
        const step = (lastMs - fromMs) / VISITS_PER_MACHINE;
        let lastId = null;
        let lastStatus = null;
        for (let v = 0; v < VISITS_PER_MACHINE; v++) {
          const dayMs = v === VISITS_PER_MACHINE - 1 ? lastMs : fromMs + Math.floor((v + rand()) * step / DAY_MS) * DAY_MS;
          const at = dayMs - UTC_OFFSET_MS + (9 * 60 + Math.floor(rand() * 8 * 60)) * 60_000;
          const status = pick(rand, STATUSES);
          const spot = place ? near(rand, rand() * 60) : near(rand, 500 + rand() * 5000);
          const distance = place ? Math.round(Math.hypot((spot.lat - place.lat) * 111_320, (spot.lng - place.lng) * 108_000) * 10) / 10 : null;
          lastId = visit.get(
            id,
            carers[v % 2],
            at,
            isoDay(dayMs),
            status,
            status === "broken" ? "หน้าจอไม่ติด" : status === "out_of_stock" ? "น้ำดื่มหมด" : "",
            spot.lat,
            spot.lng,
            10 + Math.round(rand() * 20),
            distance,
            place ? "inside" : null,
            at,
          ).id;
          lastStatus = status;
          counts.visits++;
        }
        setLast.run(lastId, id);
        if (lastStatus === "broken" || lastStatus === "out_of_stock") counts.problems++;
        if (every !== null && isoDay(lastMs + every * DAY_MS) < today) counts.overdue++;
      }
    })();
  } finally {
    db.close();
  }
  return { ...counts, timeZone: TIME_ZONE, ms: performance.now() - started };
}

/** Gives the load's own employee (created like the check-in ones) LOAD_EMPLOYEE_MACHINES machines. */
export function assignLoadMachines(ctx, employeeId) {
  const db = openDb(ctx.dataDir);
  try {
    const ids = db.prepare("select id from machines order by id limit ?").all(LOAD_EMPLOYEE_MACHINES).map((r) => r.id);
    const assign = db.prepare("insert into machine_assignments (machine_id, employee_id) values (?, ?)");
    db.transaction(() => ids.forEach((id) => assign.run(id, employeeId)))();
    return ids;
  } finally {
    db.close();
  }
}

/** Removes the load employee's assignments (before its row goes). */
export function removeLoadAssignments(ctx, employeeIds) {
  const db = openDb(ctx.dataDir);
  try {
    db.prepare("delete from machine_assignments where employee_id in (select value from json_each(?))").run(JSON.stringify(employeeIds));
  } finally {
    db.close();
  }
}

/** Where the machine-list load stands: beside the office. */
export const LOAD_POSITION = { lat: OFFICE.lat, lng: OFFICE.lng };
