// `npm run bench:soak`: the whole product under a mixed load for 10 minutes at 32 connections
// (check-ins and outs, petitions, approvals, cabinet visit reports, the daily view, employee pages),
// with `npm run backup` run half-way through, on the benchmark data set padded to a 1 GB database.
// Records zero errors, p99s, the backup's effect on writes and the server's RSS in docs/soak.md.
// Not part of CI (it takes ~13 minutes). See the header of docs/soak.md for the variables.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import Database from "better-sqlite3";
import { createCheckinEmployees, openDb, random } from "./bench/attendance.mjs";
import { benchContext, seedDataSet, BENCH_ADMIN } from "./bench/data-set.mjs";
import { selfieJpeg } from "./bench/face.mjs";
import { petitionPlan } from "./bench/leave.mjs";
import { machineInfo, mib } from "./bench/report.mjs";
import { startServer } from "./bench/server.mjs";
import { MACHINE_CARETAKERS, MIX, runMixedLoad, soakPool, startJanitor, summariseSamples, WRITES } from "./bench/soak.mjs";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const DOCS_FILE = path.join(root, "docs", "soak.md");
const log = (line) => console.error(`[soak] ${line}`);

function numberFromEnv(name, fallback, { min, max }) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    console.error(`${name} must be a number between ${min} and ${max} (got "${raw}")`);
    process.exit(2);
  }
  return value;
}

const seconds = numberFromEnv("SOAK_SECONDS", 600, { min: 10, max: 7200 });
const warmup = numberFromEnv("SOAK_WARMUP_SECONDS", 60, { min: 0, max: 600 });
const connections = numberFromEnv("SOAK_CONNECTIONS", 32, { min: 1, max: 256 });
const databaseMb = numberFromEnv("SOAK_DATABASE_MB", 1024, { min: 0, max: 100_000 });
const POOL = 400;
const BUDGET = { checkinP99: 100, backupWriteP99: 200, rssGrowth: 0.2 };

/** Fills a table of the soak's own with random blobs until the database file holds `mb` MB. */
function padDatabase(dataDir, mb) {
  const file = path.join(dataDir, "tn.sqlite");
  const db = new Database(file);
  try {
    db.pragma("busy_timeout = 10000");
    db.exec("create table if not exists soak_padding (id integer primary key, data blob not null)");
    const pageSize = db.pragma("page_size", { simple: true });
    const missing = mb * 1024 * 1024 - db.pragma("page_count", { simple: true }) * pageSize;
    if (missing <= 0) return 0;
    const insert = db.prepare("insert into soak_padding (data) values (randomblob(65536))");
    const rows = Math.ceil(missing / 65536);
    for (let done = 0; done < rows; done += 1000) {
      db.transaction(() => {
        for (let i = done; i < Math.min(rows, done + 1000); i++) insert.run();
      })();
    }
    db.pragma("wal_checkpoint(TRUNCATE)");
    return rows * 65536;
  } finally {
    db.close();
  }
}

function prepareLoadEmployees(ctx) {
  return createCheckinEmployees(ctx, POOL, { prefix: "SK", lastName: "ทดสอบยาว" }).then(({ ids, cookies }) => {
    const db = openDb(ctx.dataDir);
    try {
      const machineIds = db.prepare("select id from machines where type = 1 and active = 1 order by id limit 8").all().map((r) => r.id);
      const assign = db.prepare("insert into machine_assignments (machine_id, employee_id) values (?, ?)");
      db.transaction(() => ids.slice(0, MACHINE_CARETAKERS).forEach((e) => machineIds.forEach((m) => assign.run(m, e))))();
      return { ids, cookies, machineIds };
    } finally {
      db.close();
    }
  });
}

/** `npm run backup -- <file>` beside the running server, as an operator would run it. */
function runBackup(dataDir, file) {
  return new Promise((resolve) => {
    const started = performance.now();
    let output = "";
    const child = spawn("npm", ["run", "--silent", "backup", "--", file], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => resolve({ code, output: output.trim(), started, ended: performance.now() }));
  });
}

function integrityOf(file) {
  const db = new Database(file, { readonly: true });
  try {
    return {
      integrity: db.pragma("integrity_check", { simple: true }),
      employees: db.prepare("select count(*) as n from employees").get().n,
    };
  } finally {
    db.close();
  }
}

const ms = (n) => (n == null ? "n/a" : `${Math.round(n).toLocaleString("en-US")}`);
const mark = (ok) => (ok ? "✓" : "✗");

