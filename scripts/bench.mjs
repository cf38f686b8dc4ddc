// `npm run bench`: load-tests the production build with autocannon and records the figures in
// docs/benchmarks.md. See the header of that file for the variables; scenarios are in
// scripts/bench/scenarios.mjs.
import path from "node:path";
import url from "node:url";
import { setTimeout } from "node:timers";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import os from "node:os";
import { analyseBundleWithRetry } from "./bench/bundle.mjs";
import { measurePageBytes, pageBytesMarkdown, pageBytesMissed } from "./bench/page-bytes.mjs";
import {
  attendanceSeedMarkdown,
  backupBudgetMet,
  backupMarkdown,
  bundleMarkdown,
  checkinMarkdown,
  csvBudgetMet,
  csvMarkdown,
  faceMarkdown,
  leaveSeedMarkdown,
  ledgerBudgetsMissed,
  ledgerMarkdown,
  machineSeedMarkdown,
  machineInfo,
  markdownTable,
  memoryMarkdown,
  memoryBudgetsMissed,
  mib,
  payrollBudgetMet,
  payrollMarkdown,
  petitionMarkdown,
  runSection,
  seedMarkdown,
  summarise,
  updateDocs,
} from "./bench/report.mjs";
import { BENCH_ADMIN as ADMIN, benchContext, seedDataSet } from "./bench/data-set.mjs";
import { scenarios as allScenarios } from "./bench/scenarios.mjs";
import { lastFullYear, todayInZone } from "./bench/attendance.mjs";
import { runLedgerCheck } from "./bench/soak.mjs";
import { startServer } from "./bench/server.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const DOCS_FILE = path.join(root, "docs", "benchmarks.md");
const REQUEST_TIMEOUT_S = 10;
// The server stops its idle face worker after this long; the run waits for it at the end, so the
// last memory point is the server as it settles, not with the models still loaded.
const FACE_IDLE_SECONDS = 30;
// Scheduler jobs due at start (a nightly backup, the holiday check) finish within this.
const IDLE_SAMPLE_DELAY_MS = 5_000;

const log = (...args) => console.error("[bench]", ...args);

function secondsFromEnv(name, fallback, { min }) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > 600) {
    console.error(`${name} must be a number of seconds between ${min} and 600 (got "${raw}")`);
    process.exit(2);
  }
  return value;
}

const seconds = secondsFromEnv("BENCH_SECONDS", 10, { min: 1 });
const warmup = secondsFromEnv("BENCH_WARMUP_SECONDS", 1, { min: 0 });
const only = process.env.BENCH_ONLY?.trim() || null;

const baselines = allScenarios.filter((s) => s.baseline);
if (baselines.length !== 1) throw new Error("exactly one scenario must have baseline: true");
const scenarios = [
  baselines[0],
  ...allScenarios.filter((s) => !s.baseline && (!only || only.split("|").filter(Boolean).some((part) => s.name.includes(part)))),
];
if (only && scenarios.length === 1) {
  console.error(`BENCH_ONLY="${only}" matches no scenario`);
  process.exit(2);
}

// Everything is bounded by autocannon's duration, request timeouts and capped loops; this is the
// backstop if something hangs (seeding and the face set-up get their own allowance).
const SEED_ALLOWANCE_MS = 300_000;
const FACE_ALLOWANCE_MS = 600_000;
const budgetMs =
  scenarios.length * (seconds + warmup + REQUEST_TIMEOUT_S + 20) * 1000 + 60_000 + SEED_ALLOWANCE_MS + FACE_ALLOWANCE_MS;
let server = null;
let stopServer = null; // set as soon as the child is spawned, before it listens
let current = null; // the running autocannon instance
let aborted = null; // the promise of an abort under way
function abort(message, code) {
  aborted ??= (async () => {
    log(message);
    current?.stop(); // otherwise its keep-alive connections hold the server's close() open
    await stopServer?.();
    process.exit(code);
  })();
  return aborted;
}
const watchdog = setTimeout(
  () => abort(`gave up after ${Math.round(budgetMs / 1000)} s; stopping the server`, 1),
  budgetMs,
);
watchdog.unref();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => abort(`${signal}: stopping the server`, 130));
}

