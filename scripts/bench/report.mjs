// Turns autocannon results into table rows, and keeps docs/benchmarks.md (header + latest runs).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { pageBytesMarkdown } from "./page-bytes.mjs";

const RUN_MARKER = "<!-- bench-run -->";
export const KEEP_RUNS = 5;

/** One table row from an autocannon result; ratio is against the baseline's req/s. */
export function summarise(scenario, result, baselineRps) {
  const rps = result.requests.mean;
  const row = {
    name: scenario.name,
    connections: result.connections,
    requests: result.requests.total,
    rps,
    ratio: baselineRps ? rps / baselineRps : null,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
    ),
  };
  row.budget = scenario.budget
    ? { text: scenario.budget.text, met: row.requests > 0 && Boolean(scenario.budget.met(row)) }
    : null;
  row.failed = row.errors > 0 || row.non2xx > 0 || row.requests === 0;
  return row;
}

const num = (n, digits = 1) =>
  n === null || n === undefined || Number.isNaN(n)
    ? "n/a"
    : Number.isInteger(n)
      ? n.toLocaleString("en-US")
      : n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

export const mib = (bytes) => (bytes == null ? "n/a" : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);

/** The figures as a markdown table (the same text goes to stdout and the docs). */
export function markdownTable(rows) {
  const head = [
    "Scenario",
    "Conns",
    "Requests",
    "Req/s (mean)",
    "vs /healthz",
    "p50 ms",
    "p90 ms",
    "p99 ms",
    "max ms",
    "non-2xx",
    "errors",
    "Budget",
  ];
  const align = ["---", "--:", "--:", "--:", "--:", "--:", "--:", "--:", "--:", "--:", "--:", "---"];
  const lines = [`| ${head.join(" | ")} |`, `| ${align.join(" | ")} |`];
  for (const r of rows) {
    const cells = [
      `\`${r.name.replaceAll("|", "\\|")}\``,
      num(r.connections),
      num(r.requests),
      r.rps.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      r.ratio === null ? "n/a" : `${(r.ratio * 100).toFixed(r.ratio < 0.01 ? 2 : 1)} %`,
      num(r.p50, 2),
      num(r.p90, 2),
      num(r.p99, 2),
      num(r.max, 2),
      r.non2xx ? `**${num(r.non2xx)}**` : "0",
      r.errors ? `**${num(r.errors)}**${r.timeouts ? ` (${num(r.timeouts)} timeouts)` : ""}` : "0",
      r.budget ? `${r.budget.met ? "✓" : "✗"} ${r.budget.text}` : "—",
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

function gitRevision(cwd) {
  const rev = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd, encoding: "utf8" });
  if (rev.status !== 0) return null;
  const dirty = spawnSync("git", ["status", "--porcelain"], { cwd, encoding: "utf8" });
  return `${rev.stdout.trim()}${dirty.stdout?.trim() ? " (with uncommitted changes)" : ""}`;
}

function sqliteVersion() {
  const db = new Database(":memory:");
  try {
    return db.prepare("select sqlite_version() as v").get().v;
  } finally {
    db.close();
  }
}

/**
 * How long the disk under `dir` takes to make a small write durable: 4 KiB written and
 * fdatasync'd `rounds` times, as each commit does under synchronous = FULL (ADR 025).
 */
export function fsyncProbe(dir, rounds = 100) {
  const file = path.join(fs.mkdtempSync(path.join(dir, "tn-bench-fsync-")), "probe");
  const fd = fs.openSync(file, "w");
  const page = Buffer.alloc(4096, 1);
  const times = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      fs.writeSync(fd, page, 0, page.length, (i % 16) * page.length);
      fs.fdatasyncSync(fd);
      times.push(performance.now() - t0);
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

export function machineInfo(cwd) {
  const cpus = os.cpus();
  const require = createRequire(import.meta.url);
  let autocannon = "n/a";
  try {
    autocannon = require("autocannon/package.json").version;
  } catch {
    // only for the report
  }
  return {
    cpu: cpus[0]?.model?.trim() ?? "unknown",
    cores: cpus.length,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    sqlite: sqliteVersion(),
    autocannon,
    git: gitRevision(cwd),
    loadavg: os.loadavg().map((n) => n.toFixed(2)).join(", "),
    fsync: fsyncProbe(os.tmpdir()),
  };
}

const ms = (n) => (n == null ? "n/a" : `${Math.round(n).toLocaleString("en-US")} ms`);
const kB = (bytes) => `${(bytes / 1000).toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} kB`;
const mark = (ok) => (ok ? "✓" : "✗");

/** One line about the seed data. */
export function seedMarkdown(seed) {
  if (!seed) return "";
  return (
    `Seed data: ${seed.count.toLocaleString("en-US")} active employees with Thai names (codes E0001…, phones) created through ` +
    `\`POST /api/employee\` with ${seed.concurrency} requests in flight in ${(seed.ms / 1000).toFixed(1)} s ` +
    `(${(seed.count / (seed.ms / 1000)).toFixed(0)} employees/s), before the first scenario.`
  );
}

/** One line about the attendance rows written straight into the database. */
export function attendanceSeedMarkdown(a) {
  if (!a) return "";
  return (
    `Attendance seed: ${a.rows.toLocaleString("en-US")} records (${a.days} weekdays, ${a.from} … ${a.to}; absences, late, ` +
    `early, missing check-outs and flagged rows, ${a.pending} pending review) inserted with better-sqlite3 into the server's ` +
    `database in one transaction in ${(a.ms / 1000).toFixed(1)} s (${Math.round(a.rows / (a.ms / 1000)).toLocaleString("en-US")} rows/s), ` +
    `after the employees and before the first scenario.`
  );
}

/** One line about the holidays and the petitions written straight into the database. */
export function leaveSeedMarkdown(l) {
  if (!l) return "";
  const n = (x) => x.toLocaleString("en-US");
  const holidays = Object.entries(l.holidays ?? {}).map(([y, c]) => `${y}: ${c}`).join(", ");
  return (
    `Leave seed: ${n(l.petitions)} petitions (${l.from} … ${l.to}; ${n(l.status[2])} approved, ${n(l.status[1])} pending, ` +
    `${n(l.status[3])} rejected, ${n(l.status[0])} cancelled; ${n(l.type[1])} business, ${n(l.type[2])} sick, ${n(l.type[3])} vacation; ` +
    `${n(l.half)} half days; ${n(l.days)} working days in all) inserted with better-sqlite3 in one transaction in ` +
    `${(l.ms / 1000).toFixed(1)} s; busiest month ${l.busiestMonth} (${n(l.busiestCount)} pending or approved petitions start in it). ` +
    `Holidays in the table: ${holidays}.`
  );
}

export function machineSeedMarkdown(m) {
  if (!m) return "";
  const n = (x) => x.toLocaleString("en-US");
  return (
    `Machine seed: ${n(m.machines)} machines (half type 2 with a location), ${n(m.assignments)} open assignments (two employees each), ` +
    `${n(m.visits)} visit reports over the seeded years (55 % normal, 30 % refilled, 10 % out of stock, 5 % broken; ` +
    `${m.overdue} machines overdue, ${m.problems} with an open problem) inserted with better-sqlite3 in one transaction in ${(m.ms / 1000).toFixed(1)} s.`
  );
}

/** How many employees the petition load had, and what it wrote. */
export function petitionMarkdown(p, row) {
  if (!p) return "";
  const used = p.used === undefined ? "" : `; the warm-up, probe and load started ${p.used.toLocaleString("en-US")} petitions (the last ones in flight are cut off)`;
  const written = p.petitions === undefined ? "" : ` and ${p.petitions.toLocaleString("en-US")} were written`;
  const status = row ? ` Statuses: ${JSON.stringify(row.statusCodes)}.` : "";
  return (
    `Petition load: ${p.employees.toLocaleString("en-US")} employees of its own (demo LINE users, signed \`tn_emp\` cookies, ` +
    `created in ${ms(p.setupMs)}) × ${p.dates} working days ahead${used}${written}; they are removed afterwards.${status}`
  );
}

/** How many employees the check-in load had, and used. */
export function checkinMarkdown(c, row) {
  if (!c) return "";
  const used = c.used === undefined ? "" : `; the warm-up, probe and load started ${c.used.toLocaleString("en-US")} of them`;
  const records = c.records === undefined ? "" : ` and wrote ${c.records.toLocaleString("en-US")} records`;
  const status = row ? ` Statuses: ${JSON.stringify(row.statusCodes)}.` : "";
  return (
    `Check-in load: ${c.employees.toLocaleString("en-US")} employees of its own, each linked to a demo LINE user with a ` +
    `signed \`tn_emp\` cookie (created in ${ms(c.setupMs)})${used}${records}; they are removed afterwards.${status}`
  );
}

export const CSV_BUDGET = { ms: 3000, rssGrowth: 100 * 1000 * 1000 };
const csvGrowth = (csv) => (csv.rss.peak ?? 0) - (csv.rss.before ?? 0);
export const csvBudgetMet = (csv) => csv.ms <= CSV_BUDGET.ms && csv.rss.before !== null && csvGrowth(csv) <= CSV_BUDGET.rssGrowth;
const mb = (bytes) => (bytes == null ? "n/a" : `${(bytes / 1e6).toFixed(1)} MB`);

/** The one-year CSV download: time and the server's RSS around it. */
export function csvMarkdown(csv) {
  if (!csv) return "";
  return [
    `### One-year CSV (\`GET /api/checkin-out?from=${csv.from}&to=${csv.to}&format=csv\`, one download)`,
    "",
    "| Measure | Value | Target |",
    "| --- | --: | --- |",
    `| Whole download (first byte at ${ms(csv.firstByteMs)}) | ${ms(csv.ms)} | ${mark(csv.ms <= CSV_BUDGET.ms)} ≤ 3 s |`,
    `| Size | ${mb(csv.bytes)}, ${csv.lines.toLocaleString("en-US")} lines (${csv.seeded.toLocaleString("en-US")} records in the range) | — |`,
    `| Server RSS before / peak during (sampled every 25 ms) / after | ${mb(csv.rss.before)} / ${mb(csv.rss.peak)} / ${mb(csv.rss.after)} | — |`,
    `| RSS growth (peak − before) | ${mb(csvGrowth(csv))} | ${mark(csvGrowth(csv) <= CSV_BUDGET.rssGrowth)} ≤ 100 MB |`,
  ].join("\n");
}

export const PAYROLL_BUDGET_MS = 1000;
export const payrollBudgetMet = (payroll) => payroll.ms <= PAYROLL_BUDGET_MS;

/** The payroll export of a month: one XLSX download, its time and the server's RSS around it. */
export function payrollMarkdown(payroll) {
  if (!payroll) return "";
  return [
    `### Payroll export (\`GET /api/payroll?month=${payroll.month}&format=xlsx\`, one download)`,
    "",
    "| Measure | Value | Target |",
    "| --- | --: | --- |",
    `| Whole download (first byte at ${ms(payroll.firstByteMs)}) | ${ms(payroll.ms)} | ${mark(payrollBudgetMet(payroll))} ≤ 1 s |`,
    `| Size | ${mb(payroll.bytes)}, ${payroll.employees.toLocaleString("en-US")} rows of seeded employees | — |`,
    `| Server RSS before / peak during (sampled every 25 ms) / after | ${mb(payroll.rss.before)} / ${mb(payroll.rss.peak)} / ${mb(payroll.rss.after)} | — |`,
  ].join("\n");
}

export const HOLIDAY_RECOMPUTE_BUDGET_MS = 2000;

/** The day ledger: a holiday's recompute of a seeded weekday, and the reconcile check after the run. */
export function ledgerMarkdown(ledger) {
  if (!ledger) return "";
  const rows = [];
  if (ledger.holiday) {
    const { date, addMs, removeMs } = ledger.holiday;
    rows.push(`| \`POST /api/holiday\` on ${date} (every employee's row of the date recomputed) | ${ms(addMs)} | ${mark(addMs <= HOLIDAY_RECOMPUTE_BUDGET_MS)} ≤ 2 s |`);
    rows.push(`| \`DELETE /api/holiday/${date}\` (recomputed back) | ${ms(removeMs)} | ${mark(removeMs <= HOLIDAY_RECOMPUTE_BUDGET_MS)} ≤ 2 s |`);
  }
  if (ledger.check) {
    const { from, to, checked, differences } = ledger.check;
    rows.push(`| \`npm run ledger:check -- --from ${from} --to ${to}\` after the run | ${Number.isFinite(checked) ? checked.toLocaleString("en-US") : "?"} rows checked, ${differences} different | ${mark(differences === 0)} 0 |`);
  }
  return ["### Day ledger", "", "| Measure | Value | Target |", "| --- | --: | --- |", ...rows].join("\n");
}

export const ledgerBudgetsMissed = (ledger) => [
  ...(ledger?.holiday && Math.max(ledger.holiday.addMs, ledger.holiday.removeMs) > HOLIDAY_RECOMPUTE_BUDGET_MS ? ["holiday recompute ≤ 2 s"] : []),
  ...(ledger?.check && ledger.check.differences !== 0 ? ["ledger:check 0 differences"] : []),
];

/** Budgets for the server's VmRSS on a small (1 GB) server. */
export const MEMORY_BUDGET = { idle: 200 * 1024 * 1024, end: 350 * 1024 * 1024 };
const memoryBudgetText = { idle: "≤ 200 MiB idle after start", end: "≤ 350 MiB at the end of the run" };

/** The budgets of the memory curve that were missed (or not measured), as text. */
export function memoryBudgetsMissed(curve) {
  return Object.keys(MEMORY_BUDGET)
    .filter((key) => {
      const point = curve.find((p) => p.budget === key);
      return !point || point.rss == null || point.rss > MEMORY_BUDGET[key];
    })
    .map((key) => `server RSS ${memoryBudgetText[key]}`);
}

/** The server's VmRSS (and VmHWM, the peak so far) sampled along the run. */
export function memoryMarkdown(curve) {
  if (!curve?.length) return "";
  const lines = [
    "### Server memory (VmRSS from `/proc/<pid>/status`, after each step)",
    "",
    "| After | RSS | Peak so far (VmHWM) | Budget |",
    "| --- | --: | --: | --- |",
  ];
  for (const p of curve) {
    const budget = p.budget
      ? `${mark(p.rss != null && p.rss <= MEMORY_BUDGET[p.budget])} ${memoryBudgetText[p.budget]}`
      : "—";
    lines.push(`| ${p.budget ? `**${p.point}**` : `\`${p.point.replaceAll("|", "\\|")}\``} | ${mib(p.rss)} | ${mib(p.peak)} | ${budget} |`);
  }
  for (const key of Object.keys(MEMORY_BUDGET)) {
    if (!curve.some((p) => p.budget === key)) lines.push(`| ${memoryBudgetText[key]}: not measured | n/a | n/a | ✗ |`);
  }
  return lines.join("\n");
}

/** The face figures: sequential descriptor time and the /healthz row measured during a burst. */
export function faceMarkdown(face, healthRow) {
  if (!face?.timing) return "";
  const t = face.timing;
  const b = face.burst;
  const descriptorOk = t.median <= 400;
  const lines = [
    `### Face registration on the real server (\`POST /api/emp/face\`)`,
    "",
    `Demo LINE user linked to ${face.employee}; every POST sends the same one-face selfie (${face.image}, ` +
      `sample3.jpg of the face-api demo photos, like \`faceSelfie("a")\`). The server runs ${face.poolSize} face ` +
      `worker${face.poolSize === 1 ? "" : "s"} on this machine.`,
    "",
    "| Measure | Value | Target |",
    "| --- | --: | --- |",
    `| First POST on the fresh server (worker start + model load), warm-up | ${ms(t.firstMs)} | — |`,
    `| Descriptor time, median of ${t.runs.length} sequential POSTs | ${ms(t.median)} | ${mark(descriptorOk)} ≤ 400 ms |`,
    `| Descriptor time, max of ${t.runs.length} (runs: ${t.runs.map((x) => Math.round(x)).join(", ")} ms) | ${ms(t.max)} | — |`,
  ];
  if (healthRow && !healthRow.failed) {
    lines.push(
      `| \`/healthz\` (${healthRow.connections} connections) while ${face.inFlight} face POSTs are always in flight: p50 / p99 / max | ` +
        `${healthRow.p50} / ${healthRow.p99} / ${healthRow.max} ms | ${mark(healthRow.budget?.met)} ${healthRow.budget?.text ?? ""} |`,
    );
  }
  if (b) {
    const rate = b.seconds ? ` (${(b.inWindow / b.seconds).toFixed(1)}/s)` : "";
    lines.push(`| Descriptors completed inside the ${b.seconds ? b.seconds.toFixed(1) : "?"} s measured window | ${b.inWindow}${rate} | — |`);
  }
  lines.push(
    "",
    "Descriptor time is the client's wall time for the whole request: HTTP and multipart parsing, sharp " +
      "(decode and fit to 640 px), the descriptor in the face worker, storing the photo (a sharp re-encode and a file) " +
      "and the database update. `node scripts/bench-face.mjs` times the engine alone (no HTTP).",
  );
  return lines.join("\n");
}

/** Client JS sizes from the build (scripts/bench/bundle.mjs). */
export function bundleMarkdown(bundle) {
  if (!bundle) return "";
  const lines = [
    "### Client JS (from the build: the manifest's first load of each page; 1 kB = 1,000 bytes)",
    "",
    "**As served** is what the server sends a browser that accepts brotli (the build-time `.br` copy, `scripts/compress-build.mjs`); gzip -9 is the older yardstick. The browser's own figure (the next table) adds the stylesheet and a response header per file (ADR 038).",
    "",
    "| First load | Files | Raw | gzip -9 | As served | Budget |",
    "| --- | --: | --: | --: | --: | --- |",
  ];
  for (const p of bundle.pages) {
    const budget = p.budget ? `${mark(p.served <= p.budget)} ≤ ${kB(p.budget).replace(".0 kB", " kB")}` : "—";
    lines.push(`| ${p.label} | ${p.count} | ${kB(p.raw)} | ${kB(p.gzip)} | **${kB(p.served)}** | ${budget} |`);
  }
  lines.push(
    `| the client manifest \`${bundle.manifest.url}\` (not fetched at a first load: with lazy route discovery the page's HTML carries the routes it needs, and links ask \`/__manifest\` for theirs) | 1 | ${kB(bundle.manifest.raw)} | ${kB(bundle.manifest.gzip)} | — | — |`,
    "",
    "| Loaded on demand (`import()`) | Chunk | From | Raw | gzip |",
    "| --- | --- | --- | --: | --: |",
  );
  const base = (u) => u.split("/").pop();
  for (const l of bundle.lazy) {
    lines.push(`| ${l.label} | ${l.files.map((u) => `\`${base(u)}\``).join(", ")} | \`${base(l.from)}\` | ${kB(l.raw)} | ${kB(l.gzip)} |`);
  }
  lines.push("", ...bundle.checks.map((c) => `- ${mark(c.ok)} ${c.text}`));
  return lines.join("\n");
}

