import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { litestreamBinary, litestreamConfig, parseReplicaUrl, readLitestreamMetrics, redactReplicaUrl, replicaFromEnv, shellWord } from "./replication.mjs";

describe("REPLICA_URL", () => {
  test("unset or blank: no replication", () => {
    expect(parseReplicaUrl(undefined)).toBeNull();
    expect(parseReplicaUrl("  ")).toBeNull();
    expect(replicaFromEnv({})).toBeNull();
  });

  test("the kinds Litestream writes to are taken", () => {
    for (const url of ["file:///mnt/backup/tn", "s3://bucket/tn", "sftp://tn@backup.example/tn", "gcs://bucket/tn", "abs://account@container/tn"]) {
      expect(parseReplicaUrl(url)?.toString()).toBe(url);
    }
  });

  test("a typo stops the start with a readable reason", () => {
    expect(() => parseReplicaUrl("/mnt/backup")).toThrow("REPLICA_URL is not a URL");
    expect(() => parseReplicaUrl("http://example.com/tn")).toThrow("REPLICA_URL must start with file://, s3://, gcs://, abs://, sftp://");
    expect(() => parseReplicaUrl("file://mnt/backup")).toThrow("needs an absolute folder");
    expect(() => parseReplicaUrl("file:///")).toThrow("needs an absolute folder");
    expect(() => replicaFromEnv({ REPLICA_URL: "s3://b/tn", REPLICA_ENDPOINT: "r2.example" })).toThrow("REPLICA_ENDPOINT must be an http(s) URL");
  });

  test("a password in the URL is never shown", () => {
    expect(redactReplicaUrl("sftp://tn:secret@backup.example/tn")).toBe("sftp://tn:***@backup.example/tn");
    expect(redactReplicaUrl("s3://bucket/tn")).toBe("s3://bucket/tn");
    expect(() => parseReplicaUrl("sftp://tn:secret@/tn")).toThrow(/^(?!.*secret)/);
  });
});

describe("Litestream's configuration", () => {
  test("one database, one replica; the S3 endpoint and region only for s3", () => {
    const s3 = litestreamConfig({
      dbPath: "/data/tn.sqlite",
      metricsAddr: "127.0.0.1:9999",
      ...replicaFromEnv({ REPLICA_URL: "s3://tn-backup/office", REPLICA_ENDPOINT: "https://acc.r2.cloudflarestorage.com", REPLICA_REGION: "auto" })!,
    });
    expect(s3).toBe(
      [
        'addr: "127.0.0.1:9999"',
        "dbs:",
        '  - path: "/data/tn.sqlite"',
        "    replicas:",
        '      - url: "s3://tn-backup/office"',
        '        endpoint: "https://acc.r2.cloudflarestorage.com"',
        "        force-path-style: true",
        '        region: "auto"',
        "",
      ].join("\n"),
    );
    const file = litestreamConfig({ dbPath: "/data/tn.sqlite", ...replicaFromEnv({ REPLICA_URL: "file:///mnt/b", REPLICA_ENDPOINT: "https://x.example" })! });
    expect(file).not.toContain("endpoint");
    expect(file).not.toContain("addr");
  });

  test("the installed Litestream reads the generated file", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-litestream-config-"));
    try {
      const config = path.join(dir, "litestream.yml");
      fs.writeFileSync(config, litestreamConfig({ dbPath: path.join(dir, "tn.sqlite"), ...replicaFromEnv({ REPLICA_URL: `file://${dir}/replica` })! }));
      const run = spawnSync(litestreamBinary(), ["databases", "-config", config, "-no-expand-env"], { encoding: "utf8" });
      expect(run.stderr).toBe("");
      expect(run.stdout).toContain(path.join(dir, "tn.sqlite"));
      expect(run.stdout).toContain("file");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

test("-exec words are quoted only when a shell would split them", () => {
  expect(shellWord("/usr/bin/node")).toBe("/usr/bin/node");
  expect(shellWord("--max-old-space-size=256")).toBe("--max-old-space-size=256");
  expect(shellWord("/opt/my node/bin/node")).toBe("'/opt/my node/bin/node'");
  expect(shellWord("it's")).toBe("'it'\\''s'");
});

test("Litestream's metrics give where the local WAL and the replica are", () => {
  const text = [
    "# HELP litestream_shadow_wal_index The current shadow WAL index",
    'litestream_shadow_wal_index{db="/data/tn.sqlite"} 2',
    'litestream_shadow_wal_size{db="/data/tn.sqlite"} 103032',
    'litestream_replica_wal_index{db="/data/tn.sqlite",name="file"} 2',
    'litestream_replica_wal_offset{db="/data/tn.sqlite",name="file"} 53592',
    'litestream_sync_error_count{db="/data/tn.sqlite"} 3',
  ].join("\n");
  expect(readLitestreamMetrics(text)).toEqual({ local: { index: 2, offset: 103032 }, replica: { index: 2, offset: 53592 }, syncErrors: 3 });
  expect(readLitestreamMetrics("go_goroutines 12\n")).toEqual({ local: null, replica: null, syncErrors: 0 });
});
