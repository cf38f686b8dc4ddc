// The replication state the settings hub, the dashboard and /metrics show. Litestream runs the
// server (scripts/start.mjs) and serves its own Prometheus metrics on loopback; the server reads
// them every few seconds and remembers when the replica last held everything written here.
import { parseReplicaUrl, readLitestreamMetrics, redactReplicaUrl } from "../../server/replication.mjs";
import { collectedGauge } from "./metrics.server";

/** A replica this far behind the database is a warning on the dashboard. */
export const LAG_WARNING_SECONDS = 5 * 60;
const POLL_MS = 10_000;
const FETCH_TIMEOUT_MS = 2_000;

/** The variable scripts/start.mjs gives the server when Litestream runs it. */
export const METRICS_URL_VARIABLE = "TN_REPLICATION_METRICS_URL";

type Position = { index: number; offset: number };

export type ReplicationStatus = {
  enabled: boolean;
  /** Litestream answered the last time it was asked. */
  running: boolean;
  /** REPLICA_URL without a password. */
  replica: string | null;
  /** The replica's place in the WAL (index/offset of Litestream's current generation). */
  position: string | null;
  /** When that place last moved (ISO). */
  replicated_at: string | null;
  /** 0 when the replica holds every write; otherwise the seconds since it last did. */
  lag_seconds: number | null;
  lagging: boolean;
  /** Why replication is not working, in Thai. */
  problem: string | null;
};

type Watch = {
  since: Date;
  lastPoll: Date | null;
  reachable: boolean;
  caughtUp: boolean;
  caughtUpAt: Date;
  position: Position | null;
  movedAt: Date | null;
  syncErrors: number;
};

type Source = { replicaUrl: string | undefined; metricsUrl: string | undefined };

const sourceFromEnv = (): Source => ({ replicaUrl: process.env.REPLICA_URL, metricsUrl: process.env[METRICS_URL_VARIABLE] });

let watch: Watch | null = null;
let timer: NodeJS.Timeout | null = null;

const freshWatch = (now: Date): Watch => ({
  since: now,
  lastPoll: null,
  reachable: false,
  caughtUp: false,
  caughtUpAt: now,
  position: null,
  movedAt: null,
  syncErrors: 0,
});

const samePosition = (a: Position | null, b: Position | null) => Boolean(a && b && a.index === b.index && a.offset === b.offset);
const positionText = (p: Position) => `${p.index.toString(16).padStart(8, "0")}/${p.offset}`;

/** One reading of Litestream's metrics into the watch. */
export async function pollReplication(now = new Date(), source: Source = sourceFromEnv(), fetcher: typeof fetch = fetch): Promise<void> {
  watch ??= freshWatch(now);
  watch.lastPoll = now;
  if (!source.metricsUrl) {
    watch.reachable = false;
    watch.caughtUp = false;
    return;
  }
  try {
    const response = await fetcher(source.metricsUrl, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const reading = readLitestreamMetrics(await response.text());
    watch.reachable = true;
    watch.syncErrors = reading.syncErrors;
    if (reading.replica && !samePosition(reading.replica, watch.position)) {
      watch.position = reading.replica;
      watch.movedAt = now;
    }
    watch.caughtUp = samePosition(reading.local, reading.replica);
    if (watch.caughtUp) watch.caughtUpAt = now;
  } catch {
    watch.reachable = false;
    watch.caughtUp = false;
  }
}

/** The state as the pages and /metrics show it. */
export function replicationStatus(now = new Date(), source: Source = sourceFromEnv()): ReplicationStatus {
  let replica: string | null = null;
  try {
    const url = parseReplicaUrl(source.replicaUrl);
    replica = url ? redactReplicaUrl(url.toString()) : null;
  } catch {
    replica = redactReplicaUrl(String(source.replicaUrl));
  }
  if (!source.replicaUrl?.trim()) {
    return { enabled: false, running: false, replica: null, position: null, replicated_at: null, lag_seconds: null, lagging: false, problem: null };
  }
  const w = watch ?? freshWatch(now);
  const lag = w.caughtUp ? 0 : Math.max(0, Math.round((now.getTime() - w.caughtUpAt.getTime()) / 1000));
  let problem: string | null = null;
  if (!source.metricsUrl) problem = "เซิร์ฟเวอร์นี้ไม่ได้เริ่มด้วย npm start จึงไม่ได้ทำงานภายใต้ Litestream และไม่มีการสำรองข้อมูลต่อเนื่อง";
  else if (w.lastPoll && !w.reachable) problem = "ติดต่อ Litestream ไม่ได้ ข้อมูลใหม่อาจยังไม่ถูกส่งไปที่ปลายทางสำรอง";
  else if (w.syncErrors > 0 && !w.caughtUp) problem = `Litestream ส่งข้อมูลไม่สำเร็จ ${w.syncErrors} ครั้ง (ดูรายละเอียดใน log ของเซิร์ฟเวอร์)`;
  return {
    enabled: true,
    running: w.reachable,
    replica,
    position: w.position ? positionText(w.position) : null,
    replicated_at: w.movedAt ? w.movedAt.toISOString() : null,
    lag_seconds: lag,
    lagging: lag > LAG_WARNING_SECONDS,
    problem,
  };
}

/** Reads Litestream's state now and every few seconds until stopReplicationWatch (only with REPLICA_URL). */
export function startReplicationWatch(source: Source = sourceFromEnv()) {
  if (!source.replicaUrl?.trim() || timer) return;
  watch = freshWatch(new Date());
  const poll = () => void pollReplication(new Date(), source);
  poll();
  timer = setInterval(poll, POLL_MS);
  timer.unref();
}

export function stopReplicationWatch() {
  if (timer) clearInterval(timer);
  timer = null;
  watch = null;
}

/** Under Litestream the server leaves the WAL's truncation to it: see closeDb. */
export const underLitestream = () => Boolean(process.env[METRICS_URL_VARIABLE]);

/** /metrics: replication on or off, Litestream answering, and the lag (with the replica, only while on). */
collectedGauge({ name: "tn_replication_enabled", help: "1 when REPLICA_URL is set", read: () => (replicationStatus().enabled ? 1 : 0) });
collectedGauge({
  name: "tn_replication_up",
  help: "1 when Litestream answered the server's last reading of its metrics",
  labelNames: ["replica"],
  read: () => {
    const status = replicationStatus();
    return status.enabled ? [{ labels: { replica: status.replica ?? "" }, value: status.running ? 1 : 0 }] : [];
  },
});
collectedGauge({
  name: "tn_replication_lag_seconds",
  help: "Seconds since the replica last held every write (0: caught up)",
  labelNames: ["replica"],
  read: () => {
    const status = replicationStatus();
    return status.enabled ? [{ labels: { replica: status.replica ?? "" }, value: status.lag_seconds ?? 0 }] : [];
  },
});
