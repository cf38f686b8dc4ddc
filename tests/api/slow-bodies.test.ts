// Slow and large bodies against the built server (issue 34; docs/decisions/039-slow-bodies-and-bad-requests.md):
// clients that send most of a 10 MB body to the sign-in routes and then wait must not pin the
// server's memory or stall it; a body is read only after the route's sign-in check; one client
// gets a bounded number of uploads at once.
import fs from "node:fs";
import { makeJpeg } from "../fixtures/images";
import { head, rawRequest, type RawAnswer, type RawRequest } from "../fixtures/raw-http";
import { adminCookie, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "slow-admin", password: "slow-admin-password-1" };
const MB = 1024 * 1024;
const THAI = /[\u0E00-\u0E7F]/;
let server: RunningServer;
let port: number;
let cookie: string;

beforeAll(async () => {
  // As production runs it (Dockerfile, systemd, `npm start`): the RSS compares with the budget of ADR 026.
  server = await startServer({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    MALLOC_ARENA_MAX: "2",
    NODE_OPTIONS: "--max-old-space-size=256",
  });
  port = Number(new URL(server.baseUrl).port);
  cookie = await adminCookie(server, ADMIN);
});
afterAll(() => server?.stop());

const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1]) / 1024;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthMs() {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/healthz`);
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

/** The answer, or null if none came within `ms`. */
const answerWithin = (request: RawRequest, ms: number) =>
  Promise.race<RawAnswer | null>([request.answer, wait(ms).then(() => null)]);

/** Sends up to `bytes` of filler as fast as the server takes it, then stops (the connection stays open). */
async function pour(request: RawRequest, bytes: number) {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  for (let sent = 0; sent < bytes; sent += chunk.length) {
    if (!(await request.send(chunk))) return;
  }
}

describe("slow sign-in bodies", () => {
  test(
    "30 clients sending most of a declared 10 MB to the sign-in routes, then waiting: RSS stays within 50 MB and /healthz answers",
    async () => {
      const idle: number[] = [];
      for (let i = 0; i < 20; i++) idle.push(await healthMs());
      await wait(500);
      const before = rssMiB();

      const paths = ["/api/auth/login", "/login", "/api/emp/authen"];
      const clients = Array.from({ length: 30 }, (_, i) =>
        rawRequest(
          port,
          head(
            `POST ${paths[i % paths.length]} HTTP/1.1`,
            `Host: 127.0.0.1:${port}`,
            "Content-Type: multipart/form-data; boundary=slow",
            `Content-Length: ${10 * MB}`,
          ),
        ),
      );
      const pouring = Promise.all(clients.map((client) => pour(client, 9.5 * MB)));

      const during: number[] = [];
      let peak = before;
      const until = performance.now() + 6_000;
      while (performance.now() < until) {
        during.push(await healthMs());
        peak = Math.max(peak, rssMiB());
        await wait(50);
      }
      await Promise.race([pouring, wait(5_000)]);
      const after = rssMiB();
      const answers = await Promise.all(clients.map((client) => answerWithin(client, 1_000)));
      for (const client of clients) client.socket.destroy();

      console.info(
        `slow sign-in bodies: RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} → ${after.toFixed(0)} MiB; ` +
          `/healthz idle p95 ${quantile(idle, 0.95).toFixed(0)} ms, under attack p50 ${quantile(during, 0.5).toFixed(0)} / p95 ${quantile(during, 0.95).toFixed(0)} ms (${during.length} requests)`,
      );
      expect(peak - before).toBeLessThan(50);
      expect(after - before).toBeLessThan(50);
      // Every /healthz was answered; the median is not held up by the bodies (the machine's own
      // noise, shared by other tests, is what remains).
      expect(quantile(during, 0.5)).toBeLessThan(Math.max(50, 3 * quantile(idle, 0.5)));
      // Each sign-in was refused for its size (413, Thai) or, when many are refused at once, had its connection closed.
      for (const answer of answers) {
        if (answer) {
          expect(answer.status).toBe(413);
          expect(answer.body).toMatch(THAI);
        }
      }
      expect(answers.filter(Boolean).length).toBeGreaterThan(0);
    },
    60_000,
  );
});

describe("a body is read only after the route's sign-in check", () => {
  test("JSON, a photo, a check-in from a client that is not signed in: 401 before the body is sent", async () => {
    for (const [path, type, length] of [
      ["/api/employee", "application/json", 512 * 1024],
      ["/api/employee/1/photo", "multipart/form-data; boundary=x", 5 * MB],
      ["/api/emp/checkin-out", "multipart/form-data; boundary=x", 5 * MB],
    ] as const) {
      const request = rawRequest(port, head(`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Content-Type: ${type}`, `Content-Length: ${length}`));
      try {
        const answer = await answerWithin(request, 5_000);
        expect(answer?.status, path).toBe(401);
        expect(JSON.parse(answer!.body).error).toMatch(THAI);
      } finally {
        request.socket.destroy();
      }
    }
  });
});

describe("uploads from one client", () => {
  test("a fifth upload at once from the same signed-in client is a 429 in Thai with Retry-After; once one ends, the next goes through", async () => {
    const created = await fetch(`${server.baseUrl}/api/employee`, {
      method: "POST",
      headers: { Cookie: cookie, "content-type": "application/json" },
      body: JSON.stringify({ code: "SLOW1", title: 1, first_name: "ช้า", last_name: "ทดสอบ" }),
    });
    expect(created.status).toBe(201);
    const { employee } = (await created.json()) as { employee: { id: number } };
    const photoPath = `/api/employee/${employee.id}/photo`;
    const partHead = '--b\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';
    const upload = (length: number, body: string | Uint8Array) =>
      rawRequest(
        port,
        head(`POST ${photoPath} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Cookie: ${cookie}`, "Content-Type: multipart/form-data; boundary=b", `Content-Length: ${length}`),
        body,
      );

    // Four photos on their way (a slow phone network): each has sent its first part and waits.
    const held = Array.from({ length: 4 }, () => upload(2 * MB, `${partHead}${"j".repeat(32 * 1024)}`));
    try {
      await wait(300);
      const fifth = upload(2 * MB, partHead);
      const refused = await answerWithin(fifth, 5_000);
      expect(refused?.status).toBe(429);
      expect(refused?.headers["retry-after"]).toMatch(/^\d+$/);
      expect(JSON.parse(refused!.body).error).toMatch(THAI);
      fifth.socket.destroy();

      held[0].socket.destroy();
      await held[0].closed;
      await wait(200);
      const jpeg = await makeJpeg({ width: 400, height: 300 });
      const body = Buffer.concat([Buffer.from(partHead), jpeg, Buffer.from("\r\n--b--\r\n")]);
      expect(body.length).toBeGreaterThan(16 * 1024);
      const next = upload(body.length, body);
      const answer = await answerWithin(next, 10_000);
      expect(answer?.status).toBe(200);
      next.socket.destroy();
    } finally {
      for (const request of held) request.socket.destroy();
    }
  });
});

describe("timeouts", () => {
  test(
    "headers that never end are cut off after 20 s, a body that stops arriving gets a Thai 408 after 30 s",
    async () => {
      const started = performance.now();
      const headers = rawRequest(port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
      const body = rawRequest(
        port,
        head("POST /api/auth/login HTTP/1.1", `Host: 127.0.0.1:${port}`, "Content-Type: application/json", "Content-Length: 1000"),
        '{"username":',
      );
      const headersClosedAt = headers.closed.then(() => (performance.now() - started) / 1000);
      const idle = await body.answer;
      const idleAt = (performance.now() - started) / 1000;
      expect(idle?.status).toBe(408);
      expect(JSON.parse(idle!.body).error).toMatch(THAI);
      expect(idleAt).toBeGreaterThanOrEqual(29);
      expect(idleAt).toBeLessThan(40);
      await body.closed;
      // Node checks every 5 s (connectionsCheckingInterval): between 20 and 25 s, with some slack.
      const cutAt = await headersClosedAt;
      expect(cutAt).toBeGreaterThanOrEqual(19);
      expect(cutAt).toBeLessThan(30);
    },
    60_000,
  );
});
