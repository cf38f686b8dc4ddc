import { collectedGauge, metrics, metricsAnswer, observeRequest } from "./metrics.server";

/** The value of one sample in the scrape text (null when it is not there). */
function sample(text: string, name: string, labels = ""): number | null {
  const line = text.split("\n").find((l) => l.startsWith(`${name}${labels} `));
  return line === undefined ? null : Number(line.slice(line.lastIndexOf(" ") + 1));
}

test("one registry per process, Prometheus text with the process's own families", async () => {
  const { contentType, body } = await metricsAnswer();
  expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  for (const family of ["process_resident_memory_bytes", "nodejs_heap_size_used_bytes", "nodejs_eventloop_lag_seconds"]) {
    expect(body).toContain(`# TYPE ${family} `);
  }
  // A second copy of the module (a dev rebuild, or the build's copy next to server.mjs's) shares it.
  vi.resetModules();
  const again = await import("./metrics.server");
  expect(again.metricsAnswer).not.toBe(metricsAnswer);
  expect(again.metrics.registry).toBe(metrics.registry);
});

test("a request is counted and timed under its labels", async () => {
  const labels = '{method="GET",route="/api/employee/:id",status="200"}';
  const before = sample((await metricsAnswer()).body, "tn_http_requests_total", labels) ?? 0;
  observeRequest({ method: "GET", route: "/api/employee/:id", status: 200 }, 0.02);
  const body = (await metricsAnswer()).body;
  expect(sample(body, "tn_http_requests_total", labels)).toBe(before + 1);
  expect(sample(body, "tn_http_request_duration_seconds_bucket", '{le="0.025",method="GET",route="/api/employee/:id",status="200"}')).toBeGreaterThanOrEqual(1);
});

test("a collected gauge reads its value at each scrape; registered again, the new reader wins", async () => {
  let value = 3;
  collectedGauge({ name: "tn_test_queue_length", help: "test", read: () => value });
  expect(sample((await metricsAnswer()).body, "tn_test_queue_length")).toBe(3);
  value = 5;
  expect(sample((await metricsAnswer()).body, "tn_test_queue_length")).toBe(5);
  collectedGauge({ name: "tn_test_queue_length", help: "test", read: () => 7 });
  expect(sample((await metricsAnswer()).body, "tn_test_queue_length")).toBe(7);

  let lags = [{ labels: { replica: "s3" }, value: 1.5 }];
  collectedGauge({ name: "tn_test_lag_seconds", help: "test", labelNames: ["replica"], read: () => lags });
  expect(sample((await metricsAnswer()).body, "tn_test_lag_seconds", '{replica="s3"}')).toBe(1.5);
  lags = [{ labels: { replica: "local" }, value: 0 }];
  const body = (await metricsAnswer()).body;
  expect(sample(body, "tn_test_lag_seconds", '{replica="s3"}')).toBeNull();
  expect(sample(body, "tn_test_lag_seconds", '{replica="local"}')).toBe(0);
  metrics.registry.removeSingleMetric("tn_test_queue_length");
  metrics.registry.removeSingleMetric("tn_test_lag_seconds");
});