function report({ machine, date, rows, totals, backup, backupWrites, rss, budgets, pool, notes }) {
  const lines = [
    `## Soak ${date}`,
    "",
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory} RAM, ${machine.os}; Node ${machine.node}, commit ${machine.git}`,
    `- ${connections} connections for ${seconds} s after a ${warmup} s warm-up (figures below are after the warm-up); load average at the end ${os.loadavg().map((n) => n.toFixed(2)).join(", ")}`,
    `- ${notes.join("; ")}`,
    "",
    "| Request | Count | Req/s | p50 ms | p90 ms | p99 ms | max ms | errors |",
    "| --- | --: | --: | --: | --: | --: | --: | --: |",
    ...rows.map(
      (r) => `| ${r.label} | ${r.count.toLocaleString("en-US")} | ${(r.count / seconds).toFixed(1)} | ${ms(r.p50)} | ${ms(r.p90)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors} |`,
    ),
    `| **all** | ${totals.count.toLocaleString("en-US")} | ${(totals.count / seconds).toFixed(1)} | ${ms(totals.p50)} | ${ms(totals.p90)} | ${ms(totals.p99)} | ${ms(totals.max)} | ${totals.errors} |`,
    "",
    `Backup (\`npm run backup -- <file>\` at ${Math.round(backup.at)} s, ${(backup.seconds).toFixed(1)} s, exit ${backup.code}): ${backup.output.split("\n").at(-1)}; the copy: integrity_check ${backup.check?.integrity ?? "n/a"}, ${backup.check?.employees ?? "n/a"} employees. Writes that started during it: ${backupWrites.count}, p50 ${ms(backupWrites.p50)} ms, p99 ${ms(backupWrites.p99)} ms, ${backupWrites.errors} errors.`,
    "",
    `Server RSS: ${mib(rss.start)} after start, ${mib(rss.seeded)} after seeding, ${mib(rss.warm)} after the warm-up, ${mib(rss.end)} at the end (peak ${mib(rss.peak)}); every 30 s: ${rss.curve.map((b) => mib(b).replace(" MiB", "")).join(", ")} MiB.`,
    "",
    `Pool: ${pool}.`,
    "",
    "| Budget | Measured | |",
    "| --- | --- | --- |",
    ...budgets.map((b) => `| ${b.text} | ${b.value} | ${mark(b.met)} |`),
    "",
  ];
  return lines.join("\n");
}

const HEADER = `# Soak runs

Generated by \`npm run bench:soak\` (scripts/bench-soak.mjs, scripts/bench/soak.mjs); edit the scripts, not
this file. The newest run comes first; only the 3 latest are kept. Not run in CI.

The harness starts the production server with a fresh \`DATA_DIR\`, seeds the benchmark data set
(scripts/bench/data-set.mjs, as \`npm run bench\`), pads the database with a table of its own to
\`SOAK_DATABASE_MB\` (default 1024: DESIGN.md §10 budgets the backup of a 1 GB database), then adds
${POOL} employees of its own (codes SK…, signed \`tn_emp\` cookies as in \`npm run bench\`; the first
${MACHINE_CARETAKERS} look after 8 type-1 cabinets). \`SOAK_CONNECTIONS\` (32) loops each send one request after
another for \`SOAK_WARMUP_SECONDS\` (60) + \`SOAK_SECONDS\` (600), each request's kind drawn by weight:
${MIX.map(([k, w]) => `${k} ${w}`).join(", ")}. Check-ins alternate in and out per employee; once out, a
second connection deletes that day's record every 2 s so the employee can check in again (an
employee checks in once a work date). Petitions are one full day on the working days ahead, never
overlapping; approvals accept the petitions the load filed; one visit report in five carries a photo.
Half-way through the measured time it runs \`npm run backup -- <file>\` beside the server and checks
the copy. Every answer must be 2xx.

| Variable | Default |
| --- | --: |
| \`SOAK_SECONDS\` | 600 |
| \`SOAK_WARMUP_SECONDS\` | 60 |
| \`SOAK_CONNECTIONS\` | 32 |
| \`SOAK_DATABASE_MB\` | 1024 |

`;

function updateDocs(section) {
  const marker = "## Soak ";
  const earlier = fs.existsSync(DOCS_FILE)
    ? fs.readFileSync(DOCS_FILE, "utf8").split(marker).slice(1).map((s) => `${marker}${s.trimEnd()}\n`)
    : [];
  fs.writeFileSync(DOCS_FILE, `${HEADER}${[section, ...earlier].slice(0, 3).join("\n")}`);
}

