// The README's "Backup and restore" section, followed as an operator would: its own commands, run
// through npm against a built server with writes in flight, then a restore and a restart.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "readme-admin", password: "readme-admin-password-1" };
const README_PATH = "/path/to/tn-backup.sqlite";

function readmeSection(title: string) {
  const readme = fs.readFileSync(path.resolve("README.md"), "utf8");
  const start = readme.indexOf(`## ${title}\n`);
  expect(start, `README.md has a "## ${title}" section`).toBeGreaterThan(-1);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** The inline commands of the section that start with `prefix`, e.g. "npm run backup". */
function commandsOf(section: string, prefix: string) {
  return [...section.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((c) => c.startsWith(prefix));
}

function run(command: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    let output = "";
    const child = spawn("sh", ["-c", command], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (d) => (output += String(d)));
    child.stderr.on("data", (d) => (output += String(d)));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const codesIn = (file: string) => {
  const copy = new Database(file, { readonly: true });
  try {
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    return copy.prepare("select code from employees order by code").pluck().all() as string[];
  } finally {
    copy.close();
  }
};

let server: RunningServer | null = null;
let dir: string;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("backup while writes flow, restore refused while the server runs, restore, restart with the backup's data", async () => {
  const section = readmeSection("Backup and restore");
  const [backupCommand] = commandsOf(section, "npm run backup -- ");
  const [restoreCommand] = commandsOf(section, "npm run restore -- ");
  expect(backupCommand).toBe(`npm run backup -- ${README_PATH}`);
  expect(restoreCommand).toBe(`npm run restore -- ${README_PATH}`);

  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-readme-backup-"));
  const dataDir = path.join(dir, "data");
  const backupFile = path.join(dir, "tn-backup.sqlite");
  const asOperator = (command: string) => run(command.replace(README_PATH, backupFile), { DATA_DIR: dataDir });

  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, { dataDir });
  const cookie = await adminCookie(server, ADMIN);
  const api = apiClient(() => server!, () => cookie);
  const create = async (code: string) => {
    const response = await api("/api/employee", { method: "POST", json: { code, title: 1, first_name: "สำรอง", last_name: code } });
    expect(response.status, await response.clone().text()).toBe(201);
  };
  await create("BK001");

  // Writes keep flowing while the copy is made; every one of them is acknowledged.
  let writing = true;
  let written = 0;
  const writer = (async () => {
    while (writing) await create(`BKW${String(++written).padStart(4, "0")}`);
  })();
  const backup = await asOperator(backupCommand);
  writing = false;
  await writer;
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toMatch(/integrity_check ok/);
  const inBackup = codesIn(backupFile);
  expect(inBackup).toContain("BK001");
  expect(written).toBeGreaterThan(0);

  // "Admins can download the same from /admin/backup." (from the system's own pages: ADR 042)
  const download = await api("/admin/backup", { headers: { "Sec-Fetch-Site": "same-origin" } });
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer()).subarray(0, 15).toString("latin1")).toBe("SQLite format 3");

  await create("BK999"); // after the backup: the restore takes it away again

  const refused = await asOperator(restoreCommand);
  expect(refused.code).not.toBe(0);
  expect(refused.output).toMatch(/[ก-๙]/);
  expect(fs.existsSync(path.join(dataDir, "replaced"))).toBe(false);

  // From another PID namespace (a one-off container) the server's mark names a process that cannot
  // be seen: here, a mark of a pid that does not exist. The server's lock on tn.sqlite still refuses.
  const runDir = path.join(dataDir, "run");
  const [serverMark] = fs.readdirSync(runDir);
  const unseen = path.join(runDir, "9999999.pid");
  fs.renameSync(path.join(runDir, serverMark), unseen);
  const unseenRefused = await asOperator(restoreCommand);
  const markKept = fs.existsSync(unseen);
  if (markKept) fs.renameSync(unseen, path.join(runDir, serverMark));
  expect(markKept, "the server's mark is left alone").toBe(true);
  expect(unseenRefused.code).not.toBe(0);
  expect(unseenRefused.output).toContain("กู้คืนข้อมูลไม่สำเร็จ: เซิร์ฟเวอร์ยังทำงานอยู่");
  expect(unseenRefused.output).not.toMatch(/SQLITE_BUSY|database is locked/);
  expect(fs.existsSync(path.join(dataDir, "tn.sqlite.restoring"))).toBe(false);
  expect(fs.existsSync(path.join(dataDir, "replaced"))).toBe(false);

  // "A stopped server's DATA_DIR/tn.sqlite alone is also a complete backup."
  await server.stop({ keepData: true });
  server = null;
  const wal = path.join(dataDir, "tn.sqlite-wal");
  expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true);
  expect(codesIn(path.join(dataDir, "tn.sqlite"))).toContain("BK999");

  const restored = await asOperator(restoreCommand);
  expect(restored.code, restored.output).toBe(0);
  const replaced = fs.readdirSync(path.join(dataDir, "replaced"));
  expect(replaced).toHaveLength(1);
  expect(replaced[0]).toMatch(/^tn-.+\.sqlite$/);
  expect(codesIn(path.join(dataDir, "replaced", replaced[0]))).toContain("BK999");

  server = await startServer({}, { dataDir });
  const again = await adminCookie(server, ADMIN);
  const search = async (q: string) => {
    const response = await fetch(`${server!.baseUrl}/api/employee?q=${q}`, { headers: { cookie: again } });
    expect(response.status).toBe(200);
    return ((await response.json()).items as { code: string }[]).map((e) => e.code);
  };
  expect(await search("BK001")).toEqual(["BK001"]);
  expect(await search("BK999")).toEqual([]);
  expect(codesIn(path.join(dataDir, "tn.sqlite"))).toEqual(inBackup);
}, 180_000);
