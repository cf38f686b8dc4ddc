// The server's metrics for Prometheus (docs/decisions/054-metrics-and-request-logs.md): one
// registry, answered at GET /metrics by server.mjs. The modules that do the work count at their
// choke points with the objects below; a module that only knows a value when asked (a queue's
// length, a replica's lag) adds a gauge with `collectedGauge`.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

function createMetrics() {
  const registry = new Registry();
  // Process CPU, RSS and heap, GC, and the event loop's lag (nodejs_eventloop_lag_seconds).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const created = {
    registry,
    httpRequests: new Counter({
      name: "tn_http_requests_total",
      help: "Requests answered, by method, route pattern and status (499: the client went away first)",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "tn_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route pattern and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    sqliteWriteWait: new Histogram({
      name: "tn_sqlite_write_wait_seconds",
      help: "How long a write transaction waited for SQLite's write lock (BEGIN IMMEDIATE) before it ran",
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5],
      registers,
    }),
    sqliteBusy: new Counter({
      name: "tn_sqlite_busy_total",
      help: "SQLITE_BUSY errors: the write lock still taken when busy_timeout (5 s) ran out",
      registers,
    }),
    faceJobDuration: new Histogram({
      name: "tn_face_job_duration_seconds",
      help: "Face engine jobs from hand-over to the worker to their answer, by kind (descriptor, selfie, precheck) and outcome (ok, failed)",
      labelNames: ["kind", "outcome"] as const,
      buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
      registers,
    }),
    faceWorkerRestarts: new Counter({
      name: "tn_face_worker_restarts_total",
      help: "Face workers killed by the watchdog (a job or a model load past its limit)",
      registers,
    }),
    linePushes: new Counter({
      name: "tn_line_push_total",
      help: "LINE pushes by outcome: sent, failed (refused or out of attempts), pending (no answer in time; left for the re-send)",
      labelNames: ["outcome"] as const,
      registers,
    }),
    lineRetries: new Counter({
      name: "tn_line_retries_total",
      help: "LINE push attempts made again after a network error, a 5xx or a 429",
      registers,
    }),
    jobRuns: new Counter({
      name: "tn_job_runs_total",
      help: "Scheduled job runs by job and outcome (ok, failed, skipped)",
      labelNames: ["job", "outcome"] as const,
      registers,
    }),
  };
  // Each outcome is a series from the start (at 0), so a rate or an alert has something to read.
  for (const outcome of ["sent", "failed", "pending"]) created.linePushes.inc({ outcome }, 0);
  return created;
}

export type Metrics = ReturnType<typeof createMetrics>;

// On globalThis: dev rebuilds and server.mjs (which reads it from the build) share one registry.
const KEY = Symbol.for("tn.metrics");
const holder = globalThis as typeof globalThis & { [KEY]?: Metrics };

export const metrics: Metrics = (holder[KEY] ??= createMetrics());

/** Seconds since `startedMs` (a `performance.now()` reading). */
export const secondsSince = (startedMs: number) => (performance.now() - startedMs) / 1000;

/**
 * A gauge read when Prometheus scrapes: `read()` gives its value (or, with labels, one value per
 * label set). Registering a name again replaces the gauge, so a module that is loaded again (a
 * dev rebuild) reads its own new state.
 */
export function collectedGauge(options: { name: string; help: string; read: () => number }): Gauge;
export function collectedGauge<L extends string>(options: {
  name: string;
  help: string;
  labelNames: readonly L[];
  read: () => { labels: Record<L, string>; value: number }[];
}): Gauge<L>;
export function collectedGauge(options: {
  name: string;
  help: string;
  labelNames?: readonly string[];
  read: () => number | { labels: Record<string, string>; value: number }[];
}): Gauge {
  metrics.registry.removeSingleMetric(options.name);
  const { read } = options;
  return new Gauge({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames ?? [],
    registers: [metrics.registry],
    collect() {
      const value = read();
      this.reset();
      if (typeof value === "number") this.set(value);
      else for (const sample of value) this.set(sample.labels, sample.value);
    },
  });
}

/** One answered request (server.mjs counts every one, whoever answered it). */
export function observeRequest(request: { method: string; route: string; status: number }, seconds: number) {
  const labels = { method: request.method, route: request.route, status: String(request.status) };
  metrics.httpRequests.inc(labels);
  metrics.httpDuration.observe(labels, seconds);
}

/** The text Prometheus scrapes, and its content type. */
export async function metricsAnswer(): Promise<{ contentType: string; body: string }> {
  return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
}
