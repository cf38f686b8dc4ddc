// `node scripts/bench-scale.mjs <dir>`: the reads that grow with the number of employees, measured
// on a data set `npm run bench:seed` built (any BENCH_SCALE), for docs/scaling.md. Starts the
// production build on <dir>, runs each load for BENCH_SECONDS (default 5), prints one line per
// figure and a Markdown table. The check-in load's employees are removed afterwards.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import autocannon from "autocannon";
import {
  checkinForm,
  countAttendance,
  createCheckinEmployees,
  lastFullMonth,
  lastFullYear,
  lastSeededWeekday,
  removeCheckinEmployees,
  timedDownload,
  todayInZone,
} from "./bench/attendance.mjs";
import { benchContext, BENCH_ADMIN } from "./bench/data-set.mjs";
import { startServer } from "./bench/server.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const dir = path.resolve(process.argv[2] ?? path.join(root, "data-bench"));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const log = (line) => console.error(`[bench:scale] ${line}`);
const dbFile = path.join(dir, "tn.sqlite");
if (!fs.existsSync(dbFile)) {
  console.error(`no database at ${dbFile}: build one with npm run bench:seed -- ${dir}`);
  process.exit(2);
}

const started = performance.now();
let stop = null;
const server = await startServer({
  cwd: root,
  dataDir: dir,
  env: { ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password },
  startTimeoutMs: 120_000,
  onSpawn: (s) => (stop = s),
}).catch(async (error) => {
  await stop?.();
  console.error(`the server failed to start: ${error.message}`);
  process.exit(1);
});
log(`server started on ${dir} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const ctx = benchContext(server, { requestTimeoutS: 60 });
const rows = [];

function run(options) {
  return autocannon({ timeout: 60, ...options, url: new URL(options.path, server.baseUrl).href, duration: seconds });
}

/**
 * The server's CPU time so far in ms (user + system, /proc/<pid>/stat), or null off Linux. Per
 * request it tells what a read costs even when the shared machine's load stretches wall times.
 */
function serverCpuMs() {
  try {
    const fields = fs.readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100; // USER_HZ on Linux

/** At least MIN_REQUESTS answers per figure: a read slower than the load's duration is run that many times instead. */
const MIN_REQUESTS = 3;

/**
 * One request before the figure (as npm run bench's probe): a cold route's first answer is not what
 * it costs. Its time is reported too: for a read kept until the next write (ADR 032) it is what the
 * first request after a write waits.
 */
async function warmUp(options) {
  const started = performance.now();
  const response = await fetch(new URL(options.path, server.baseUrl), {
    method: options.method ?? "GET",
    headers: options.headers,
    signal: AbortSignal.timeout(120_000),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${options.path} answered ${response.status}`);
  return performance.now() - started;
}

