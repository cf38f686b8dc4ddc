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
  const dir = path.resolve(dataDir, RUN_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${pid}.pid`);
  fs.writeFileSync(file, `${pid}\n`);
  return () => fs.rmSync(file, { force: true });
}

/** The live server processes of `dataDir`; files left by a crashed server are removed. */
export function runningServers(dataDir: string): number[] {
  const dir = path.resolve(dataDir, RUN_DIR);
  if (!fs.existsSync(dir)) return [];
  const live: number[] = [];
  for (const name of fs.readdirSync(dir)) {
    const match = /^(\d+)\.pid$/.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (isAlive(pid)) live.push(pid);
    else fs.rmSync(path.join(dir, name), { force: true });
  }
  return live;
}