async function probe(baseUrl, options, check) {
  const response = await fetch(new URL(options.path, baseUrl), {
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
    redirect: "manual",
    signal: AbortSignal.timeout((options.timeout ?? REQUEST_TIMEOUT_S) * 1000),
  });
  const body = await response.text();
  if (response.status < 200 || response.status > 299) {
    const where = response.headers.get("location");
    throw new Error(
      `probe ${options.method ?? "GET"} ${options.path} answered ${response.status}` +
        `${where ? ` → ${where}` : ""}: ${body.slice(0, 200)}`,
    );
  }
  check?.(response, body);
}

function load(baseUrl, options, duration) {
  const { path: urlPath, ...rest } = options;
  current = autocannon({
    timeout: REQUEST_TIMEOUT_S,
    ...rest,
    url: new URL(urlPath, baseUrl).href,
    duration,
  });
  return current;
}

async function main() {
  const date = new Date().toISOString();
  const machine = machineInfo(root);
  // Client JS sizes straight after the build, before anything else can rebuild public/build.
  let bundle = null;
  let bundleError = null;
  try {
    bundle = await analyseBundleWithRetry(root);
    log(`client JS: employee home first load ${(bundle.pages[0].served / 1000).toFixed(1)} kB as served (${(bundle.pages[0].gzip / 1000).toFixed(1)} kB gzip -9)`);
  } catch (error) {
    bundleError = error.message;
    log(`client JS sizes: FAILED: ${error.message}`);
  }
  // What Chromium downloads for each employee page, on the same build (its own server and port).
  let pageBytes = null;
  let pageBytesError = null;
  try {
    pageBytes = await measurePageBytes(root, log);
    const home = pageBytes.pages.find((p) => p.page === "/employee");
    log(`browser: /employee JS + CSS ${(home.jsCss / 1000).toFixed(1)} kB in ${home.counts.js + home.counts.css} files`);
  } catch (error) {
    pageBytesError = error.message;
    log(`browser page bytes: FAILED: ${error.message}`);
  }
  log(`starting the production server (${scenarios.length} scenarios, ${seconds} s each)`);
  try {
    server = await startServer({
      cwd: root,
      env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, FACE_IDLE_SECONDS: String(FACE_IDLE_SECONDS) },
      onSpawn: (stop) => (stopServer = stop),
      // a loaded 2-core machine has taken over 30 s to migrate, seed and listen
      startTimeoutMs: 120_000,
    });
  } catch (error) {
    console.error(`[bench] the server failed to start: ${error.message}`);
    return 1;
  }
  log(`server pid ${server.pid} on ${server.baseUrl}, DATA_DIR ${server.dataDir}`);
  await sleep(IDLE_SAMPLE_DELAY_MS);
  const curve = [{ point: "idle after start", ...server.memory(), budget: "idle" }];
  log(`RSS idle after start: ${mib(curve[0].rss)}`);

  const ctx = benchContext(server, { requestTimeoutS: REQUEST_TIMEOUT_S, root, seconds, warmup, baselineRps: null });
  try {
    await seedDataSet(ctx, log, { requestTimeoutS: REQUEST_TIMEOUT_S });
  } catch (error) {
    log(error.message);
    await server.stop();
    return 1;
  }

  const memoryBefore = server.memory();
  curve.push({ point: "after seeding", ...memoryBefore });
  const rows = [];
  let baselineRps = null;
  for (const scenario of scenarios) {
    if (aborted) return 130;
    let window = null;
    let row = null;
    try {
      const skip = (await scenario.setup?.(ctx))?.skip;
      if (skip) {
        log(`${scenario.name}: skipped: ${skip}`);
        rows.push({ name: scenario.name, skipped: skip });
        continue;
      }
      if (scenario.run) {
        log(`${scenario.name}: measuring once`);
        await scenario.run(ctx);
        rows.push({ name: scenario.name, single: true });
        curve.push({ point: scenario.name, ...server.memory() });
        continue;
      }
      const options = scenario.options(ctx);
      const probeOptions = scenario.probe?.(ctx) ?? options;
      await probe(server.baseUrl, probeOptions, (response, body) => scenario.check?.(response, body, ctx));
      if (warmup > 0) {
        log(`${scenario.name}: warming up ${warmup} s`);
        await load(server.baseUrl, options, warmup);
        if (aborted) return 130;
      }
      log(`${scenario.name}: ${options.connections} connections for ${seconds} s`);
      const start = performance.now();
      const result = await load(server.baseUrl, options, seconds);
      window = { start, end: performance.now() };
      if (aborted) return 130;
      row = summarise(scenario, result, baselineRps);
      if (scenario.baseline) {
        baselineRps = row.rps;
        ctx.baselineRps = row.rps;
        row.ratio = 1;
      }
      const memory = server.memory();
      row.rssAfter = memory.rss;
      rows.push(row);
      curve.push({ point: scenario.name, ...memory });
      log(
        `${scenario.name}: ${row.rps.toFixed(1)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ` +
          `status ${JSON.stringify(row.statusCodes)}, errors ${row.errors}, RSS ${mib(row.rssAfter)}`,
      );
    } catch (error) {
      log(`${scenario.name}: FAILED: ${error.message}`);
      rows.push({ name: scenario.name, failed: true, reason: error.message });
    } finally {
      if (scenario.after) {
        try {
          await scenario.after(ctx, window);
        } catch (error) {
          log(`${scenario.name}: FAILED: ${error.message}`);
          if (row && rows.includes(row)) rows.splice(rows.indexOf(row), 1);
          if (!rows.some((r) => r.name === scenario.name && r.failed)) {
            rows.push({ name: scenario.name, failed: true, reason: error.message });
          }
        }
      }
    }
    if (!server.alive()) {
      log(`the server died:\n${server.logs()}`);
      break;
    }
    await sleep(500); // let sockets close and the event loop settle between scenarios
  }
  const memoryAfter = server.memory();
  curve.push({ point: "end of the last scenario", ...memoryAfter });
  if (server.alive() && !aborted) {
    log(`waiting ${FACE_IDLE_SECONDS + 5} s for the face worker's idle stop`);
    await sleep((FACE_IDLE_SECONDS + 5) * 1000);
    curve.push({ point: `end: ${FACE_IDLE_SECONDS + 5} s after the last scenario (the face worker stops after ${FACE_IDLE_SECONDS} s idle)`, ...server.memory(), budget: "end" });
  }
  machine.loadavgEnd = os.loadavg().map((n) => n.toFixed(2)).join(", ");
  if (server.alive() && !aborted) {
    // The seeded history and what the run wrote, recomputed from the inputs: 0 rows may differ.
    const check = await runLedgerCheck(root, ctx.dataDir, { from: lastFullYear().from, to: todayInZone() });
    log(`ledger:check: exit ${check.code}: ${check.output.split("\n")[0]}`);
    ctx.report.ledger = { ...ctx.report.ledger, check };
  }
  await server.stop();
  log("server stopped, DATA_DIR removed");

  const measured = rows.filter((r) => r.requests !== undefined);
  const failed = rows.filter((r) => r.failed);
  const skipped = rows.filter((r) => r.skipped);
  const missing = scenarios.length - rows.length;
  console.log(`\nBenchmark ${date} — ${seconds} s per scenario`);
  console.log(`${machine.cpu}, ${machine.cores} cores, ${machine.memory} RAM, Node ${machine.node}`);
  console.log(`Server RSS: ${mib(memoryBefore.rss)} before, ${mib(memoryAfter.rss)} after, peak ${mib(memoryAfter.peak)}\n`);
  console.log(`${memoryMarkdown(curve)}\n`);
  console.log(markdownTable(measured));
  const healthRow = measured.find((r) => r.name.startsWith("GET /healthz while"));
  const checkinRow = measured.find((r) => r.name.startsWith("POST /api/emp/checkin-out"));
  const petitionRow = measured.find((r) => r.name.startsWith("POST /api/emp/leave/petition"));
  for (const extra of [
    seedMarkdown(ctx.seed),
    attendanceSeedMarkdown(ctx.attendance),
    leaveSeedMarkdown(ctx.leave),
    machineSeedMarkdown(ctx.machines),
    checkinMarkdown(ctx.report.checkin, checkinRow),
    petitionMarkdown(ctx.report.petition, petitionRow),
    csvMarkdown(ctx.report.csv),
    payrollMarkdown(ctx.report.payroll),
    ledgerMarkdown(ctx.report.ledger),
    faceMarkdown(ctx.report.face, healthRow),
    backupMarkdown(ctx.report.backup),
    bundleMarkdown(bundle),
    pageBytesMarkdown(pageBytes),
  ]) {
    if (extra) console.log(`\n${extra}`);
  }
  for (const r of skipped) console.log(`\n– ${r.name}: skipped: ${r.skipped}`);
  for (const r of failed) {
    console.log(`\n✗ ${r.name}: ${r.reason ?? `non-2xx ${r.non2xx}, errors ${r.errors}, statuses ${JSON.stringify(r.statusCodes)}`}`);
  }
  if (bundleError) console.log(`\n✗ client JS sizes: ${bundleError}`);
  if (pageBytesError) console.log(`\n✗ browser page bytes: ${pageBytesError}`);
  const missed = [
    ...measured.filter((r) => r.budget && !r.budget.met).map((r) => r.name),
    ...(ctx.report.face?.timing && ctx.report.face.timing.median > 400 ? ["face descriptor time ≤ 400 ms"] : []),
    ...(ctx.report.csv && !csvBudgetMet(ctx.report.csv) ? ["one-year CSV ≤ 3 s, RSS growth ≤ 100 MB"] : []),
    ...(ctx.report.payroll && !payrollBudgetMet(ctx.report.payroll) ? ["payroll export of a month ≤ 1 s"] : []),
    ...(ctx.report.backup && !backupBudgetMet(ctx.report.backup) ? ["writes during the online backup: p99 ≤ 200 ms"] : []),
    ...(bundle?.pages ?? []).filter((p) => p.budget && p.served > p.budget).map((p) => `client JS: ${p.label}`),
    ...(bundle?.checks ?? []).filter((c) => !c.ok).map((c) => `check: ${c.text}`),
    ...pageBytesMissed(pageBytes),
    ...memoryBudgetsMissed(curve),
    ...ledgerBudgetsMissed(ctx.report.ledger),
  ];
  if (missed.length) console.log(`\nBudget missed (not a failure): ${missed.join("; ")}`);

  if (failed.length || missing || bundleError || pageBytesError) {
    console.log(`\nThe run failed; ${path.relative(root, DOCS_FILE)} was not updated.`);
    return 1;
  }
  if (only) {
    console.log(`\nPartial run (BENCH_ONLY); ${path.relative(root, DOCS_FILE)} was not updated.`);
    return 0;
  }
  const kept = updateDocs(
    DOCS_FILE,
    runSection({
      date,
      machine,
      seconds,
      warmup,
      memory: { before: memoryBefore, after: memoryAfter, curve },
      rows: measured,
      seed: ctx.seed,
      attendance: ctx.attendance,
      leave: ctx.leave,
      machines: ctx.machines,
      checkin: ctx.report.checkin,
      petition: ctx.report.petition,
      csv: ctx.report.csv,
      payroll: ctx.report.payroll,
      ledger: ctx.report.ledger,
      skipped,
      face: ctx.report.face,
      bundle,
      pageBytes,
      backup: ctx.report.backup,
    }),
  );
  console.log(`\nWrote ${path.relative(root, DOCS_FILE)} (${kept} run${kept === 1 ? "" : "s"} kept).`);
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error("[bench]", error);
  await stopServer?.();
}
if (aborted) await aborted; // it exits once the server is stopped and the directory removed
process.exit(code);