async function measure(name, options) {
  const firstMs = (options.method ?? "GET") === "GET" ? await warmUp(options) : null;
  let cpuBefore = serverCpuMs();
  let result = await run(options);
  if (result.requests.total < MIN_REQUESTS && options.connections === 1) {
    cpuBefore = serverCpuMs();
    result = await autocannon({ timeout: 120, ...options, url: new URL(options.path, server.baseUrl).href, amount: MIN_REQUESTS });
  }
  const cpuMs = cpuBefore === null ? null : serverCpuMs() - cpuBefore;
  const row = {
    name,
    connections: options.connections,
    firstMs,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    seconds: result.duration,
    cpuMsPerRequest: cpuMs === null || result.requests.total === 0 ? null : cpuMs / result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
  rows.push(row);
  log(JSON.stringify(row));
  return row;
}

try {
  const cookie = await ctx.login();
  const headers = (accept) => ({ cookie, accept });
  const dbBytes = fs.statSync(dbFile).size;
  const year = Number(todayInZone().slice(0, 4));
  await measure("GET /healthz", { path: "/healthz", connections: 32 });
  await measure("GET /api/checkin-out/daily (a seeded weekday)", {
    path: `/api/checkin-out/daily?date=${lastSeededWeekday()}`,
    connections: 1,
    headers: headers("application/json"),
  });
  await measure("GET /api/checkin-out/monthly (last full month)", {
    path: `/api/checkin-out/monthly?month=${lastFullMonth()}`,
    connections: 1,
    headers: headers("application/json"),
  });
  await measure("GET /admin/checkin-out (SSR daily tab)", {
    path: `/admin/checkin-out?date=${lastSeededWeekday()}`,
    connections: 1,
    headers: headers("text/html"),
  });
  await measure("GET /admin/employee (SSR, first page of 20)", { path: "/admin/employee", connections: 1, headers: headers("text/html") });
  await measure("GET /api/leave/statistic (this year)", {
    path: `/api/leave/statistic?year=${year}`,
    connections: 1,
    headers: headers("application/json"),
  });

  const { from, to } = lastFullYear();
  const csvCpuBefore = serverCpuMs();
  const csv = await timedDownload(ctx, `/api/checkin-out?from=${from}&to=${to}&format=csv`, { cookie, timeoutMs: 3_600_000 });
  const csvCpuS = (serverCpuMs() - csvCpuBefore) / 1000;
  const csvRows = countAttendance(ctx, { from, to });
  log(`one-year CSV: ${csvRows} rows, ${(csv.bytes / 1024 / 1024).toFixed(1)} MiB in ${(csv.ms / 1000).toFixed(2)} s (first byte ${csv.firstByteMs?.toFixed(0)} ms), RSS ${(csv.rss.before / 1024 / 1024).toFixed(0)} → peak ${(csv.rss.peak / 1024 / 1024).toFixed(0)} MiB (growth ${((csv.rss.peak - csv.rss.before) / 1024 / 1024).toFixed(0)} MiB), server CPU ${csvCpuS.toFixed(1)} s`);

  // As in npm run bench: each connection checks an unused employee in, then out.
  const { ids, cookies } = await createCheckinEmployees(ctx, 20_000);
  const pool = { next: 0 };
  const request = (type) => ({
    setupRequest(req, context) {
      if (type === "in") context.cookie = cookies[Math.min(pool.next++, cookies.length - 1)];
      const { body, contentType } = checkinForm(type);
      return { ...req, headers: { ...req.headers, cookie: context.cookie, "content-type": contentType }, body };
    },
  });
  try {
    await measure("POST /api/emp/checkin-out (in, then out)", {
      path: "/api/emp/checkin-out",
      method: "POST",
      connections: 32,
      requests: [request("in"), request("out")],
    });
  } finally {
    removeCheckinEmployees(ctx, ids);
  }
  if (pool.next >= cookies.length) throw new Error("the check-in load ran out of employees");

  const rss = ctx.memory().rss;
  console.log(`\nload average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} (${os.cpus().length} CPUs)`);
  console.log(`data set: ${dir}; tn.sqlite ${(dbBytes / 1024 / 1024).toFixed(0)} MiB; ${seconds} s per load; server RSS at the end ${(rss / 1024 / 1024).toFixed(0)} MiB`);
  console.log("| Load | Connections | First request ms | Requests | req/s | p50 ms | p99 ms | server CPU ms / request | Errors |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    const rps = r.requests / r.seconds;
    const cpu = r.cpuMsPerRequest === null ? "—" : r.cpuMsPerRequest.toFixed(1);
    const first = r.firstMs === null ? "—" : r.firstMs.toFixed(0);
    console.log(`| ${r.name} | ${r.connections} | ${first} | ${r.requests} | ${rps.toFixed(1)} | ${r.p50} | ${r.p99} | ${cpu} | ${r.errors} |`);
  }
  console.log(
    `| GET /api/checkin-out?format=csv (${from} – ${to}, ${csvRows.toLocaleString("en-US")} rows) | 1 | | 1 | one download: ${(csv.ms / 1000).toFixed(2)} s, ` +
      `${(csv.bytes / 1024 / 1024).toFixed(1)} MiB, RSS peak ${(csv.rss.peak / 1024 / 1024).toFixed(0)} MiB (growth ${((csv.rss.peak - csv.rss.before) / 1024 / 1024).toFixed(0)} MiB) | | | ${csvCpuS.toFixed(1)} s | |`,
  );
} finally {
  await server.stop();
}
