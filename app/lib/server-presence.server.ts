import fs from "node:fs";
import path from "node:path";

/** DATA_DIR/run/<pid>.pid for every server process using the data directory. */
const RUN_DIR = "run";

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Marks this process as a server of `dataDir` until the returned function is called, so that
 * tools which must not run beside a server (restore) can tell. Several servers may share a
 * directory (a test starts two), so each has its own file.
 */
export function markServerRunning(dataDir: string, pid = process.pid): () => void {
  const file = serverMarkFile(dataDir, pid);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${pid}\n`);
  return () => fs.rmSync(file, { force: true });
}

/** The file that marks `pid` as a server of `dataDir`. */
export const serverMarkFile = (dataDir: string, pid: number) => path.resolve(dataDir, RUN_DIR, `${pid}.pid`);

function marks(dataDir: string) {
  const dir = path.resolve(dataDir, RUN_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).flatMap((name) => {
    const match = /^(\d+)\.pid$/.exec(name);
    return match ? [{ file: path.join(dir, name), pid: Number(match[1]) }] : [];
  });
}

/**
 * The server processes of `dataDir` that this process can see. It changes nothing: a server in
 * another PID namespace (a container) looks dead from here, so its mark is no proof of a crash.
 */
export function runningServers(dataDir: string): number[] {
  return marks(dataDir)
    .filter((mark) => isAlive(mark.pid))
    .map((mark) => mark.pid);
}

/**
 * Removes the marks of dead servers, and of `stale` pids (live here, but known not to be servers);
 * only for a caller that has proved no server runs (ADR 042).
 */
export function forgetStoppedServers(dataDir: string, stale: ReadonlySet<number> = new Set()) {
  for (const mark of marks(dataDir)) if (stale.has(mark.pid) || !isAlive(mark.pid)) fs.rmSync(mark.file, { force: true });
}
