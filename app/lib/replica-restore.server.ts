import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { litestreamBinary, litestreamConfig, redactReplicaUrl, replicaFromEnv } from "../../server/replication.mjs";
import { DB_FILENAME } from "./db.server";
import { refuseWhileServerRuns, restoreDatabase, RestoreError } from "./restore.server";

/** What Litestream restores into, beside the database, before the checks put it in place. */
const FETCHED = `${DB_FILENAME}.from-replica`;
/** Litestream's own record of the database it replicated (its shadow WAL), beside the database. */
const LITESTREAM_STATE = `.${DB_FILENAME}-litestream`;

/** `--timestamp` as Litestream takes it (RFC 3339, UTC), or a Thai refusal. */
export function replicaTimestamp(text: string): string {
  const trimmed = text.trim();
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(trimmed) ? Date.parse(trimmed) : NaN;
  if (!Number.isFinite(ms)) {
    throw new RestoreError(`เวลาที่ให้กู้คืนต้องเป็นรูปแบบ ISO พร้อมเขตเวลา เช่น 2026-11-28T09:30:00+07:00 (ได้รับ: ${text})`);
  }
  return new Date(ms).toISOString();
}

/** Litestream's last error line, without its log prefix. */
function litestreamError(output: string) {
  const lines = output.trim().split("\n").filter(Boolean);
  return (lines.at(-1) ?? "").replace(/^(\S+ \S+ )?(ERROR|error:)\s*/, "").slice(0, 300);
}

/**
 * `npm run restore -- --from-replica [--timestamp ISO]`: fetches the newest state of REPLICA_URL
 * (or the state at `timestamp`) with Litestream and puts it in place through restoreDatabase, with
 * the same refusals (a running server, a file that is not this application's) and the old database
 * kept under DATA_DIR/replaced/. The running-server refusal comes first, before anything is fetched.
 */
export function restoreFromReplica(input: { dataDir: string; migrationsDir: string; timestamp?: string; env?: NodeJS.ProcessEnv; now?: Date }) {
  const env = input.env ?? process.env;
  let replica: ReturnType<typeof replicaFromEnv>;
  try {
    replica = replicaFromEnv(env);
  } catch (error) {
    throw new RestoreError((error as Error).message);
  }
  if (!replica) throw new RestoreError("ยังไม่ได้ตั้ง REPLICA_URL: กำหนดปลายทางสำรองข้อมูลเดียวกับที่เซิร์ฟเวอร์ใช้ แล้วลองใหม่");
  const timestamp = input.timestamp === undefined ? undefined : replicaTimestamp(input.timestamp);
  const dataDir = path.resolve(input.dataDir);
  refuseWhileServerRuns(dataDir);

  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const fetched = path.join(dataDir, FETCHED);
  const config = path.join(dataDir, `${FETCHED}.yml`);
  fs.rmSync(fetched, { force: true });
  fs.rmSync(`${fetched}.tmp`, { force: true });
  try {
    fs.writeFileSync(config, litestreamConfig({ dbPath: path.join(dataDir, DB_FILENAME), ...replica }), { mode: 0o600 });
    const args = ["restore", "-config", config, "-no-expand-env", "-o", fetched];
    if (timestamp) args.push("-timestamp", timestamp);
    args.push(path.join(dataDir, DB_FILENAME));
    const run = spawnSync(litestreamBinary(), args, { env, encoding: "utf8" });
    const where = redactReplicaUrl(replica.replicaUrl.toString());
    if (run.error) throw new RestoreError(`เรียก Litestream ไม่ได้ (${run.error.message})`);
    if (run.status !== 0 || !fs.existsSync(fetched)) {
      const reason = litestreamError(`${run.stdout}\n${run.stderr}`);
      if (/no matching backups|no snapshots available|no generation/i.test(reason)) {
        throw new RestoreError(
          timestamp
            ? `ไม่พบข้อมูลสำรองที่ ${where} ก่อนเวลา ${timestamp} (${reason})`
            : `ไม่พบข้อมูลสำรองที่ ${where} (${reason})`,
        );
      }
      throw new RestoreError(`ดึงข้อมูลจาก ${where} ไม่สำเร็จ (${reason || `Litestream จบด้วยรหัส ${run.status}`})`);
    }
    const result = restoreDatabase({ dataDir, file: fetched, migrationsDir: input.migrationsDir, now: input.now });
    // Its record of the replaced database's WAL; Litestream starts a new generation from the restored one.
    fs.rmSync(path.join(dataDir, LITESTREAM_STATE), { recursive: true, force: true });
    return { ...result, replica: where, timestamp: timestamp ?? null };
  } finally {
    fs.rmSync(config, { force: true });
    fs.rmSync(fetched, { force: true });
    fs.rmSync(`${fetched}.tmp`, { force: true });
  }
}
