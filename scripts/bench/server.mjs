// Starts the production build (`node server.mjs`) for the benchmark: own temp DATA_DIR, a free
// port on 127.0.0.1, and a stop() that always ends the child and removes the directory.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { clearTimeout, setTimeout } from "node:timers";
import { freePort } from "../free-port.mjs";

export { freePort };

/** VmRSS / VmHWM of a Linux process in bytes; null where /proc is not there. */
export function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key) => {
      const m = status.match(new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, "m"));
      return m ? Number(m[1]) * 1024 : null;
    };
    return { rss: kb("VmRSS"), peak: kb("VmHWM") };
  } catch {
    return { rss: null, peak: null };
  }
}

/**
 * `dataDir`: use (and keep) this directory instead of a temporary one.
 * onSpawn gets stop() as soon as the child exists, so a caller interrupted during the start
 * can still end it and remove the directory.
 * @param {{ cwd: string, env?: Record<string, string>, startTimeoutMs?: number,
 *   onSpawn?: (stop: () => Promise<void>) => void }} options
 */
export async function startServer({ cwd, env = {}, startTimeoutMs = 30_000, onSpawn, dataDir: keptDir }) {
  if (!fs.existsSync(path.join(cwd, "build", "index.js"))) {
    throw new Error("No production build: run `npm run build` first (`npm run bench` does).");
  }
  // A given dataDir (npm run bench:seed) is kept; otherwise a temporary one is removed on stop.
  const dataDir = keptDir ? path.resolve(keptDir) : fs.mkdtempSync(path.join(os.tmpdir(), "tn-bench-"));
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  let output = "";
  // BENCH_NODE_ARGS: flags Node takes only on its command line, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p".
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "server.mjs"], {
    cwd,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      // As the Dockerfile and the systemd unit of docs/operations.md run it (ADR 026);
      // BENCH_NODE_OPTIONS replaces the heap flag, e.g. to compare with V8's defaults ("").
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
      NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? "--max-old-space-size=256",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The tail only: the server logs a line per request (ADR 054), millions in a soak.
  const keep = (d) => (output = (output + String(d)).slice(-256 * 1024));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill("SIGTERM");
      });
    }
    if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  onSpawn?.(stop);
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server did not log "listening on" within ${startTimeoutMs} ms`)),
        startTimeoutMs,
      );
      const onData = () => {
        if (output.includes("listening on")) {
          cleanup();
          resolve();
        }
      };
      const onExit = (code, signal) => {
        cleanup();
        reject(new Error(`server exited early (code ${code}, signal ${signal})`));
      };
      const onError = (error) => {
        cleanup();
        reject(error);
      };
      function cleanup() {
        clearTimeout(timer);
        child.stdout.off("data", onData);
        child.off("exit", onExit);
        child.off("error", onError);
      }
      child.stdout.on("data", onData);
      child.once("exit", onExit);
      child.once("error", onError);
      onData();
    });
  } catch (error) {
    await stop();
    error.message += `\n--- server output ---\n${output}`;
    throw error;
  }

  return {
    pid: child.pid,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    logs: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    memory: () => memoryOf(child.pid),
    stop,
  };
}
