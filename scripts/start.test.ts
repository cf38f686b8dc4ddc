// `npm start` (scripts/start.mjs) runs the server with the memory bounds of ADR 026 unless the
// environment names its own, and passes a stop on to it.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/fixtures/server";

async function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-start-"));
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    // No NODE_ENV: start.mjs sets production itself.
    env: { PATH: process.env.PATH ?? "", PORT: String(await freePort()), DATA_DIR: dataDir, REMINDERS: "off", ...env } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += String(d)));
  child.stderr?.on("data", (d) => (output += String(d)));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", () => output.includes("listening on") && resolve());
    child.once("exit", (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  // Each server marks itself in DATA_DIR/run/<pid>.pid (app/lib/server-presence.server.ts).
  const [marker] = fs.readdirSync(path.join(dataDir, "run"));
  const pid = Number(marker.replace(/\.pid$/, ""));
  const proc = (file: string) => fs.readFileSync(`/proc/${pid}/${file}`, "utf8").split("\0");
  const stop = async () => {
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    const code = await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
    return code;
  };
  return { pid, launcher: child.pid, environ: proc("environ"), cmdline: proc("cmdline"), stop, serverGone: () => !fs.existsSync(`/proc/${pid}`) };
}

test("the server runs with MALLOC_ARENA_MAX=2 and a 256 MB heap limit, and stops with npm start", async () => {
  const server = await start({});
  expect(server.pid).not.toBe(server.launcher);
  expect(server.environ).toContain("MALLOC_ARENA_MAX=2");
  expect(server.environ).toContain("NODE_ENV=production");
  expect(server.cmdline).toContain("--max-old-space-size=256");
  expect(await server.stop()).toBe(0);
  expect(server.serverGone()).toBe(true);
}, 120_000);

test("with both in the environment (Docker, systemd) they win and the server runs in the one process", async () => {
  const server = await start({ MALLOC_ARENA_MAX: "4", NODE_OPTIONS: "--max-old-space-size=512" });
  expect(server.pid).toBe(server.launcher);
  expect(server.environ).toContain("MALLOC_ARENA_MAX=4");
  expect(server.environ).toContain("NODE_OPTIONS=--max-old-space-size=512");
  expect(server.cmdline.join(" ")).not.toContain("--max-old-space-size=256");
  await server.stop();
}, 120_000);
