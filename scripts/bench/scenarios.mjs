// The benchmark scenarios. To add one, append an object:
//   name       shown in the table (method + path, plus a note if needed)
//   baseline   true for exactly one scenario (GET /healthz); the others' req/s are compared to it
//   budget     null, or { text: "p50 ≤ 150 ms", met: (row) => boolean } where row has
//              rps, p50, p90, p99, max (ms) — see summarise() in scripts/bench/report.mjs
//   setup(ctx) optional, async; runs once before the load (log in, create records, …)
//   check(response, body, ctx) optional; throws if the probe's answer is not what should be measured
//   options(ctx) the autocannon options for this scenario: at least path and connections;
//              method, headers, body as needed; timeout (s) only to raise the runner's 10 s
//              (for the probe and the load).
//              url and duration are added by the runner.
//   probe(ctx) optional; the request options of the one probe (default: options(ctx))
//   run(ctx)   optional, async; instead of an autocannon load, measures once and records its
//              figures in ctx.report (no table row). setup may return { skip: "why" } to skip
//              the scenario with a note (e.g. a route that answers 404 in this build).
//   after(ctx, window) optional, async; always runs once the scenario ends (also when it failed;
//              window is then null), to stop background work. window = { start, end } of the
//              measured load in performance.now() time. Throwing fails the scenario.
// ctx: { root, baseUrl, port, dataDir, admin: { username, password }, state: {}, login(): Promise<cookie>,
//        seed: { count, ms, employees: [{ id, code }] } (seeded before the first scenario),
//        attendance: the attendance seed's figures (scripts/bench/attendance.mjs),
//        leave: the leave seed's figures (scripts/bench/leave.mjs),
//        baselineRps (set once /healthz ran), memory(): the server's { rss, peak } in bytes,
//        report: {} (extra figures for the run section, e.g. report.face) }.
// Every scenario must answer 2xx: one probe request is sent before the load and any non-2xx
// or error during the load fails the run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { readSheet } from "read-excel-file/node";
import {
  descriptorTiming,
  facePoolSize,
  linkDemoEmployee,
  selfieJpeg,
  startFaceLoop,
} from "./face.mjs";
import {
  checkinForm,
  countAttendance,
  createCheckinEmployees,
  lastFullMonth,
  lastFullYear,
  lastSeededWeekday,
  random,
  removeCheckinEmployees,
  timedDownload,
  todayInZone,
} from "./attendance.mjs";
import { petitionPlan } from "./leave.mjs";
import { DESKTOP_PAGE, integrityOf, padDatabase, runBackup, runMixedLoad, soakPool, startJanitor, summariseSamples } from "./soak.mjs";
import { assignLoadMachines, LOAD_EMPLOYEE_MACHINES, LOAD_EMPLOYEE_PREFIX, LOAD_POSITION, removeLoadAssignments } from "./machines.mjs";
import { expectedMatches, SEARCH_FRAGMENT } from "./seed.mjs";

const html = (label) => (response, body) => {
  if (!(response.headers.get("content-type") ?? "").includes("text/html") || !/<html/i.test(body)) {
    throw new Error(`${label} did not answer an HTML page`);
  }
};

const FACE_IN_FLIGHT = 4;
const BACKUP_DATABASE_MB = 1024;
const BACKUP_CONNECTIONS = 8;

const clients = (n) => (n === 1 ? "1 client" : `${n} clients`);

/** DESIGN.md §10: every admin page's SSR, median ≤ 20 ms at 1 client and ≤ 150 ms at 8. */
const adminPageBudget = (connections) =>
  connections === 1
    ? { text: "p50 ≤ 20 ms", met: (row) => row.p50 <= 20 }
    : { text: "p50 ≤ 150 ms", met: (row) => row.p50 <= 150 };

const CHECKIN_CONNECTIONS = 32;