/** The markdown section for one run; starts with RUN_MARKER so later runs can find it. */
export const BACKUP_BUDGET = { writeP99: 200 };
export const backupBudgetMet = (b) => b.check?.integrity === "ok" && b.during.count > 0 && b.during.errors === 0 && b.during.p99 <= BACKUP_BUDGET.writeP99;

export function backupMarkdown(b) {
  if (!b) return "";
  return [
    `### Online backup (\`npm run backup -- <file>\` beside the loaded server)`,
    "",
    `The database padded to ${Math.round(b.databaseMb).toLocaleString("en-US")} MiB (${Math.round(b.paddedMb).toLocaleString("en-US")} MiB in a table of the bench's own), then ${b.connections} connections send check-ins and outs (two in three) and one-day petitions as fast as they are answered, from 3 s before the backup until 2 s after it.`,
    "",
    "| Measure | Value | Target |",
    "| --- | --: | --- |",
    `| Backup (one \`npm run backup\`, tsx start included) | ${b.seconds.toFixed(1)} s, exit ${b.code} | — |`,
    `| The copy | integrity_check ${b.check?.integrity ?? "not run"} | ${mark(b.check?.integrity === "ok")} ok |`,
    `| Writes before the backup: count / p50 / p99 | ${b.before.count} / ${ms(b.before.p50)} / ${ms(b.before.p99)} | — |`,
    `| Writes that started during it: count / p50 / p99 / max | ${b.during.count} / ${ms(b.during.p50)} / ${ms(b.during.p99)} / ${ms(b.during.max)} | ${mark(backupBudgetMet(b))} keep flowing, p99 ≤ ${BACKUP_BUDGET.writeP99} ms |`,
  ].join("\n");
}

