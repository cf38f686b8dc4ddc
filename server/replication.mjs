// Continuous replication with Litestream (docs/decisions/053-continuous-replication.md): what
// `npm start` and `npm run restore -- --from-replica` share. Plain JS: scripts/start.mjs uses it
// before any build exists, and the app reads the same rules for the settings hub.
import { createRequire } from "node:module";

/** The replica kinds Litestream 0.3 writes to, by URL scheme. */
export const REPLICA_SCHEMES = ["file", "s3", "gcs", "abs", "sftp"];

/**
 * REPLICA_URL as Litestream takes it, or null when unset. Throws a readable error for a URL it
 * cannot use, so a typo stops the start instead of running without a replica.
 * @param {string | undefined} value
 * @returns {URL | null}
 */
export function parseReplicaUrl(value) {
  const text = (value ?? "").trim();
  if (!text) return null;
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`REPLICA_URL is not a URL: ${redactReplicaUrl(text)}`);
  }
  const scheme = url.protocol.replace(/:$/, "");
  if (!REPLICA_SCHEMES.includes(scheme)) {
    throw new Error(`REPLICA_URL must start with ${REPLICA_SCHEMES.map((s) => `${s}://`).join(", ")} (got ${scheme}://)`);
  }
  if (scheme === "file" && (url.host || url.pathname === "/" || !url.pathname)) {
    throw new Error("REPLICA_URL file:// needs an absolute folder, e.g. file:///mnt/backup/tn");
  }
  if (scheme !== "file" && !url.hostname) throw new Error(`REPLICA_URL ${scheme}:// needs a bucket or host`);
  return url;
}

/** The URL without a password, for the log and the settings hub. */
export function redactReplicaUrl(value) {
  try {
    const url = new URL(value);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return String(value).replace(/\/\/([^/@]*):[^/@]*@/, "//$1:***@");
  }
}

const quote = (text) => JSON.stringify(String(text));

/**
 * Litestream's configuration for one database and its replica. Credentials are not in it: S3
 * reads LITESTREAM_ACCESS_KEY_ID/LITESTREAM_SECRET_ACCESS_KEY (or AWS_*), GCS
 * GOOGLE_APPLICATION_CREDENTIALS, SFTP the URL's user and password or REPLICA_SFTP_KEY_PATH.
 * `metricsAddr` (host:port) turns on Litestream's own Prometheus endpoint, which the server reads
 * for the replication state.
 * @param {{ dbPath: string, replicaUrl: URL, metricsAddr?: string, endpoint?: string, region?: string, keyPath?: string }} input
 */
export function litestreamConfig({ dbPath, replicaUrl, metricsAddr, endpoint, region, keyPath }) {
  const lines = [];
  if (metricsAddr) lines.push(`addr: ${quote(metricsAddr)}`);
  lines.push("dbs:", `  - path: ${quote(dbPath)}`, "    replicas:", `      - url: ${quote(replicaUrl.toString())}`);
  const scheme = replicaUrl.protocol.replace(/:$/, "");
  if (scheme === "s3" && endpoint) {
    lines.push(`        endpoint: ${quote(endpoint)}`, "        force-path-style: true");
  }
  if (scheme === "s3" && region) lines.push(`        region: ${quote(region)}`);
  if (scheme === "sftp" && keyPath) lines.push(`        key-path: ${quote(keyPath)}`);
  return `${lines.join("\n")}\n`;
}

/**
 * REPLICA_ENDPOINT (an S3-compatible store's URL), or undefined when unset; throws for anything
 * that is not an http(s) URL.
 * @param {string | undefined} value
 */
export function parseReplicaEndpoint(value) {
  const endpoint = (value ?? "").trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) throw new Error("REPLICA_ENDPOINT must be an http(s) URL, e.g. https://<account>.r2.cloudflarestorage.com");
  return endpoint;
}

/**
 * The replica settings from the environment (REPLICA_URL and its S3/SFTP companions), or null.
 * @param {Record<string, string | undefined>} source
 */
export function replicaFromEnv(source = process.env) {
  const replicaUrl = parseReplicaUrl(source.REPLICA_URL);
  if (!replicaUrl) return null;
  return {
    replicaUrl,
    endpoint: parseReplicaEndpoint(source.REPLICA_ENDPOINT),
    region: (source.REPLICA_REGION ?? "").trim() || undefined,
    keyPath: (source.REPLICA_SFTP_KEY_PATH ?? "").trim() || undefined,
  };
}

/** The Litestream binary that @flydotio/litestream installed for this platform. */
export function litestreamBinary() {
  const require = createRequire(import.meta.url);
  const name = `@flydotio/litestream-${process.platform}-${process.arch}`;
  try {
    return require.resolve(`${name}/litestream`);
  } catch {
    throw new Error(`Litestream is not installed for ${process.platform}-${process.arch} (${name}): run npm install`);
  }
}

/** One word for Litestream's `-exec`, which splits its command like a POSIX shell. */
export function shellWord(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${String(word).replace(/'/g, `'\\''`)}'`;
}

/**
 * Litestream's Prometheus text → where the local WAL is (what the server has written) and where the
 * replica is (what is off the machine). `position` is "index/offset" in the current generation.
 * @param {string} text
 */
export function readLitestreamMetrics(text) {
  const values = new Map();
  for (const line of text.split("\n")) {
    const match = /^(litestream_[a-z_]+)(?:\{[^}]*\})?\s+(\S+)$/.exec(line.trim());
    if (match) values.set(match[1], Number(match[2]));
  }
  const number = (name) => (values.has(name) && Number.isFinite(values.get(name)) ? values.get(name) : null);
  const local = { index: number("litestream_shadow_wal_index"), offset: number("litestream_shadow_wal_size") };
  const replica = { index: number("litestream_replica_wal_index"), offset: number("litestream_replica_wal_offset") };
  const known = (p) => p.index !== null && p.offset !== null;
  return {
    local: known(local) ? local : null,
    replica: known(replica) ? replica : null,
    syncErrors: number("litestream_sync_error_count") ?? 0,
  };
}