/**
 * Check-in employees for the warm-up and the measured load: each takes two requests (in, out),
 * and a check-in cannot beat /healthz (measured first in the same run), so that rate with 50 %
 * headroom bounds what the load can use; plus two per connection (each may start an employee it
 * does not finish) and the probe.
 */
function checkinEmployeeCount(ctx) {
  return Math.ceil(requestBound(ctx) / 2) + 2 * CHECKIN_CONNECTIONS + 1;
}

/** The most requests a write load can send: /healthz's rate (measured first) with 50 % headroom. */
function requestBound(ctx) {
  const rate = Math.max(ctx.baselineRps ?? 0, 200);
  return Math.ceil(rate * (ctx.seconds + ctx.warmup) * 1.5);
}

const PETITION_CONNECTIONS = 32;
const PETITION_CODE_PREFIX = "LV";
const thisYear = () => Number(todayInZone().slice(0, 4));

/** Sets up a scenario on a route another change may not have yet: 404 skips it with a note. */
async function skipWhenMissing(ctx, urlPath) {
  const response = await fetch(new URL(urlPath, ctx.baseUrl), {
    headers: { cookie: await ctx.login(), accept: "application/json" },
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  return response.status === 404 ? { skip: `${urlPath.split("?")[0]} answered 404 (the route is not in this build)` } : null;
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const jsonBody = (label, test) => (response, body) => {
  if (response.status !== 200 || !(response.headers.get("content-type") ?? "").includes("application/json")) {
    throw new Error(`${label} answered ${response.status} ${response.headers.get("content-type")}`);
  }
  test?.(JSON.parse(body));
};

/** The next petition of the load: employee k mod E, working day ⌊k / E⌋ (see petitionPlan). */
function petitionRequest(pool) {
  const k = pool.next++;
  const employee = k % pool.cookies.length;
  let day = Math.floor(k / pool.cookies.length);
  if (day >= pool.dates.length) {
    pool.exhausted = true;
    day = pool.dates.length - 1;
  }
  const date = pool.dates[day];
  return {
    path: "/api/emp/leave/petition",
    method: "POST",
    headers: { cookie: pool.cookies[employee], "content-type": "application/json" },
    body: JSON.stringify({ type: 1, start_date: date, end_date: date, half: "full", reason: "ติดต่อราชการที่อำเภอ" }),
  };
}

export const scenarios = [
  {
    name: "GET /healthz",
    baseline: true,
    budget: null,
    options: () => ({ path: "/healthz", connections: 32 }),
  },
  {
    name: "POST /api/auth/login (argon2id)",
    budget: null,
    options: (ctx) => ({
      path: "/api/auth/login",
      method: "POST",
      connections: 4,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: ctx.admin.username, password: ctx.admin.password }),
    }),
  },
  {
    name: "GET /api/user-auth (session)",
    budget: null,
    async setup(ctx) {
      ctx.state.cookie = await ctx.login();
    },
    options: (ctx) => ({
      path: "/api/user-auth",
      connections: 32,
      headers: { cookie: ctx.state.cookie },
    }),
  },
  ...[1, 8].map((connections) => ({
    name: `GET /admin/dashboard (SSR, 1,000 employees, 200 machines), ${clients(connections)}`,
    budget: adminPageBudget(connections),
    async setup(ctx) {
      ctx.state.cookie = await ctx.login();
    },
    options: (ctx) => ({
      path: "/admin/dashboard",
      connections,
      headers: { cookie: ctx.state.cookie, ...DESKTOP_PAGE },
    }),
    check(response, body) {
      html("GET /admin/dashboard")(response, body);
      if (!body.includes("VM0")) throw new Error("GET /admin/dashboard lists no seeded machine (overdue or open problem)");
    },
  })),
  {
    name: `GET /api/emp/machine?lat=&lng= (an employee's ${LOAD_EMPLOYEE_MACHINES} machines, nearest first), 1 client`,
    budget: { text: "p50 ≤ 20 ms", met: (row) => row.p50 <= 20 },
    async setup(ctx) {
      const { ids, cookies } = await createCheckinEmployees(ctx, 1, { prefix: LOAD_EMPLOYEE_PREFIX, lastName: "ดูแลตู้" });
      ctx.state.machineEmployee = { ids, cookie: cookies[0] };
      assignLoadMachines(ctx, ids[0]);
    },
    options: (ctx) => ({
      path: `/api/emp/machine?lat=${LOAD_POSITION.lat}&lng=${LOAD_POSITION.lng}`,
      connections: 1,
      headers: { cookie: ctx.state.machineEmployee.cookie, accept: "application/json" },
    }),
    check: jsonBody("emp/machine", (body) => {
      if (body.items?.length !== LOAD_EMPLOYEE_MACHINES) throw new Error(`emp/machine listed ${body.items?.length} machines, not ${LOAD_EMPLOYEE_MACHINES}`);
      if (!body.items.some((m) => typeof m.distance_m === "number")) throw new Error("emp/machine gave no distances");
    }),
    async after(ctx) {
      const ids = ctx.state.machineEmployee?.ids;
      if (!ids) return;
      removeLoadAssignments(ctx, ids);
      removeCheckinEmployees(ctx, ids);
    },
  },
  // DESIGN.md §10 names a connection count only where concurrency is the point (check-in: 32).
  // These budgets are plain medians, so one client is judged against them; 8 clients are
  // recorded beside them as throughput under contention.
  ...[1, 8].map((connections) => ({
    name: `GET /api/employee?q=${SEARCH_FRAGMENT} (${expectedMatches(SEARCH_FRAGMENT)} of 1,000 match), ${clients(connections)}`,
    budget: connections === 1 ? { text: "p50 ≤ 20 ms", met: (row) => row.p50 <= 20 } : null,
    async setup(ctx) {
      ctx.state.cookie = await ctx.login();
    },
    options: (ctx) => ({
      path: `/api/employee?q=${encodeURIComponent(SEARCH_FRAGMENT)}`,
      connections,
      headers: { cookie: ctx.state.cookie, accept: "application/json" },
    }),
    check(response, body, ctx) {
      const expected = expectedMatches(SEARCH_FRAGMENT, ctx.seed.count);
      const { total, items } = JSON.parse(body);
      if (total !== expected || !items?.length) {
        throw new Error(`search for ${SEARCH_FRAGMENT} found ${total} (expected ${expected})`);
      }
    },
  })),
  ...[1, 8].map((connections) => ({
    name: `GET /admin/employee (SSR, 1,000 employees), ${clients(connections)}`,
    budget: adminPageBudget(connections),
    async setup(ctx) {
      ctx.state.cookie = await ctx.login();
    },
    options: (ctx) => ({
      path: "/admin/employee",
      connections,
      headers: { cookie: ctx.state.cookie, ...DESKTOP_PAGE },
    }),
    check(response, body, ctx) {
      if (response.status !== 200) throw new Error(`GET /admin/employee answered ${response.status}`);
      html("GET /admin/employee")(response, body);
      const first = ctx.seed.employees[0]?.code;
      if (first && !body.includes(first)) throw new Error(`GET /admin/employee does not list ${first}`);
    },
  })),
  {
    // Every request must be 2xx, and an employee checks in and out once a day: each connection
    // takes the next unused employee, checks it in, then out on the same connection (so the out
    // always follows its in), then takes the next. Those employees are removed afterwards.
    name: `POST /api/emp/checkin-out (no selfie; in, then out; ${CHECKIN_CONNECTIONS} connections)`,
    budget: {
      text: "≥ 50 % of /healthz, p99 ≤ 100 ms",
      met: (row) => row.ratio !== null && row.ratio >= 0.5 && row.p99 <= 100,
    },
    async setup(ctx) {
      const count = checkinEmployeeCount(ctx);
      const started = performance.now();
      const { ids, cookies } = await createCheckinEmployees(ctx, count);
      ctx.state.checkin = { ids, cookies, next: 0, exhausted: false };
      ctx.report.checkin = { employees: count, setupMs: performance.now() - started };
    },
    probe(ctx) {
      const pool = ctx.state.checkin;
      const { body, contentType } = checkinForm("in");
      return { path: "/api/emp/checkin-out", method: "POST", headers: { cookie: pool.cookies[pool.next++], "content-type": contentType }, body };
    },
    check(response, body) {
      if (response.status !== 201 || !JSON.parse(body).record?.checkin_at) throw new Error(`check-in answered ${response.status}`);
    },
    options(ctx) {
      const pool = ctx.state.checkin;
      const request = (type) => ({
        setupRequest(req, context) {
          if (type === "in") {
            if (pool.next >= pool.cookies.length) pool.exhausted = true;
            context.cookie = pool.cookies[Math.min(pool.next++, pool.cookies.length - 1)];
          }
          const { body, contentType } = checkinForm(type);
          return { ...req, headers: { ...req.headers, cookie: context.cookie, "content-type": contentType }, body };
        },
      });
      return {
        path: "/api/emp/checkin-out",
        method: "POST",
        connections: CHECKIN_CONNECTIONS,
        requests: [request("in"), request("out")],
      };
    },
    async after(ctx) {
      const pool = ctx.state.checkin;
      ctx.state.checkin = null;
      if (!pool) return;
      if (ctx.report.checkin) ctx.report.checkin.used = Math.min(pool.next, pool.cookies.length);
      const { records } = removeCheckinEmployees(ctx, pool.ids);
      if (ctx.report.checkin) ctx.report.checkin.records = records;
      if (pool.exhausted) throw new Error(`the load used all ${pool.cookies.length} check-in employees (409s follow); raise the count`);
    },
  },
  ...[1, 8].map((connections) => ({
    name: `GET /api/checkin-out/daily (1,000 employees, a seeded weekday, a page of 200 from the day ledger), ${clients(connections)}`,
    budget: connections === 1 ? { text: "p50 ≤ 20 ms", met: (row) => row.p50 <= 20 } : null,
    async setup(ctx) {
      ctx.state.cookie = await ctx.login();
    },
    options: (ctx) => ({
      path: `/api/checkin-out/daily?date=${lastSeededWeekday()}`,
      connections,
      headers: { cookie: ctx.state.cookie, accept: "application/json" },
    }),
    check: jsonBody("daily", (view) => {
      // One keyset page (ADR 043): the first 200 of the 1,000, and the cursor of the next.
      if (view.headcount !== 1000 || view.items?.length !== 200 || !view.next_cursor) throw new Error(`daily listed ${view.headcount} employees, not 1,000`);
      if (view.summary.absent > 200) throw new Error(`daily found ${view.summary.absent} absent: the attendance seed is missing`);
    }),
  })),
  ...[1, 8].map((connections) => ({
    name: `GET /admin/checkin-out (SSR daily tab, 1,000 employees), ${clients(connections)}`,
    budget: adminPageBudget(connections),
    async setup(ctx) {
      ctx.state.cookie = await ctx.login();
    },
    options: (ctx) => ({
      path: `/admin/checkin-out?date=${lastSeededWeekday()}`,
      connections,
      headers: { cookie: ctx.state.cookie, ...DESKTOP_PAGE },
      // Queued behind 7 others a page can take longer than the usual 10 s, which would fail the
      // run rather than show the figure.
      timeout: 30,
    }),
    check(response, body, ctx) {
      if (response.status !== 200) throw new Error(`GET /admin/checkin-out answered ${response.status}`);
      html("GET /admin/checkin-out")(response, body);
      const first = ctx.seed.employees[0]?.code;
      if (first && !body.includes(first)) throw new Error(`GET /admin/checkin-out does not list ${first}`);
    },
  })),
  {
    name: "GET /api/checkin-out/monthly (1,000 employees, last full month, a page of 200 from the day ledger), 1 client",
    budget: { text: "p50 ≤ 50 ms", met: (row) => row.p50 <= 50 },
    async setup(ctx) {
      ctx.state.cookie = await ctx.login();
      return skipWhenMissing(ctx, `/api/checkin-out/monthly?month=${lastFullMonth()}`);
    },
    options: (ctx) => ({
      path: `/api/checkin-out/monthly?month=${lastFullMonth()}`,
      connections: 1,
      headers: { cookie: ctx.state.cookie, accept: "application/json" },
    }),
    check: jsonBody("monthly", (sheet) => {
      if (sheet.total !== 1000 || sheet.items?.length !== 200 || !sheet.next_cursor) throw new Error(`monthly gave ${sheet.items?.length} of ${sheet.total} employees, not a page of 200 of 1,000`);
    }),
  },
  {
    // One timed download, not an autocannon load: see ctx.report.csv.
    name: "GET /api/checkin-out?format=csv (one year, 1,000 employees)",
    async setup(ctx) {
      ctx.state.cookie = await ctx.login();
      const { from, to } = lastFullYear();
      return skipWhenMissing(ctx, `/api/checkin-out?from=${from}&to=${to}&format=csv`);
    },
    async run(ctx) {
      const { from, to } = lastFullYear();
      const result = await timedDownload(ctx, `/api/checkin-out?from=${from}&to=${to}&format=csv`, { cookie: ctx.state.cookie });
      const seeded = countAttendance(ctx, { from, to });
      ctx.report.csv = { from, to, seeded, ...result };
      if (result.lines < 2) throw new Error("the CSV has no data rows");
    },
  },
  {
    // One timed download, not an autocannon load: see ctx.report.payroll.
    name: "GET /api/payroll?format=xlsx (last full month, 1,000 employees)",
    async setup(ctx) {
      ctx.state.cookie = await ctx.login();
      return skipWhenMissing(ctx, "/api/payroll/closes");
    },
    async run(ctx) {
      const month = lastFullMonth();
      const { body, ...result } = await timedDownload(ctx, `/api/payroll?month=${month}&format=xlsx`, {
        cookie: ctx.state.cookie,
        type: XLSX_TYPE,
        keep: true,
      });
      // Read back after the clock stopped: a row per employee under the head and header rows.
      const employees = (await readSheet(body)).filter((row) => /^E\d+$/.test(String(row[0]))).length;
      ctx.report.payroll = { month, employees, ...result };
      if (employees !== ctx.seed.count) throw new Error(`the payroll XLSX has ${employees} rows of seeded employees, not ${ctx.seed.count}`);
    },
  },
  ...[1, 8].map((connections) => ({
    name: `GET /api/leave/statistic?year= (this year, 1,000 employees), ${clients(connections)}`,
    budget: connections === 1 ? { text: "p50 ≤ 50 ms", met: (row) => row.p50 <= 50 } : null,
    async setup(ctx) {
      ctx.state.cookie = await ctx.login();
    },
    options: (ctx) => ({
      path: `/api/leave/statistic?year=${thisYear()}`,
      connections,
      headers: { cookie: ctx.state.cookie, accept: "application/json" },
    }),
    check: jsonBody("statistic", (view) => {
      if (!(view.items?.length >= 1000)) throw new Error(`statistic listed ${view.items?.length} employees, not 1,000`);
      if (!view.items.some((i) => i.total > 0)) throw new Error("statistic found no approved leave: the leave seed is missing");
    }),
  })),
  {
    name: "GET /api/leave/calendar?month= (the seed's busiest month), 1 client",
    budget: { text: "p50 ≤ 30 ms", met: (row) => row.p50 <= 30 },
    async setup(ctx) {
      ctx.state.cookie = await ctx.login();
    },
    options: (ctx) => ({
      path: `/api/leave/calendar?month=${ctx.leave.busiestMonth}`,
      connections: 1,
      headers: { cookie: ctx.state.cookie, accept: "application/json" },
    }),
    check: jsonBody("calendar", (view) => {
      if (!(view.items?.length > 0)) throw new Error("the calendar of the busiest month is empty: the leave seed is missing");
    }),
  },
  ...[
    ["pending tab", "/admin/leave-work"],
    ["calendar tab, this month", "/admin/leave-work?tab=calendar"],
  ].flatMap(([label, urlPath]) =>
    [1, 8].map((connections) => ({
      name: `GET ${urlPath} (SSR ${label}), ${clients(connections)}`,
      budget: adminPageBudget(connections),
      async setup(ctx) {
        ctx.state.cookie = await ctx.login();
      },
      options: (ctx) => ({
        path: urlPath,
        connections,
        headers: { cookie: ctx.state.cookie, ...DESKTOP_PAGE },
        timeout: 30, // as /admin/checkin-out: a slow page should show its figure, not fail the run
      }),
      check(response, body) {
        if (response.status !== 200) throw new Error(`GET ${urlPath} answered ${response.status}`);
        html(`GET ${urlPath}`)(response, body);
        if (!body.includes("E0")) throw new Error(`GET ${urlPath} shows no seeded employee`);
      },
    })),
  ),
  // The other admin pages and tabs, each with the seeded data set. `path` may depend on the
  // seed (an employee's id); `shows` is text the page must hold to be measured.
  ...[
    ["/admin/employee?tab=resigned", "resigned tab", "ลาออกแล้ว"],
    [(ctx) => `/admin/employee/${ctx.seed.employees[0].id}`, "one employee's profile", (ctx) => ctx.seed.employees[0].code],
    ["/admin/checkin-out?tab=monthly", "monthly tab, this month", "E0"],
    ["/admin/checkin-out?tab=review", "review tab, pending", "E0"],
    ["/admin/checkin-out?tab=settings", "settings tab", "ลงเวลา"],
    ["/admin/leave-work?tab=all", "all petitions tab, this year", "E0"],
    ["/admin/leave-work?tab=statistics", "statistics tab, this year", "E0"],
    ["/admin/leave-work?tab=holidays", "holidays tab", "วันหยุด"],
    ["/admin/vending-machine", "machines tab, 200 machines", "VM0"],
    ["/admin/vending-machine?tab=visits", "visit reports tab, 20,000 reports", "VM0"],
    ["/admin/jobs", "scheduled jobs", "งาน"],
    ["/admin/line-group", "LINE groups", "LINE"],
    ["/admin/line-reply", "LINE auto replies", "LINE"],
    ["/admin/settings", "settings", "ตั้งค่า"],
    ["/admin/users", "admin users", "bench-admin"],
    ["/admin/account", "own account", "bench-admin"],
    ["/admin/audit", "audit log", "E0"],
  ].flatMap(([path, label, shows]) =>
    [1, 8].map((connections) => {
      const urlPath = (ctx) => (typeof path === "function" ? path(ctx) : path);
      const shown = typeof path === "function" ? path({ seed: { employees: [{ id: ":id" }] } }) : path;
      return {
        name: `GET ${shown} (SSR ${label}), ${clients(connections)}`,
        budget: adminPageBudget(connections),
        async setup(ctx) {
          ctx.state.cookie = await ctx.login();
        },
        options: (ctx) => ({
          path: urlPath(ctx),
          connections,
          headers: { cookie: ctx.state.cookie, ...DESKTOP_PAGE },
          timeout: 30, // as /admin/checkin-out: a slow page should show its figure, not fail the run
        }),
        check(response, body, ctx) {
          const where = `GET ${urlPath(ctx)}`;
          if (response.status !== 200) throw new Error(`${where} answered ${response.status}`);
          html(where)(response, body);
          const text = typeof shows === "function" ? shows(ctx) : shows;
          if (!body.includes(text)) throw new Error(`${where} does not show ${text}`);
        },
      };
    }),
  ),
  {
    // Every request must be 201: request k goes to employee k mod E on the ⌊k / E⌋-th working day
    // after today (see petitionPlan), so no employee files two petitions on one date. Those
    // employees and their petitions are removed afterwards.
    name: `POST /api/emp/leave/petition (JSON, one full day; ${PETITION_CONNECTIONS} connections)`,
    budget: { text: "≥ 30 % of /healthz", met: (row) => row.ratio !== null && row.ratio >= 0.3 },
    async setup(ctx) {
      const bound = requestBound(ctx) + PETITION_CONNECTIONS + 1;
      const plan = petitionPlan(ctx, bound);
      const started = performance.now();
      const { ids, cookies } = await createCheckinEmployees(ctx, plan.employees, { prefix: PETITION_CODE_PREFIX, lastName: "ยื่นลา" });
      ctx.state.petition = { ids, cookies, dates: plan.dates, next: 0, exhausted: false };
      ctx.report.petition = { employees: plan.employees, dates: plan.dates.length, setupMs: performance.now() - started };
    },
    probe(ctx) {
      return petitionRequest(ctx.state.petition);
    },
    check(response, body) {
      if (response.status !== 201 || JSON.parse(body).petition?.status !== 1) throw new Error(`the petition answered ${response.status}`);
    },
    options(ctx) {
      const pool = ctx.state.petition;
      return {
        path: "/api/emp/leave/petition",
        method: "POST",
        connections: PETITION_CONNECTIONS,
        requests: [
          {
            setupRequest(req) {
              const { headers, body } = petitionRequest(pool);
              return { ...req, headers: { ...req.headers, ...headers }, body };
            },
          },
        ],
      };
    },
    async after(ctx) {
      const pool = ctx.state.petition;
      ctx.state.petition = null;
      if (!pool) return;
      if (ctx.report.petition) ctx.report.petition.used = pool.next;
      const { petitions } = removeCheckinEmployees(ctx, pool.ids);
      if (ctx.report.petition) ctx.report.petition.petitions = petitions;
      if (pool.exhausted) throw new Error(`the load used every (employee, date) pair of its ${pool.ids.length} employees (409s follow); raise the count`);
    },
  },
  {
    // Also times the descriptor (sequential POSTs) before the load: see ctx.report.face.
    name: `GET /healthz while ${FACE_IN_FLIGHT} face descriptors compute`,
    budget: { text: "server stays responsive: p99 ≤ 100 ms", met: (row) => row.p99 <= 100 },
    async setup(ctx) {
      const employee = ctx.seed.employees[0];
      const cookie = await linkDemoEmployee(ctx, employee);
      const selfie = await selfieJpeg(ctx.root);
      const face = { cookie, jpeg: selfie.jpeg };
      const timing = await descriptorTiming(ctx, face, { runs: 5 });
      ctx.report.face = {
        employee: employee.code,
        image: `${selfie.width}×${selfie.height} JPEG, ${(selfie.jpeg.length / 1024).toFixed(0)} KiB`,
        poolSize: facePoolSize(),
        timing,
        inFlight: FACE_IN_FLIGHT,
      };
      ctx.state.faceLoop = startFaceLoop(ctx, face, {
        inFlight: FACE_IN_FLIGHT,
        deadlineMs: (ctx.seconds + ctx.warmup + 120) * 1000,
      });
    },
    options: () => ({ path: "/healthz", connections: 8 }),
    async after(ctx, window) {
      const loop = ctx.state.faceLoop;
      ctx.state.faceLoop = null;
      if (!loop) return;
      const result = await loop.stop(window);
      if (ctx.report.face) ctx.report.face.burst = { ...result, seconds: window ? (window.end - window.start) / 1000 : null };
      if (result.errors.length) throw new Error(`face POST failed during the load: ${result.errors[0]}`);
      if (result.ranOut) throw new Error("the face POSTs stopped (deadline or cap) before the measured window ended");
    },
  },
  {
    // Last: the padding makes the database 1 GB for this scenario only.
    name: `npm run backup of a ${BACKUP_DATABASE_MB / 1024} GB database while check-ins and petitions flow (${BACKUP_CONNECTIONS} connections)`,
    async run(ctx) {
      const padded = padDatabase(ctx.dataDir, BACKUP_DATABASE_MB);
      const { ids, cookies } = await createCheckinEmployees(ctx, 300, { prefix: "BU", lastName: "สำรอง" });
      const pool = soakPool({ ids, cookies, dates: petitionPlan(ctx, 1).dates, machineIds: [] });
      const janitor = startJanitor(ctx.dataDir, pool);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-bench-backup-"));
      try {
        const t0 = performance.now();
        let backup = null;
        const load = runMixedLoad({ baseUrl: ctx.baseUrl, adminCookie: await ctx.login() }, pool, {
          connections: BACKUP_CONNECTIONS,
          t0,
          running: () => !backup || performance.now() < backup.ended + 2000,
          rand: random(20261124),
          mix: [["checkin", 2], ["petition", 1]],
        });
        await sleep(3000);
        backup = await runBackup(ctx.root, ctx.dataDir, path.join(dir, "tn-backup.sqlite"));
        const { samples, firstErrors } = await load;
        const during = summariseSamples(samples, { from: backup.started - t0, to: backup.ended - t0 });
        const before = summariseSamples(samples, { to: backup.started - t0 });
        const check = backup.code === 0 ? integrityOf(path.join(dir, "tn-backup.sqlite")) : null;
        ctx.report.backup = {
          databaseMb: fs.statSync(path.join(ctx.dataDir, "tn.sqlite")).size / 1024 / 1024,
          paddedMb: padded / 1024 / 1024,
          seconds: (backup.ended - backup.started) / 1000,
          code: backup.code,
          output: backup.output,
          check,
          during,
          before,
          connections: BACKUP_CONNECTIONS,
        };
        if (backup.code !== 0) throw new Error(`npm run backup failed: ${backup.output.slice(-300)}`);
        if (during.errors || before.errors) throw new Error(`writes failed around the backup: ${firstErrors[0]}`);
      } finally {
        janitor.stop();
        removeCheckinEmployees(ctx, ids);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  },
  {
    // Two timed requests, not an autocannon load: see ctx.report.ledger. The daily scenarios
    // filled the date in the day ledger, so the holiday recomputes all its rows. Last: the
    // petitions it recounts write audit entries that would push the seed's off the audit page.
    name: "POST /api/holiday + DELETE /api/holiday/:date (the day ledger recomputes a seeded weekday, 1,000 employees)",
    async setup(ctx) {
      ctx.state.cookie = await ctx.login();
    },
    async run(ctx) {
      const date = lastSeededWeekday();
      const headers = { cookie: ctx.state.cookie, accept: "application/json", "content-type": "application/json", origin: ctx.baseUrl };
      const timed = async (method, urlPath, body) => {
        const started = performance.now();
        const response = await fetch(`${ctx.baseUrl}${urlPath}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
        const ms = performance.now() - started;
        if (!response.ok) throw new Error(`${method} ${urlPath} answered ${response.status}: ${await response.text()}`);
        return ms;
      };
      const daily = async () => {
        const response = await fetch(`${ctx.baseUrl}/api/checkin-out/daily?date=${date}&limit=1`, { headers });
        return (await response.json()).summary;
      };
      const addMs = await timed("POST", "/api/holiday", { date, name: "วันหยุดทดสอบ (bench)", kind: "company" });
      const during = await daily();
      const removeMs = await timed("DELETE", `/api/holiday/${date}`);
      const after = await daily();
      if (during.holiday === 0 || during.absent !== 0 || during.late !== 0) throw new Error(`the holiday did not reach the ledger: ${JSON.stringify(during)}`);
      if (after.holiday !== 0) throw new Error(`the removed holiday stayed in the ledger: ${JSON.stringify(after)}`);
      ctx.report.ledger = { ...ctx.report.ledger, holiday: { date, addMs, removeMs } };
    },
  },
];
