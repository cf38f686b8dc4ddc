// The soak's mixed workload: a fixed number of connections, each sending one request after another,
// the kind of each picked at random by weight, every answer recorded with when it started.
import { spawn } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { checkinForm, openDb, todayInZone } from "./attendance.mjs";
import { SEARCH_FRAGMENT } from "./seed.mjs";

/** Share of the requests by kind; a kind that cannot run now (nothing to approve) passes its turn on. */
export const MIX = [
  ["checkin", 20],
  ["petition", 12],
  ["approval", 8],
  ["visit", 12],
  ["daily", 8],
  ["admin_employee_page", 8],
  ["employee_search", 12],
  ["emp_today", 12],
  ["emp_leave_history", 8],
];
export const WRITES = new Set(["checkin", "petition", "approval", "visit"]);

export function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** count, errors, p50/p90/p99/max (ms) of the samples that started in [from, to). */
export function summariseSamples(samples, { from = 0, to = Infinity, kinds = null } = {}) {
  const picked = samples.filter((s) => s.start >= from && s.start < to && (!kinds || kinds.has(s.kind)));
  const ms = picked.map((s) => s.ms).sort((a, b) => a - b);
  return {
    count: picked.length,
    errors: picked.filter((s) => !s.ok).length,
    p50: percentile(ms, 50),
    p90: percentile(ms, 90),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? null,
  };
}

/**
 * The employees the load writes as: each checks in and out once a work date, so once out their
 * record is deleted again (a "janitor" on its own connection every 2 s) and they check in anew;
 * petitions go to employee k mod E on the ⌊k / E⌋-th working day ahead (never overlapping);
 * visit reports go to the type-1 cabinets assigned to the first ones.
 */
export function soakPool({ ids, cookies, dates, machineIds }) {
  return {
    ids,
    cookies,
    dates,
    machineIds,
    free: ids.map((_, i) => i),
    checkedIn: [],
    done: [],
    nextPetition: 0,
    pendingPetitions: [],
    exhausted: false,
  };
}

/** Deletes today's records of the employees that have checked out, so they can check in again. */
export function startJanitor(dataDir, pool, { everyMs = 2000 } = {}) {
  const db = openDb(dataDir);
  const remove = db.prepare("delete from attendance where work_date = ? and employee_id in (select value from json_each(?))");
  // Records removed behind the app's back: the day ledger is told the date must be filled again,
  // as the app itself never deletes a record (its next reader recomputes the day for everyone).
  const forget = db.prepare("delete from attendance_days where work_date = ? and employee_id in (select value from json_each(?))");
  const unfill = db.prepare("delete from ledger_dates where work_date = ?");
  const clear = db.transaction((date, ids) => {
    remove.run(date, ids);
    forget.run(date, ids);
    unfill.run(date);
  });
  let cycles = 0;
  const timer = setInterval(() => {
    if (!pool.done.length) return;
    const batch = pool.done.splice(0);
    clear(todayInZone(), JSON.stringify(batch.map((i) => pool.ids[i])));
    pool.free.push(...batch);
    cycles++;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      db.close();
      return cycles;
    },
  };
}

function pickKind(mix, rand) {
  let r = rand() * mix.reduce((sum, [, w]) => sum + w, 0);
  for (const [kind, weight] of mix) {
    if ((r -= weight) < 0) return kind;
  }
  return mix[0][0];
}

