// The benchmark data set, shared by `npm run bench` and `npm run bench:seed`: 1,000 employees through
// the API, then two years of attendance, the leave petitions and the cabinets straight into the
// running server's database. `scale` (bench:seed only) multiplies the employees and the cabinets:
// the employees past the first 1,000 are inserted straight into the database as well (10,000 more
// POSTs would measure the API, not build a data set).
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { applyAttendanceSettings, historyStart, openDb, seedAttendance, todayInZone } from "./attendance.mjs";
import { seedLeave, seedLeaveHolidays } from "./leave.mjs";
import { MACHINE_COUNT, seedMachines } from "./machines.mjs";
import { seedEmployee, seedEmployees, SEED_CONCURRENCY, SEED_COUNT } from "./seed.mjs";

export const BENCH_ADMIN = { username: "bench-admin", password: "bench-admin-Password-2024" };

/** What the seeders need of a started server (scripts/bench/server.mjs), with a cached admin sign-in. */
export function benchContext(server, { requestTimeoutS = 10, ...extra } = {}) {
  let session = null;
  return {
    baseUrl: server.baseUrl,
    port: server.port,
    dataDir: server.dataDir,
    memory: () => server.memory(),
    admin: BENCH_ADMIN,
    attendance: null,
    leave: null,
    machines: null,
    seed: null,
    state: {},
    report: {},
    ...extra,
    /** Signs in once (JSON API) and returns the `tn_admin=…` cookie pair. */
    async login() {
      session ??= (async () => {
        const response = await fetch(new URL("/api/auth/login", server.baseUrl), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(BENCH_ADMIN),
          signal: AbortSignal.timeout(requestTimeoutS * 1000),
        });
        const pair = response.headers
          .getSetCookie()
          .map((h) => h.split(";")[0])
          .find((p) => p.startsWith("tn_admin="));
        if (response.status !== 200 || !pair) {
          throw new Error(`login answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
        }
        return pair;
      })();
      return session;
    },
  };
}

/**
 * Employees `from`…`to - 1` of seedEmployee() inserted in one transaction with the audit entry
 * createEmployee() writes (as the first admin). @returns {{ id: number, code: string }[]}
 */
export function insertEmployees(ctx, from, to) {
  const db = openDb(ctx.dataDir);
  try {
    const adminId = db.prepare("select id from admins order by id limit 1").get()?.id ?? null;
    const insert = db.prepare(
      `insert into employees (code, title, first_name, last_name, nickname, phone, position, department, start_date)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    );
    const audit = db.prepare(
      "insert into audit_log (actor_type, actor_id, action, entity, entity_id, changes) values ('admin', ?, 'create', 'employee', ?, ?)",
    );
    return db.transaction(() => {
      const rows = [];
      for (let i = from; i < to; i++) {
        const e = seedEmployee(i);
        const { id } = insert.get(e.code, e.title, e.first_name, e.last_name, e.nickname, e.phone, e.position, e.department, e.start_date);
        audit.run(adminId, String(id), JSON.stringify(e));
        rows.push({ id, code: e.code });
      }
      return rows;
    })();
  } finally {
    db.close();
  }
}

/** `npm run ledger:fill` over the seeded history beside the running server. */
function fillLedger(ctx, { from, to }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let output = "";
    const child = spawn("npm", ["run", "--silent", "ledger:fill", "--", "--from", from, "--to", to], {
      cwd: ctx.root ?? process.cwd(),
      env: { ...process.env, DATA_DIR: ctx.dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) =>
      code === 0 ? resolve({ from, to, ms: performance.now() - started, output: output.trim() }) : reject(new Error(`npm run ledger:fill exited ${code}: ${output.trim()}`)),
    );
  });
}

/**
 * Seeds everything into `ctx` (ctx.seed, .attendance, .leave, .machines); throws naming the step
 * that failed. `scale` multiplies the employees (SEED_COUNT × scale) and the machines.
 */
export async function seedDataSet(ctx, log, { requestTimeoutS = 10, scale = 1 } = {}) {
  const step = async (name, fn) => {
    try {
      return await fn();
    } catch (error) {
      error.message = `${name} seeding FAILED: ${error.message}`;
      throw error;
    }
  };
  log(`seeding ${SEED_COUNT} employees (${SEED_CONCURRENCY} in flight)`);
  ctx.seed = await step("employee", () => seedEmployees(ctx, { count: SEED_COUNT, concurrency: SEED_CONCURRENCY, timeoutMs: requestTimeoutS * 1000 }));
  log(`seeded ${ctx.seed.count} employees in ${(ctx.seed.ms / 1000).toFixed(1)} s`);
  if (scale > 1) {
    const started = performance.now();
    const more = await step("employee", () => insertEmployees(ctx, SEED_COUNT, SEED_COUNT * scale));
    ctx.seed = { ...ctx.seed, count: ctx.seed.count + more.length, employees: [...ctx.seed.employees, ...more] };
    ctx.seed.direct = { count: more.length, ms: performance.now() - started };
    log(`inserted ${more.length.toLocaleString("en-US")} more employees straight into the database in ${(ctx.seed.direct.ms / 1000).toFixed(1)} s`);
  }

  ctx.attendance = await step("attendance", async () => {
    await applyAttendanceSettings(ctx);
    const attendance = seedAttendance(ctx);
    // The seed held this event loop for seconds: let it see the keep-alive sockets the server
    // closed meanwhile, or the next fetch may pick one and fail ("other side closed").
    await sleep(500);
    return attendance;
  });
  log(
    `seeded ${ctx.attendance.rows.toLocaleString("en-US")} attendance rows (${ctx.attendance.days} weekdays, ` +
      `${ctx.attendance.pending} pending review) in ${(ctx.attendance.ms / 1000).toFixed(1)} s`,
  );

  ctx.leave = await step("leave", async () => {
    const holidays = await seedLeaveHolidays(ctx);
    const leave = { ...seedLeave(ctx), holidays };
    await sleep(500); // as after the attendance seed
    return leave;
  });
  log(
    `seeded ${ctx.leave.petitions.toLocaleString("en-US")} leave petitions (${ctx.leave.status[1]} pending; busiest month ` +
      `${ctx.leave.busiestMonth}) in ${(ctx.leave.ms / 1000).toFixed(1)} s`,
  );

  // The history went straight into the database: fill its day ledger as the nightly job would
  // have, one date after another (ADR 043), so the readers measure reads, not a first fill.
  ctx.ledger = await step("ledger", () => fillLedger(ctx, { from: historyStart(), to: todayInZone() }));
  log(ctx.ledger.output);

  ctx.machines = await step("machine", () => seedMachines(ctx, { count: MACHINE_COUNT * scale }));
  log(
    `seeded ${ctx.machines.machines} machines, ${ctx.machines.visits.toLocaleString("en-US")} visit reports ` +
      `(${ctx.machines.overdue} overdue, ${ctx.machines.problems} with an open problem) in ${(ctx.machines.ms / 1000).toFixed(1)} s`,
  );
}
