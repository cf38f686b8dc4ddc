import { afterEach } from "vitest";
import { LAG_WARNING_SECONDS, pollReplication, replicationStatus, stopReplicationWatch } from "./replication.server";

const source = { replicaUrl: "sftp://tn:secret@backup.example/tn", metricsUrl: "http://127.0.0.1:1/metrics" };
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 3, 0, seconds));

/** A fetch that answers Litestream's metrics with the local WAL and the replica at these offsets. */
const litestream = (local: number, replica: number): typeof fetch =>
  (async () =>
    new Response(
      [
        `litestream_shadow_wal_index{db="/d/tn.sqlite"} 1`,
        `litestream_shadow_wal_size{db="/d/tn.sqlite"} ${local}`,
        `litestream_replica_wal_index{db="/d/tn.sqlite",name="sftp"} 1`,
        `litestream_replica_wal_offset{db="/d/tn.sqlite",name="sftp"} ${replica}`,
      ].join("\n"),
    )) as typeof fetch;
const unreachable: typeof fetch = async () => {
  throw new TypeError("fetch failed");
};

afterEach(() => stopReplicationWatch());

test("off without REPLICA_URL", () => {
  expect(replicationStatus(at(0), { replicaUrl: undefined, metricsUrl: undefined })).toMatchObject({ enabled: false, lagging: false, replica: null, lag_seconds: null });
});

test("caught up: no lag; the replica's position and when it moved; the password never shown", async () => {
  await pollReplication(at(0), source, litestream(4096, 4096));
  expect(replicationStatus(at(5), source)).toEqual({
    enabled: true,
    running: true,
    replica: "sftp://tn:***@backup.example/tn",
    position: "00000001/4096",
    replicated_at: at(0).toISOString(),
    lag_seconds: 0,
    lagging: false,
    problem: null,
  });
});

test("behind: the lag counts from the last time the replica held everything, a warning past 5 minutes", async () => {
  await pollReplication(at(0), source, litestream(4096, 4096));
  await pollReplication(at(10), source, litestream(8192, 4096));
  expect(replicationStatus(at(10), source)).toMatchObject({ lag_seconds: 10, lagging: false, position: "00000001/4096", replicated_at: at(0).toISOString() });
  await pollReplication(at(LAG_WARNING_SECONDS + 1), source, litestream(9000, 8192));
  expect(replicationStatus(at(LAG_WARNING_SECONDS + 1), source)).toMatchObject({
    lag_seconds: LAG_WARNING_SECONDS + 1,
    lagging: true,
    position: "00000001/8192",
    replicated_at: at(LAG_WARNING_SECONDS + 1).toISOString(),
  });
  await pollReplication(at(LAG_WARNING_SECONDS + 11), source, litestream(9000, 9000));
  expect(replicationStatus(at(LAG_WARNING_SECONDS + 11), source)).toMatchObject({ lag_seconds: 0, lagging: false });
});

test("Litestream not answering is a problem and the lag keeps growing", async () => {
  await pollReplication(at(0), source, litestream(4096, 4096));
  await pollReplication(at(400), source, unreachable);
  expect(replicationStatus(at(400), source)).toMatchObject({ running: false, lag_seconds: 400, lagging: true, problem: expect.stringContaining("ติดต่อ Litestream ไม่ได้") });
});

test("REPLICA_URL set but the server not started under Litestream (not through npm start)", async () => {
  const direct = { replicaUrl: source.replicaUrl, metricsUrl: undefined };
  await pollReplication(at(0), direct, litestream(1, 1));
  expect(replicationStatus(at(301), direct)).toMatchObject({ enabled: true, running: false, lagging: true, problem: expect.stringContaining("npm start") });
});

test("/metrics: enabled, up and the lag with the replica (its password hidden); no lag series while off", async () => {
  const { metrics } = await import("./metrics.server");
  const saved = { url: process.env.REPLICA_URL, metrics: process.env.TN_REPLICATION_METRICS_URL };
  try {
    delete process.env.REPLICA_URL;
    let text = await metrics.registry.metrics();
    expect(text).toContain("tn_replication_enabled 0");
    expect(text).not.toMatch(/^tn_replication_lag_seconds\{/m);
    process.env.REPLICA_URL = source.replicaUrl;
    process.env.TN_REPLICATION_METRICS_URL = source.metricsUrl;
    await pollReplication(new Date(Date.now() - 42_000), source, litestream(4096, 4096));
    await pollReplication(new Date(), source, litestream(8192, 4096));
    text = await metrics.registry.metrics();
    expect(text).toContain("tn_replication_enabled 1");
    expect(text).toContain('tn_replication_up{replica="sftp://tn:***@backup.example/tn"} 1');
    expect(text).toMatch(/^tn_replication_lag_seconds\{replica="sftp:\/\/tn:\*\*\*@backup\.example\/tn"\} 4[12]$/m);
    expect(text).not.toContain("secret");
  } finally {
    if (saved.url === undefined) delete process.env.REPLICA_URL;
    else process.env.REPLICA_URL = saved.url;
    if (saved.metrics === undefined) delete process.env.TN_REPLICATION_METRICS_URL;
    else process.env.TN_REPLICATION_METRICS_URL = saved.metrics;
  }
});
