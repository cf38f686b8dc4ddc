// The benchmark scenarios. To add one, append an object:
//   name       shown in the table (method + path, plus a note if needed)
//   baseline   true for exactly one scenario (GET /healthz); the others' req/s are compared to it
//   budget     null, or { text: "p50 ≤ 150 ms", met: (row) => boolean } where row has
//              rps, p50, p90, p99, max (ms) — see summarise() in scripts/bench/report.mjs
//   setup(ctx) optional, async; runs once before the load (log in, create records, …)
//   check(response, body, ctx) optional; throws if the probe's answer is not what should be measured
//   options(ctx) the autocannon options for this scenario: at least path and connections;
//              method, headers, body as needed. url, duration and timeout are added by the runner.
//   after(ctx, window) optional, async; always runs once the scenario ends (also when it failed;
//              window is then null), to stop background work. window = { start, end } of the
//              measured load in performance.now() time. Throwing fails the scenario.
// ctx: { root, baseUrl, port, admin: { username, password }, state: {}, login(): Promise<cookie>,
//        seed: { count, ms, employees: [{ id, code }] } (seeded before the first scenario),
//        report: {} (extra figures for the run section, e.g. report.face) }.
// Every scenario must answer 2xx: one probe request is sent before the load and any non-2xx
// or error during the load fails the run.
import {
  descriptorTiming,
  facePoolSize,
  linkDemoEmployee,
  selfieJpeg,
  startFaceLoop,
} from "./face.mjs";
import { expectedMatches, SEARCH_FRAGMENT } from "./seed.mjs";

const html = (label) => (response, body) => {
  if (!(response.headers.get("content-type") ?? "").includes("text/html") || !/<html/i.test(body)) {
    throw new Error(`${label} did not answer an HTML page`);
  }
};

const FACE_IN_FLIGHT = 4;

const clients = (n) => (n === 1 ? "1 client" : `${n} clients`);

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
  {
    name: "GET /admin (SSR dashboard)",
    budget: { text: "p50 ≤ 150 ms", met: (row) => row.p50 <= 150 },
    async setup(ctx) {
      ctx.state.cookie = await ctx.login();
    },
    options: (ctx) => ({
      path: "/admin",
      connections: 8,
      headers: { cookie: ctx.state.cookie, accept: "text/html" },
    }),
    check: html("GET /admin"),
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
    budget: connections === 1 ? { text: "p50 ≤ 150 ms", met: (row) => row.p50 <= 150 } : null,
    async setup(ctx) {
      ctx.state.cookie = await ctx.login();
    },
    options: (ctx) => ({
      path: "/admin/employee",
      connections,
      headers: { cookie: ctx.state.cookie, accept: "text/html" },
    }),
    check(response, body, ctx) {
      if (response.status !== 200) throw new Error(`GET /admin/employee answered ${response.status}`);
      html("GET /admin/employee")(response, body);
      const first = ctx.seed.employees[0]?.code;
      if (first && !body.includes(first)) throw new Error(`GET /admin/employee does not list ${first}`);
    },
  })),
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
];
