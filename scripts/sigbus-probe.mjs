// The data folder turning read-only under a running server, for real (issue 34, ADR 040): needs
// root on a file system with `chattr` (ext4, xfs, btrfs), so it is not part of the tests, which
// make the folder unwritable through its permissions instead (tests/api/data-folder-faults.test.ts).
//
//   node scripts/sigbus-probe.mjs        (after `npm run build`; as root)
//
// Each case starts the production build on a fresh DATA_DIR, makes the folder and its files
// immutable (`chattr -R +i`) at one moment, and says whether the server lived. Before ADR 040 the
// first three ended in SIGBUS: SQLite stored into its memory-mapped WAL index (tn.sqlite-shm),
// which the kernel refuses for an immutable file (or one on a file system remounted read-only).
// Exit status 1 when any case kills the server.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

const ADMIN = { username: "probe", password: "probe-password-123" };

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function start(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, REMINDERS: "off", ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let logs = "";
  child.stdout.on("data", (d) => (logs += d));
  child.stderr.on("data", (d) => (logs += d));
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(signal ?? `exit ${code}`)));
  while (!logs.includes("listening on")) {
    if (child.exitCode !== null) throw new Error(`the server did not start:\n${logs}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const base = `http://127.0.0.1:${port}`;
  const send = (p, init = {}) => fetch(`${base}${p}`, init).then((r) => r.status, () => "no answer");
  const login = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return {
    child,
    exited,
    read: () => send("/api/employee", { headers: { Cookie: cookie } }),
    write: (code) =>
      send("/api/employee", {
        method: "POST",
        headers: { Cookie: cookie, "content-type": "application/json" },
        body: JSON.stringify({ code, title: 2, first_name: "มาลี", last_name: "มีสุข" }),
      }),
    signIn: () => send("/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) }),
  };
}

const chattr = (...args) => {
  const result = spawnSync("chattr", args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`chattr ${args.join(" ")} failed (root on ext4 needed): ${result.stderr}`);
};

const CASES = {
  "a read after a commit (it takes a read mark in the -shm)": async (s, dir) => {
    await s.write("P-1");
    await s.signIn(); // the last commit; nothing reads after it
    chattr("-R", "+i", dir);
    return [`read ${await s.read()}`, `write ${await s.write("P-2")}`];
  },
  "a write after a complete checkpoint (it resets the -shm's header)": async (s, dir) => {
    await s.write("P-1");
    const other = new Database(path.join(dir, "tn.sqlite"));
    other.pragma("wal_checkpoint(PASSIVE)");
    other.close();
    await s.read();
    chattr("-R", "+i", dir);
    return [`read ${await s.read()}`, `write ${await s.write("P-2")}`];
  },
  "stopping (the checkpoint on close)": async (s, dir) => {
    await s.write("P-1");
    await s.read();
    chattr("-R", "+i", dir);
    s.child.kill("SIGTERM");
    return [`stopped: ${await s.exited}`];
  },
  "the folder alone (its files stay writable)": async (s, dir) => {
    await s.signIn();
    chattr("+i", dir);
    return [`read ${await s.read()}`, `write ${await s.write("P-2")}`];
  },
};

let killed = 0;
for (const [name, run] of Object.entries(CASES)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-sigbus-"));
  const server = await start(dir);
  let outcome;
  try {
    outcome = await run(server, dir);
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    spawnSync("chattr", ["-R", "-i", dir]);
  }
  const end = server.child.signalCode ?? (server.child.exitCode === null ? "running" : `exit ${server.child.exitCode}`);
  if (end === "SIGBUS") killed++;
  console.log(`${end === "SIGBUS" ? "KILLED" : "lived "}  ${name}: ${outcome.join(", ")}; server ${end}`);
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(killed > 0 ? 1 : 0);
