// The benchmark scenarios. To add one, append an object:
//   name       shown in the table (method + path, plus a note if needed)
//   baseline   true for exactly one scenario (GET /healthz); the others' req/s are compared to it
//   budget     null, or { text: "p50 ≤ 150 ms", met: (row) => boolean } where row has
//              rps, p50, p90, p99, max (ms) — see summarise() in scripts/bench/report.mjs
//   setup(ctx) optional, async; runs once before the load (log in, create records, …)
//   check(response, body) optional; throws if the probe's answer is not what should be measured
//   options(ctx) the autocannon options for this scenario: at least path and connections;
//              method, headers, body as needed. url, duration and timeout are added by the runner.
// ctx: { baseUrl, port, admin: { username, password }, state: {}, login(): Promise<cookie> }.
// Every scenario must answer 2xx: one probe request is sent before the load and any non-2xx
// or error during the load fails the run.

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
    check(response, body) {
      if (!(response.headers.get("content-type") ?? "").includes("text/html") || !/<html/i.test(body)) {
        throw new Error("GET /admin did not answer an HTML page");
      }
    },
  },
];