async function main() {
  const date = new Date().toISOString();
  const machine = machineInfo(root);
  let stop = null;
  const server = await startServer({
    cwd: root,
    env: { ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password, REMINDERS: "off" },
    onSpawn: (s) => (stop = s),
  });
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-soak-backup-"));
  process.once("SIGINT", async () => {
    await stop?.();
    fs.rmSync(backupDir, { recursive: true, force: true });
    process.exit(130);
  });
  const rss = { start: server.memory().rss, curve: [], peak: 0 };
  try {
    const ctx = benchContext(server);
    await seedDataSet(ctx, log);
    const padded = padDatabase(server.dataDir, databaseMb);
    const dbBytes = fs.statSync(path.join(server.dataDir, "tn.sqlite")).size;
    log(`database ${(dbBytes / 1024 / 1024).toFixed(0)} MiB (${(padded / 1024 / 1024).toFixed(0)} MiB of padding)`);
    rss.seeded = server.memory().rss;

    const employees = await prepareLoadEmployees(ctx);
    const { dates } = petitionPlan(ctx, 1);
    const pool = soakPool({ ...employees, dates });
    const loadCtx = { baseUrl: server.baseUrl, adminCookie: await ctx.login(), photo: (await selfieJpeg(root)).jpeg };
    const janitor = startJanitor(server.dataDir, pool);

    const t0 = performance.now();
    const measureFrom = warmup * 1000;
    const end = measureFrom + seconds * 1000;
    const sampler = setInterval(() => {
      const { rss: now } = server.memory();
      rss.peak = Math.max(rss.peak, now ?? 0);
      const elapsed = performance.now() - t0;
      if (rss.warm === undefined && elapsed >= measureFrom) rss.warm = now;
      if (elapsed >= measureFrom && rss.curve.length <= (elapsed - measureFrom) / 30_000) rss.curve.push(now);
    }, 1000);
    const backupAt = measureFrom + (seconds * 1000) / 2;
    const backupFile = path.join(backupDir, "tn-soak.sqlite");
    const backupRun = new Promise((resolve) => setTimeout(() => resolve(runBackup(server.dataDir, backupFile)), backupAt));
    log(`load: ${connections} connections, ${warmup} s warm-up + ${seconds} s; backup at ${Math.round(backupAt / 1000)} s`);
    const { samples, firstErrors } = await runMixedLoad(loadCtx, pool, {
      connections,
      t0,
      deadline: t0 + end,
      rand: random(20261125),
    });
    clearInterval(sampler);
    rss.end = server.memory().rss;
    rss.warm ??= rss.end;
    const cycles = janitor.stop();
    const backup = await backupRun;
    backup.at = (backup.started - t0) / 1000;
    backup.seconds = (backup.ended - backup.started) / 1000;
    backup.check = backup.code === 0 ? integrityOf(backupFile) : null;

    const window = { from: measureFrom, to: end };
    const rows = MIX.map(([kind]) => ({ label: kind, ...summariseSamples(samples, { ...window, kinds: new Set([kind]) }) }));
    const totals = summariseSamples(samples, window);
    const checkin = rows.find((r) => r.label === "checkin");
    const backupWrites = summariseSamples(samples, {
      from: backup.started - t0,
      to: backup.ended - t0,
      kinds: WRITES,
    });
    const growth = rss.end / rss.warm - 1;
    const budgets = [
      { text: "no errors (every answer 2xx)", value: `${totals.errors} of ${totals.count.toLocaleString("en-US")}`, met: totals.errors === 0 },
      { text: `check-in p99 ≤ ${BUDGET.checkinP99} ms`, value: `${ms(checkin.p99)} ms`, met: checkin.p99 !== null && checkin.p99 <= BUDGET.checkinP99 },
      {
        text: `writes during the backup: p99 ≤ ${BUDGET.backupWriteP99} ms, and they keep flowing`,
        value: `${backupWrites.count} writes, p99 ${ms(backupWrites.p99)} ms`,
        met: backupWrites.count > 0 && backupWrites.errors === 0 && backupWrites.p99 <= BUDGET.backupWriteP99,
      },
      { text: "the backup succeeds and its copy passes integrity_check", value: backup.check?.integrity ?? `exit ${backup.code}`, met: backup.check?.integrity === "ok" },
      { text: "RSS at the end within 20 % of after the warm-up", value: `${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)} %`, met: Math.abs(growth) <= BUDGET.rssGrowth },
    ];
    const notes = [
      `database ${(dbBytes / 1024 / 1024).toFixed(0)} MiB before the load`,
      `the janitor freed check-in employees ${cycles} times`,
    ];
    if (pool.exhausted) notes.push("the petition plan ran out of dates (some petition turns went to other kinds)");
    const section = report({
      machine,
      date,
      rows,
      totals,
      backup,
      backupWrites,
      rss,
      budgets,
      pool: `${POOL} employees; ${pool.nextPetition.toLocaleString("en-US")} petitions planned, ${pool.pendingPetitions.length} left unapproved`,
      notes,
    });
    console.log(section);
    if (firstErrors.length) log(`first errors:\n  ${firstErrors.join("\n  ")}`);
    updateDocs(section);
    log(`written to ${path.relative(root, DOCS_FILE)}`);
    if (totals.errors > 0 || backup.code !== 0) process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