/** The request for one kind, or null when that kind has nothing to do right now. */
function buildRequest(kind, ctx, pool, rand) {
  const admin = ctx.adminCookie;
  const json = (cookie, body) => ({
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  switch (kind) {
    case "checkin": {
      const goOut = pool.checkedIn.length && (rand() < 0.5 || !pool.free.length);
      const i = goOut ? pool.checkedIn.shift() : pool.free.shift();
      if (i === undefined) return null;
      const form = checkinForm(goOut ? "out" : "in");
      return {
        path: "/api/emp/checkin-out",
        init: { method: "POST", headers: { cookie: pool.cookies[i], "content-type": form.contentType }, body: form.body },
        done: (ok) => (ok ? (goOut ? pool.done : pool.checkedIn) : goOut ? pool.checkedIn : pool.free).push(i),
      };
    }
    case "petition": {
      const k = pool.nextPetition++;
      const day = Math.floor(k / pool.ids.length);
      if (day >= pool.dates.length) {
        pool.exhausted = true;
        return null;
      }
      const date = pool.dates[day];
      return {
        path: "/api/emp/leave/petition",
        init: json(pool.cookies[k % pool.ids.length], { type: 1, start_date: date, end_date: date, half: "full", reason: "ไปธุระที่ธนาคาร" }),
        done: (ok, body) => ok && pool.pendingPetitions.push(JSON.parse(body).petition.id),
      };
    }
    case "approval": {
      const id = pool.pendingPetitions.shift();
      if (id === undefined) return null;
      return { path: "/api/leave/approve-result", init: json(admin, { id, action: "accept", note: "อนุมัติ" }) };
    }
    case "visit": {
      const i = Math.floor(rand() * pool.machineIds.length);
      const statuses = ["normal", "refilled", "normal", "out_of_stock"];
      const employee = i % Math.min(pool.ids.length, MACHINE_CARETAKERS);
      const fields = { machine_id: pool.machineIds[i], status: statuses[Math.floor(rand() * statuses.length)], note: "เติมน้ำดื่มและขนม" };
      if (ctx.photo && rand() < 0.2) {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
        form.append("photo", new Blob([ctx.photo], { type: "image/jpeg" }), "cabinet.jpg");
        return { path: "/api/emp/machine", init: { method: "POST", headers: { cookie: pool.cookies[employee] }, body: form } };
      }
      return { path: "/api/emp/machine", init: json(pool.cookies[employee], fields) };
    }
    case "daily":
      return { path: `/api/checkin-out/daily?date=${todayInZone()}`, init: { headers: { cookie: admin } } };
    case "admin_employee_page":
      return { path: "/admin/employee", init: { headers: { cookie: admin, ...DESKTOP_PAGE } } };
    case "employee_search":
      return { path: `/api/employee?q=${encodeURIComponent(SEARCH_FRAGMENT)}`, init: { headers: { cookie: admin } } };
    case "emp_today":
      return { path: "/api/emp/checkin-out/today", init: { headers: { cookie: pool.cookies[Math.floor(rand() * pool.ids.length)] } } };
    case "emp_leave_history":
      return { path: "/api/emp/leave/history", init: { headers: { cookie: pool.cookies[Math.floor(rand() * pool.ids.length)] } } };
    default:
      throw new Error(`unknown kind ${kind}`);
  }
}

// A page is asked for as an admin's desktop browser asks: Chromium's headers, so the server renders
// the desktop layout only (app/lib/layout-hint.ts); a client that says nothing gets both layouts.
export const DESKTOP_PAGE = {
  accept: "text/html",
  "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "sec-ch-ua-mobile": "?0",
};

/** How many of the pool's employees look after the load's cabinets. */
export const MACHINE_CARETAKERS = 50;

/**
 * Runs `connections` request loops while `running()` holds, each request's kind drawn from `mix`.
 * Every answer is a sample { kind, start (ms after t0), ms, status, ok }; ok is a 2xx answer read
 * to its end.
 */
export async function runMixedLoad(ctx, pool, { connections, t0, running, rand, mix = MIX, timeoutMs = 10_000 }) {
  const samples = [];
  const firstErrors = [];
  const loop = async () => {
    while (running()) {
      let kind = pickKind(mix, rand);
      let request = buildRequest(kind, ctx, pool, rand);
      for (let turn = 0; !request && turn < mix.length; turn++) {
        kind = mix[(mix.findIndex(([k]) => k === kind) + 1) % mix.length][0];
        request = buildRequest(kind, ctx, pool, rand);
      }
      if (!request) throw new Error(`no request of ${mix.map(([k]) => k).join(", ")} can run (the pool is used up)`);
      const started = performance.now();
      let status = 0;
      let body = "";
      try {
        const response = await fetch(new URL(request.path, ctx.baseUrl), {
          ...request.init,
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        body = await response.text();
      } catch (error) {
        body = error.cause ? `${error.message} (${error.cause.code ?? error.cause.message})` : error.message;
      }
      const ok = status >= 200 && status < 300;
      samples.push({ kind, start: started - t0, ms: performance.now() - started, status, ok });
      if (!ok && firstErrors.length < 10) firstErrors.push(`${kind} ${request.path} → ${status}: ${body.slice(0, 160)}`);
      request.done?.(ok, body);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return { samples, firstErrors };
}

/** Fills a table of the soak's own with random blobs until the database file holds `mb` MB. */
export function padDatabase(dataDir, mb) {
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

/** `npm run backup -- <file>` beside the running server, as an operator would run it. */
export function runBackup(root, dataDir, file) {
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

/**
 * `npm run ledger:check` over `from`–`to` beside the running server: the day ledger's rows
 * recomputed from their inputs. `{ code, differences, output }`; exit 0 means none differ.
 */
export function runLedgerCheck(root, dataDir, { from, to }) {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn("npm", ["run", "--silent", "ledger:check", "--", "--from", from, "--to", to], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => {
      const differences = Number(/ไม่ตรง ([\d,]+)/.exec(output)?.[1]?.replace(/,/g, "") ?? (code === 0 ? 0 : NaN));
      const checked = Number(/([\d,]+) แถว/.exec(output)?.[1]?.replace(/,/g, "") ?? NaN);
      resolve({ code, from, to, differences, checked, output: output.trim() });
    });
  });
}

export function integrityOf(file) {
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