export function runSection({ date, machine, seconds, warmup, memory, rows, seed, attendance, leave, machines, checkin, petition, csv, payroll, ledger, skipped = [], face, bundle, pageBytes, backup }) {
  const healthRow = rows.find((r) => r.name.startsWith("GET /healthz while"));
  const checkinRow = rows.find((r) => r.name.startsWith("POST /api/emp/checkin-out"));
  const petitionRow = rows.find((r) => r.name.startsWith("POST /api/emp/leave/petition"));
  const extras = [
    seedMarkdown(seed),
    attendanceSeedMarkdown(attendance),
    leaveSeedMarkdown(leave),
    machineSeedMarkdown(machines),
    checkinMarkdown(checkin, checkinRow),
    petitionMarkdown(petition, petitionRow),
    memoryMarkdown(memory.curve),
    csvMarkdown(csv),
    payrollMarkdown(payroll),
    ledgerMarkdown(ledger),
    skipped.map((r) => `- Skipped \`${r.name}\`: ${r.skipped}`).join("\n"),
    faceMarkdown(face, healthRow),
    backupMarkdown(backup),
    bundleMarkdown(bundle),
    pageBytesMarkdown(pageBytes),
  ].filter(Boolean);
  return [
    RUN_MARKER,
    `## Run ${date}`,
    "",
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory} RAM, ${machine.os}`,
    `- Node ${machine.node}, SQLite ${machine.sqlite}, autocannon ${machine.autocannon}${machine.git ? `, commit ${machine.git}` : ""}`,
    `- ${seconds} s per scenario after a ${warmup} s warm-up; server and load generator on the same machine` +
      ` (load average ${machine.loadavg} at the start${machine.loadavgEnd ? `, ${machine.loadavgEnd} at the end` : ""})`,
    ...(machine.fsync
      ? [`- Disk: 4 KiB written and fdatasync'd in the data folder's file system: p50 ${machine.fsync.p50.toFixed(2)} ms, p99 ${machine.fsync.p99.toFixed(2)} ms (each commit waits for one: synchronous = FULL)`]
      : []),
    `- Server RSS: ${mib(memory.before.rss)} before the load, ${mib(memory.after.rss)} after, peak ${mib(memory.after.peak)}`,
    "",
    markdownTable(rows),
    "",
    ...extras.flatMap((e) => [e, ""]),
  ].join("\n");
}

const HEADER = `# Benchmarks

Generated by \`scripts/bench.mjs\`; edit the script (or \`scripts/bench/*.mjs\`), not this file.
The newest run comes first; only the ${KEEP_RUNS} latest runs are kept. For each budget a run
misses, [budgets.md](budgets.md) says where the time goes and the plan.

## How to run

\`\`\`sh
npm run bench                          # builds, then runs every scenario for 10 s
BENCH_SECONDS=5 node scripts/bench.mjs # reuse an existing build, 5 s per scenario
\`\`\`

The harness starts the production server itself (\`node server.mjs\`, \`NODE_ENV=production\`,
\`MALLOC_ARENA_MAX=2\` and \`NODE_OPTIONS=--max-old-space-size=256\` as the Dockerfile and the
systemd unit run it, demo mode: no LINE settings) on a free port with a fresh temporary \`DATA_DIR\` and a first admin
\`bench-admin\`, waits for its "listening on" line, seeds 1,000 active employees with Thai names
(\`POST /api/employee\`, 8 requests in flight; the time is logged), sets one office and
\`require_selfie=false\` (\`PUT /api/settings\`), then writes two years of attendance and leave for
them straight into the server's database (below), loads it with
[autocannon](https://github.com/mcollina/autocannon) over 127.0.0.1 only, then stops it with
SIGTERM and removes the directory.

**Attendance seed** (\`scripts/bench/attendance.mjs\`): every weekday of the last two years up to
yesterday, from each employee's start date (≈ 500k records). A second better-sqlite3 connection
writes them into the running server's \`tn.sqlite\` (WAL mode; the server is idle meanwhile) in
one transaction with one prepared statement, then checkpoints the WAL; the time is logged. The
data is deterministic (seeded PRNG): about 3 % absent (no record), 8 % late (08:31–09:40), 4 %
leaving early, 1.5 % without a check-out, 3.5 % flagged (outside the office, stale position,
clock drift); flagged records of the last five days wait for review, older ones were accepted or
rejected. No selfies (every record carries \`no_selfie\`). No \`ANALYZE\` is run, as in production.

**Leave seed** (\`scripts/bench/leave.mjs\`): the holiday table first: the server seeds this year
and next when it starts, last year goes through \`POST /api/holiday/seed\` as the admin (the run
fails if a year has fewer than 13 days). Then about 20k petitions (14–26 per employee) from
1 January of last year to 45 days ahead, from each employee's start date, written like the
attendance (second connection, one transaction, WAL checkpoint): 45 % sick leave (mostly one day,
some half days, a few of 3–5 days with an explanation instead of a certificate), 30 % business
leave (a third half days), 25 % vacation (1–5 days); an employee's petitions never overlap;
\`days\` counts working days as the server does (Monday–Friday minus the holiday table), \`year\`
is the year of the start date. Past petitions were decided (86 % approved, 5 % rejected, 9 %
cancelled), those starting after today are 30 % pending (a few hundred), 65 % approved, 5 %
cancelled. Deterministic; the month in which most pending or approved petitions start is logged
as the busiest month.

**Machine seed** (\`scripts/bench/machines.mjs\`): 200 cabinets (codes VM001…; half type 2 with a
location and a 50–150 m radius, half type 1, a quarter of those located; visit schedules of 7,
14 or 30 days or none), each looked after by two of the seeded employees, and 100 visit reports
each (20k) over the seeded two years (55 % normal, 30 % refilled, 10 % out of stock, 5 % broken;
the last one 1–40 days ago, so some scheduled cabinets are overdue), written like the attendance
(second connection, one transaction); \`last_visit_id\` points at the newest. Deterministic.

**Pages** (SSR) are asked for with a desktop Chrome's \`User-Agent\` and \`Sec-CH-UA-Mobile: ?0\`, as an
admin's browser sends them: the server then renders a list's desktop table only (a client that sends
neither gets the table and the phone cards, CSS showing one).

**Dashboard and cabinets**: the \`/admin/dashboard\` page at 1 and 8 clients (budget at 1: ≤ 150 ms),
and \`GET /api/emp/machine?lat=&lng=\` at 1 client (≤ 20 ms) for an employee of its own (code MC…,
a signed \`tn_emp\` cookie as for the check-in) who looks after 8 cabinets, standing at the office;
its assignments and row are removed afterwards.

**Check-in** (\`POST /api/emp/checkin-out\`, 32 connections): every answer must be 2xx, but an
employee checks in and out once a work date (409 after), so the load gets employees of its own
rather than reusing the 1,000: just before it, the harness inserts them into the database, each
linked to its own demo LINE user (\`Udemo…\`), and signs one \`tn_emp\` cookie each with the
server's session secret from \`DATA_DIR\`, exactly as \`POST /api/emp/authen\` would
(\`linkDemoEmployee\` in \`scripts/bench/face.mjs\` goes through the API, three requests per
employee, which is too slow for thousands). Each connection takes the next unused employee,
posts its check-in, then its check-out on the same connection (so the out always follows its
in), with the multipart fields the LIFF page sends (type, lat, lng, accuracy, position_at,
client_time; no photo). Enough employees for the run: a check-in cannot be faster than
\`/healthz\`, measured first in the same run, so (that rate × (warm-up + load seconds) × 1.5) / 2,
plus two per connection. Deleting the day's records between runs instead would make the load
depend on a second writer. Afterwards the employees and their records are removed, so the
scenarios that follow see the 1,000 only; the run fails if the load ever ran out of employees.

**Leave**: \`GET /api/leave/statistic?year=\` for this year (1,000 employees) at 1 and 8 clients
(budget at 1: ≤ 50 ms); \`GET /api/leave/calendar?month=\` for the seed's busiest month at 1 client
(≤ 30 ms); the \`/admin/leave-work\` page, pending tab and \`?tab=calendar\` (this month), at 1 and 8
clients (DESIGN.md §10: every admin page ≤ 20 ms at 1 client, ≤ 150 ms at 8); and
\`POST /api/emp/leave/petition\` at 32 connections (≥ 30 % of \`/healthz\`), a JSON business leave of
one full working day. Every answer must be 201, and an employee cannot file two petitions that
overlap (409), so like the check-in the load gets employees of its own (codes \`LV…\`, demo LINE
users, signed cookies), enough that request k goes to employee k mod E on the ⌊k / E⌋-th working
day after today (holidays excluded) up to the end of next year: no two requests ever share an
employee and a date, however many are in flight. The reads run before it; afterwards its
employees and their petitions are removed; the run fails if it ever ran out of dates.

**Attendance reads**: \`GET /api/checkin-out/daily\` and the \`/admin/checkin-out\` page (daily tab) for
the last seeded weekday, at 1 and 8 clients; \`GET /api/checkin-out/monthly?month=\` for last
month at 1 client; and the CSV of last calendar year
(\`GET /api/checkin-out?from=&to=&format=csv\`) as one timed download, read as a stream, with the
server's VmRSS (\`/proc/<pid>/status\`) sampled before, every 25 ms during and after (budget: ≤ 3 s,
growth ≤ 100 MB). The payroll export of last month (\`GET /api/payroll?month=&format=xlsx\`, a row per
employee summed from the day ledger) is timed the same way (budget: ≤ 1 s), then read back with
read-excel-file to check it has a row for each seeded employee. A route that answers 404 (not in
this build) is skipped with a note in the run.

**Online backup** (last, DESIGN.md §10: "online backup of a 1 GB database: writes keep flowing"): the
database is padded to 1 GiB with a table of the bench's own, then 8 connections send check-ins and
outs (300 employees of its own, codes BU…; once out, a second connection deletes the day's record
every 2 s so they can check in again) and one-day petitions as fast as they are answered, while
\`npm run backup -- <file>\` runs beside the server as an operator would; the writes that started
during the backup must all succeed with p99 ≤ 200 ms, and the copy must pass \`integrity_check\`.
The 10-minute mixed soak with a backup half-way is \`npm run bench:soak\` (docs/soak.md; not in CI).

Besides the autocannon table, each run records:

- **Face registration** on the real server: a demo LINE user is linked to employee E0001 (the admin
  issues a code, \`POST /api/emp/authen\`, \`POST /api/emp/verify\`), then a 640 px one-face selfie
  (sample3.jpg of the face-api demo photos) is posted to \`POST /api/emp/face\`: once to warm up,
  then 5 times in a row (descriptor time, target ≤ 400 ms for the median), then 4 at a time,
  continuously, while autocannon loads \`/healthz\` (the \`GET /healthz while 4 face descriptors
  compute\` row).
- **Server memory**: the server's VmRSS and VmHWM (\`/proc/<pid>/status\`) 5 s after it listens
  (idle; budget ≤ 200 MiB), after seeding, after each scenario, at the end of the last one, and
  35 s later: the harness starts the server with \`FACE_IDLE_SECONDS=30\` and the face scenario is
  the last, so that point is the server after its face worker (~250 MB while loaded) has stopped
  (budget ≤ 350 MiB at the end of the run). docs/decisions/026-memory-on-a-small-server.md.
- **Client JS** from the build (no server): what a first load of each employee page downloads
  according to the Remix client manifest (the route chain's modules and what they import
  statically), gzipped (level 9, the older yardstick) and **as served**: the brotli copy written at
  build time (\`scripts/compress-build.mjs\`) that the server sends to a browser accepting br
  (budget ≤ 180 kB); the admin employee page for comparison; the chunks loaded on demand (LIFF);
  and checks that no face-api code is in the build.
- **What a phone downloads**, measured in Chromium: \`tests/e2e/page-bytes.spec.ts\` (its own server
  on a free port, demo mode) opens every employee page signed in, each in a fresh browser context
  (empty cache) at 390×844, until nothing has been in flight for a second, and adds up the bytes
  received per request (DevTools' \`encodedDataLength\`: the body as compressed, plus the response
  headers) by type; budget: JS + CSS ≤ 180 kB per page (DESIGN §10). The first open without a
  session also fetches the LIFF SDK for the sign-in (in demo mode with its mock), listed apart.
  The estimate above and the browser agree on the scripts' bodies (the same files, the same
  bytes); the browser's JS + CSS is higher by the one stylesheet (~17 kB) and by a response
  header per file (~300 bytes each), and its total counts the fonts, the document and the loader
  data besides (docs/decisions/038-employee-page-bytes.md).

| Variable | Default | Meaning |
| --- | --: | --- |
| \`BENCH_SECONDS\` | 10 | Length of each measured load, in seconds |
| \`BENCH_WARMUP_SECONDS\` | 1 | Unmeasured load before each scenario (0 = none) |
| \`BENCH_ONLY\` | — | Only scenarios whose name contains this text, or one of several texts joined by a vertical bar (plus \`/healthz\`; e.g. \`face\`, \`employee\`, \`emp/checkin\`, \`checkin-out\`, \`leave\`); such a partial run does not update this file |
| \`BENCH_NODE_OPTIONS\` | \`--max-old-space-size=256\` | \`NODE_OPTIONS\` of the server under test (\`""\` for V8's defaults) |

Scenarios live in \`scripts/bench/scenarios.mjs\` (one object each: name, budget, setup, autocannon
options, optional after hook, or a single measurement); seed data in \`scripts/bench/seed.mjs\`,
\`scripts/bench/attendance.mjs\` (attendance, check-in employees, the CSV download) and
\`scripts/bench/leave.mjs\` (holidays, petitions, the petition load's plan), the face helpers in
\`scripts/bench/face.mjs\`, the JS sizes in \`scripts/bench/bundle.mjs\`, the browser's figures in
\`scripts/bench/page-bytes.mjs\`. The run fails (exit 1) when the server does not start, when the
browser measurement writes no figures, or when a scenario has connection errors/timeouts or
non-2xx answers (seeding, linking and every face POST must succeed too); a missed budget or check
is only marked ✗.

How to read the table:

- **Req/s** is autocannon's mean of per-second samples; **vs /healthz** compares it with the
  baseline measured in the same run, which makes runs on different machines comparable.
- Latencies are in milliseconds and count 2xx answers only.
- \`POST /api/auth/login\` is slow on purpose: every sign-in verifies an argon2id hash
  (19 MiB, t=2), so it is bounded by CPU cores rather than by the server.
- autocannon shares the CPU with the server, so on a machine with few cores the figures are a
  lower bound. With N connections on one Node event loop, p50 is roughly N × the server time of
  one request. DESIGN.md §10 names a connection count only for check-in, so the plain median
  budgets (search, \`/admin/employee\`, daily, \`/admin/checkin-out\`, monthly, leave statistics and
  calendar) are judged at 1 client; the 8-client rows beside them show how the same request queues
  under contention and carry no budget, except \`/admin/leave-work\`, for which §10 names both. The
  check-in row is judged against the \`/healthz\` row of the same run (≥ 50 %) and on its p99
  (≤ 100 ms), at 32 connections; the petition row against the same \`/healthz\` row (≥ 30 %).
- Descriptor time is the whole HTTP request seen by the client (multipart, sharp, the face worker,
  storing the photo, the database), not the network alone; \`node scripts/bench-face.mjs\` times
  the engine without HTTP.

## Slow bodies (issue 34; measured by hand, not by \`npm run bench\`)

96 connections, a third each to \`POST /api/auth/login\`, \`POST /login\` and \`POST /api/emp/authen\`,
each declaring a 10 MB multipart body, sending 9.5 MB as fast as the server takes it and then
waiting; \`/healthz\` asked every 50 ms for 20 s meanwhile, after 10 s of the same without them (the
baseline). The production build with \`MALLOC_ARENA_MAX=2\` and \`NODE_OPTIONS=--max-old-space-size=256\`,
a fresh data folder; 2026-11-27, the 2-core AMD EPYC dev machine (Node 20.20.2), shared with other
work (load average 5–8). ADR 039; \`tests/api/slow-bodies.test.ts\` runs 30 such clients and fails
past +50 MB.

| Server (two runs each, before then after) | RSS at start → peak | after the clients closed | \`/healthz\` p50 / p99 / max | baseline p99 |
| --- | --: | --: | --: | --: |
| before (the edge of ADR 014) | 179 → 1,104 MiB | 1,104 MiB | 3.9 / 241 / 642 ms | 10 ms |
| before | 176 → 1,102 MiB | 1,103 MiB | 4.7 / 847 / 1,047 ms | 85 ms |
| after (ADR 039) | 175 → 182 MiB | 174 MiB | 3.3 / 46 / 127 ms | 13 ms |
| after | 173 → 181 MiB | 177 MiB | 3.4 / 74 / 1,018 ms | 97 ms |

The machine's own noise is the baseline column (the second pair ran at a busier moment); an
earlier, quieter run before the change had \`/healthz\` p99 1,640 ms (max 2.4 s).

## Liveness (issue 38; \`npm run bench:liveness\`, not \`npm run bench\`)

The selfie liveness score of ADR 051: \`@vladmandic/human\` 3.3.6's \`liveness\` model, averaged over
24 crops of the face (\`app/lib/face-liveness.mjs\`), computed by \`scripts/bench-liveness.ts\` with the
worker's own code on the pixels \`face.server.ts\` sends it. 2026-11-28, the 2-core AMD EPYC dev
machine (Node 20.20.2), load average 1.2; 253 s for the whole run. The scores are deterministic
(an earlier run at load average 6.5 gave the same ones).

- **Real photos.** *demo*: each face of the \`@vladmandic/face-api\` demo photos, cut from the
  full-size photo as a 480 px selfie (the 14 where the engine then finds one face); *fixtures*: the
  tests' persons a, b, c and the second selfie of a; *tiles*: the 55 small faces (~100 px, under
  text) of \`@vladmandic/human\`'s \`assets/screenshot-facematch.jpg\`, as 320 px photos. The
  variations of the demo and fixture photos are an honest selfie's: mirrored, 70 % and 130 %
  brightness, 280 px at JPEG quality 65, tilted 10°.
- **Spoofs**, made here from each of the 73 real photos (\`tests/fixtures/spoofs.ts\`); they imitate
  one trace each of a photo of a print or of a screen, they are **not** real replays: *blur* σ 3 px;
  *jpeg* a third of the size at quality 12 and back at 15; *moire* ±22 % in crossed 3.3 px gratings;
  *halftone* 4 px dot screens then a slight blur; *screen* a bluish cast, lifted blacks, lower
  contrast and a glare spot; *replay* the screen's colour, moiré ±15 %, blur 1 px and quality 40.
- **No single face**: the engine found no face (or several); such a check-in goes to review as
  \`face_review\`, without a score.

| Photos | n | no single face | min | 10th pct | median | max |
| --- | --: | --: | --: | --: | --: | --: |
| real: demo | 14 | 0 | 0.84 | 0.89 | 0.97 | 1.00 |
| real: fixtures | 4 | 0 | 0.95 | 0.95 | 0.98 | 0.98 |
| real: tiles | 55 | 0 | 0.67 | 0.84 | 0.97 | 1.00 |
| real, mirrored | 18 | 1 | 0.89 | 0.90 | 0.97 | 1.00 |
| real, dark | 18 | 2 | 0.79 | 0.80 | 0.93 | 0.98 |
| real, bright | 18 | 4 | 0.93 | 0.94 | 0.99 | 1.00 |
| real, small | 18 | 2 | 0.87 | 0.91 | 0.98 | 1.00 |
| real, tilted | 18 | 3 | 0.87 | 0.88 | 0.98 | 0.99 |
| spoof: blur | 73 | 49 | 0.68 | 0.88 | 0.96 | 0.99 |
| spoof: jpeg | 73 | 50 | 0.63 | 0.87 | 0.98 | 1.00 |
| spoof: moire | 73 | 20 | 0.71 | 0.91 | 0.97 | 1.00 |
| spoof: halftone | 73 | 43 | 0.74 | 0.91 | 0.97 | 1.00 |
| spoof: screen | 73 | 28 | 0.46 | 0.64 | 0.80 | 0.97 |
| spoof: replay | 73 | 35 | 0.45 | 0.65 | 0.80 | 0.95 |

Flagged \`liveness_low\` below each threshold (photos with a score):

| Threshold | real flagged | blur caught | jpeg caught | moire caught | halftone caught | screen caught | replay caught |
| --: | --: | --: | --: | --: | --: | --: | --: |
| 0.5 | 0/151 | 0/24 | 0/23 | 0/53 | 0/30 | 2/45 | 2/38 |
| **0.6 (default)** | **0/151** | 0/24 | 0/23 | 0/53 | 0/30 | 3/45 | 2/38 |
| 0.7 | 2/151 | 1/24 | 2/23 | 0/53 | 0/30 | 10/45 | 8/38 |
| 0.8 | 6/151 | 2/24 | 2/23 | 2/53 | 1/30 | 21/45 | 19/38 |
| 0.9 | 19/151 | 4/24 | 5/23 | 4/53 | 1/30 | 39/45 | 33/38 |

Human's other model, \`antispoof\` (128 px), on the same crops scores the spoofs as high as the real
photos or higher (real median 0.62, min 0.49; screen median 0.77; replay 0.74; blur, jpeg, moire,
halftone 0.61–0.64), so it is not used.

| Time per 640 px selfie through the engine (decode + worker; 21 each, alternating) | median | 90th pct |
| --- | --: | --: |
| descriptor alone (a registration) | 154 ms | 210 ms |
| descriptor + liveness (a check-in selfie; budget ≤ 400 ms) | 207 ms | 224 ms |
| the liveness score alone (24 crops, in the thread) | 49 ms | 52 ms |

A fresh worker loaded its models in 268 ms, the liveness model included; loading it adds ~45 ms
and 4–8 MB of RSS to the worker (measured by hand in one process).

What it says: no real photo scores under the default 0.6 (the lowest, 0.67, is a ~100 px tile face;
the lowest selfie-sized one is 0.79, at 70 % brightness). At 0.6 the score catches 5 of the 83
scored screen-like spoofs and none of the blurred, recompressed, moiré or halftone ones: the model
sees 32 × 32 pixels, so it reacts to a screen's colour and contrast, not to texture. At 0.8 it
would catch about half of the screen-like ones and flag 6 of the 151 real photos. Many degraded
photos lose their face altogether (up to 50 of 73) and go to review on that account.

`;

/** Writes the header and the new run, then up to KEEP_RUNS - 1 earlier runs from the file. */
export function updateDocs(file, section) {
  let earlier = [];
  if (fs.existsSync(file)) {
    const text = fs.readFileSync(file, "utf8");
    earlier = text
      .split(RUN_MARKER)
      .slice(1)
      .map((s) => `${RUN_MARKER}${s.trimEnd()}\n`);
  }
  const runs = [section, ...earlier].slice(0, KEEP_RUNS);
  fs.writeFileSync(file, `${HEADER}${runs.join("\n")}`);
  return runs.length;
}
