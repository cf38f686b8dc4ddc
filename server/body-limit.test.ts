import { MAX_MULTIPART_BYTES as UPLOAD_LIMIT } from "~/lib/multipart.server";
import { MAX_WEBHOOK_BYTES } from "~/models/flows/line-webhook.server";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { head, rawRequest } from "../tests/fixtures/raw-http";
import {
  bodyLimitFor,
  declaredLength,
  drainsInProgress,
  IDLE_MESSAGE,
  MAX_BODY_BYTES,
  MAX_DRAIN_BYTES,
  MAX_MULTIPART_BYTES,
  SIGN_IN_BODY_BYTES,
  SIGN_IN_ROUTES,
} from "./body-limit.mjs";
import { BUSY_MESSAGES, UPLOAD_RETRY_AFTER_SECONDS, uploadTurns } from "./upload-turns.mjs";
import { serveEdge } from "./test-app";

describe("body limits", () => {
  test("the edge's limits are the app's: uploads and the LINE webhook", () => {
    expect(MAX_MULTIPART_BYTES).toBe(UPLOAD_LIMIT);
    expect(MAX_BODY_BYTES).toBe(MAX_WEBHOOK_BYTES);
    expect(MAX_BODY_BYTES).toBe(1024 * 1024);
  });

  test("multipart/form-data gets the upload limit, everything else 1 MB", () => {
    expect(bodyLimitFor("multipart/form-data; boundary=x")).toBe(MAX_MULTIPART_BYTES);
    expect(bodyLimitFor("Multipart/Form-Data;boundary=x")).toBe(MAX_MULTIPART_BYTES);
    for (const type of ["application/json", "application/x-www-form-urlencoded", "text/plain", undefined, "multipart/mixed"]) {
      expect(bodyLimitFor(type)).toBe(MAX_BODY_BYTES);
    }
  });

  test("Content-Length is read only when it is a plain number", () => {
    expect(declaredLength("123")).toBe(123);
    expect(declaredLength(" 42 ")).toBe(42);
    expect(declaredLength(undefined)).toBeNull();
    expect(declaredLength("-1")).toBeNull();
    expect(declaredLength("1e9")).toBeNull();
  });
});

/** The Thai `{error}` of a JSON answer. */
const errorOf = (body: string) => (JSON.parse(body) as { error: string }).error;
const THAI = /[\u0E00-\u0E7F]/;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A drained body that is never given back would leave every later refusal undrained.
afterEach(async () => {
  for (let i = 0; i < 100 && drainsInProgress() > 0; i++) await wait(10);
  expect(drainsInProgress()).toBe(0);
});

/** An action that reads the whole body and answers its length. */
const echoLength = async ({ request }: { request: Request }) => Response.json({ bytes: (await request.arrayBuffer()).byteLength });

describe("sign-in routes take 16 KB, from Content-Length and while reading", () => {
  const routeOf = (req: { originalUrl: string }) => (req.originalUrl.startsWith("/upload?signin") ? "routes/api.auth.login" : null);
  let edge: Awaited<ReturnType<typeof serveEdge>>;
  beforeAll(async () => (edge = await serveEdge({ routeOf }, echoLength)));
  afterAll(() => edge.close());

  test("the routes named are the app's sign-in routes", () => {
    const files = fs.readdirSync(path.join(__dirname, "..", "app", "routes"));
    for (const id of SIGN_IN_ROUTES) expect(files.some((f) => `routes/${f.replace(/\.tsx?$/, "")}` === id)).toBe(true);
    expect(SIGN_IN_BODY_BYTES).toBe(16 * 1024);
  });

  test("a declared 10 MB multipart sign-in is a 413 before any of the body is sent", async () => {
    const request = rawRequest(
      edge.port,
      head("POST /upload?signin HTTP/1.1", "Host: x", "Accept: application/json", "Content-Type: multipart/form-data; boundary=b", `Content-Length: ${10 * 1024 * 1024}`),
    );
    const answer = await request.answer;
    expect(answer?.status).toBe(413);
    expect(errorOf(answer!.body)).toBe("ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป (ไม่เกิน 16 KB)");
    request.socket.destroy();
  });

  test("a chunked sign-in body is cut off once it passes 16 KB", async () => {
    const request = rawRequest(edge.port, head("POST /upload?signin HTTP/1.1", "Host: x", "Accept: application/json", "Content-Type: application/json", "Transfer-Encoding: chunked"));
    const chunk = "x".repeat(4096);
    for (let i = 0; i < 5; i++) await request.send(`1000\r\n${chunk}\r\n`);
    const answer = await request.answer;
    expect(answer?.status).toBe(413);
    expect(errorOf(answer!.body)).toMatch(THAI);
    request.socket.destroy();
  });

  test("a sign-in within 16 KB, and 20 KB anywhere else, reach the route whole", async () => {
    for (const [target, size] of [["/upload?signin", 16 * 1024], ["/upload", 20 * 1024]] as const) {
      const response = await fetch(`http://127.0.0.1:${edge.port}${target}`, { method: "POST", body: "y".repeat(size), headers: { "content-type": "text/plain" } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ bytes: size });
    }
  });
});

describe("an upload's body is read only when the route reads it", () => {
  test("a route that refuses first (no session) answers before the body is sent, and the body is not kept", async () => {
    let reached = 0;
    const edge = await serveEdge({}, async () => {
      reached++;
      return Response.json({ error: "กรุณาเข้าสู่ระบบ" }, { status: 401 });
    });
    try {
      const request = rawRequest(edge.port, head("POST /upload HTTP/1.1", "Host: x", "Content-Type: application/json", `Content-Length: ${512 * 1024}`));
      const answer = await request.answer;
      expect(answer?.status).toBe(401);
      expect(reached).toBe(1);
      request.socket.destroy();
    } finally {
      await edge.close();
    }
  });
});

describe("upload turns: per client, per address, in all", () => {
  test("a client over its share or an address over its share is a 429, everyone over the total a 503, in Thai with Retry-After; a finished upload gives its turn back", async () => {
    const turns = uploadTurns({ perClient: 2, perAddress: 3, atOnce: 4 });
    const edge = await serveEdge({ turns }, echoLength);
    const open: ReturnType<typeof rawRequest>[] = [];
    const upload = (address: string, session: string) => {
      const request = rawRequest(
        edge.port,
        head(
          "POST /upload HTTP/1.1",
          "Host: x",
          `x-tn-client-ip: ${address}`,
          `Cookie: theme=dark; tn_emp=${session}`,
          "Accept: application/json",
          "Content-Type: text/plain",
          `Content-Length: ${100 * 1024}`,
        ),
        "z".repeat(1000),
      );
      open.push(request);
      return request;
    };
    const until = async (total: number) => {
      for (let i = 0; i < 100 && turns.stats().total !== total; i++) await wait(10);
      expect(turns.stats().total).toBe(total);
    };
    const refusal = async (request: ReturnType<typeof rawRequest>, status: number, message: string) => {
      const answer = await request.answer;
      expect(answer?.status).toBe(status);
      expect(answer?.headers["retry-after"]).toBe(String(UPLOAD_RETRY_AFTER_SECONDS));
      expect(errorOf(answer!.body)).toBe(message);
    };
    try {
      upload("10.0.0.1", "phone-a");
      upload("10.0.0.1", "phone-a");
      await until(2);
      await refusal(upload("10.0.0.1", "phone-a"), 429, BUSY_MESSAGES.client);
      // Another phone behind the same office address: its own share, up to the address's.
      upload("10.0.0.1", "phone-b");
      await until(3);
      await refusal(upload("10.0.0.1", "phone-c"), 429, BUSY_MESSAGES.address);
      upload("10.0.0.2", "phone-d");
      await until(4);
      await refusal(upload("10.0.0.3", "phone-e"), 503, BUSY_MESSAGES.server);

      open[0].socket.destroy();
      await until(3);
      const next = upload("10.0.0.3", "phone-e");
      await until(4);
      await next.send("z".repeat(100 * 1024 - 1000));
      expect((await next.answer)?.status).toBe(200);
      await until(3);
    } finally {
      for (const request of open) request.socket.destroy();
      await edge.close();
    }
  });
});

describe("a body that stops arriving", () => {
  test("a small body: 408 in Thai after the idle time, and the connection is closed", async () => {
    const edge = await serveEdge({ idleMs: 300 }, echoLength);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const request = rawRequest(edge.port, head("POST /upload HTTP/1.1", "Host: x", "Accept: application/json", "Content-Type: application/json", "Content-Length: 100"), '{"a":');
      const answer = await request.answer;
      expect(answer?.status).toBe(408);
      expect(answer?.headers.connection).toBe("close");
      expect(errorOf(answer!.body)).toBe(IDLE_MESSAGE);
      expect(answer!.ms).toBeGreaterThanOrEqual(290);
      await request.closed;
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toMatch(/408/);
    } finally {
      warn.mockRestore();
      await edge.close();
    }
  });

  test("an upload Remix is reading: 408 from the edge, whatever the route made of the broken stream, and no crash logged", async () => {
    let routeSaw = "";
    const edge = await serveEdge({ idleMs: 300 }, async ({ request }) => {
      // A route that does not catch its read failing (the LINE webhook reads its body so).
      try {
        await request.arrayBuffer();
      } catch (error) {
        routeSaw = String(error);
        throw error;
      }
      return new Response("read it all");
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const request = rawRequest(edge.port, head("POST /upload HTTP/1.1", "Host: x", "Accept: application/json", "Content-Type: application/json", `Content-Length: ${100 * 1024}`), "x".repeat(20 * 1024));
      const answer = await request.answer;
      expect(answer?.status).toBe(408);
      expect(errorOf(answer!.body)).toBe(IDLE_MESSAGE);
      expect(routeSaw).toMatch(/stopped arriving|abort/i);
      await request.closed;
    } finally {
      warn.mockRestore();
      await edge.close();
    }
  });

  test("a slow but steady client is not idle, and neither is one waiting for a route that has not started reading", async () => {
    const edge = await serveEdge({ idleMs: 300 }, async ({ request }) => {
      if (new URL(request.url).searchParams.has("late")) await wait(900);
      return Response.json({ bytes: (await request.arrayBuffer()).byteLength });
    });
    try {
      const slow = rawRequest(edge.port, head("POST /upload HTTP/1.1", "Host: x", "Content-Type: text/plain", `Content-Length: ${40 * 1024}`));
      for (let i = 0; i < 10; i++) {
        await wait(150);
        await slow.send("s".repeat(4 * 1024));
      }
      expect((await slow.answer)?.status).toBe(200);
      slow.socket.destroy();

      const waiting = rawRequest(edge.port, head("POST /upload?late HTTP/1.1", "Host: x", "Content-Type: multipart/form-data; boundary=b", `Content-Length: ${2 * 1024 * 1024}`), "w".repeat(2 * 1024 * 1024));
      const answer = await waiting.answer;
      expect(answer?.status).toBe(200);
      expect(JSON.parse(answer!.body)).toEqual({ bytes: 2 * 1024 * 1024 });
      waiting.socket.destroy();
    } finally {
      await edge.close();
    }
  });
});

describe("an upload over the limit while Remix reads it", () => {
  test("a chunked body past 1 MB to a route that does not catch the failed read: 413, no crash logged", async () => {
    const edge = await serveEdge({}, async ({ request }) => new Response(await request.text()));
    try {
      const request = rawRequest(edge.port, head("POST /upload HTTP/1.1", "Host: x", "Accept: application/json", "Content-Type: application/json", "Transfer-Encoding: chunked"));
      const chunk = "c".repeat(64 * 1024);
      for (let i = 0; i < 20 && !request.socket.destroyed; i++) await request.send(`10000\r\n${chunk}\r\n`);
      const answer = await request.answer;
      expect(answer?.status).toBe(413);
      expect(errorOf(answer!.body)).toMatch(/1 MB/);
      request.socket.destroy();
    } finally {
      await edge.close();
    }
  });
});

describe("after a refusal, the rest of the body", () => {
  test("is read and dropped when it is a little over the limit (the browser reads the 413), the connection closed when it is far over", async () => {
    const edge = await serveEdge({}, echoLength);
    const ask = (length: number) =>
      rawRequest(edge.port, head("POST /upload HTTP/1.1", "Host: x", "Accept: application/json", "Content-Type: multipart/form-data; boundary=b", `Content-Length: ${length}`));
    try {
      const near = ask(MAX_MULTIPART_BYTES + 1024);
      const nearAnswer = await near.answer;
      expect(nearAnswer?.status).toBe(413);
      expect(nearAnswer?.headers.connection).not.toBe("close");
      near.socket.destroy();

      const far = ask(MAX_DRAIN_BYTES + 1);
      const farAnswer = await far.answer;
      expect(farAnswer?.status).toBe(413);
      expect(farAnswer?.headers.connection).toBe("close");
      await far.closed;
    } finally {
      await edge.close();
    }
  });
});

describe("a route that answers before the body has all arrived", () => {
  test("the rest is drained and the kept-alive connection serves the next request", async () => {
    const edge = await serveEdge({}, async ({ request }) => {
      // As readLimitedBody does past its own limit: read a little, then refuse.
      await request.body?.getReader().read();
      return Response.json({ error: "รูปใหญ่เกินไป" }, { status: 413 });
    });
    const socket = net.connect(edge.port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    const answers = () => received.split("HTTP/1.1 ").length - 1;
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 300 && !done(); i++) await wait(10);
    };
    try {
      await new Promise<void>((resolve) => socket.once("connect", resolve));
      const length = 2 * 1024 * 1024;
      socket.write(head("POST /upload HTTP/1.1", "Host: x", "Accept: application/json", "Content-Type: multipart/form-data; boundary=b", `Content-Length: ${length}`));
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      socket.write(chunk);
      sent += chunk.length;
      await until(() => answers() === 1);
      expect(received).toMatch(/^HTTP\/1\.1 413/);
      while (sent < length) {
        socket.write(chunk);
        sent += chunk.length;
        await wait(1);
      }
      socket.write(head("POST /upload HTTP/1.1", "Host: x", "Accept: application/json", "Content-Type: application/json", "Content-Length: 2") + "{}");
      await until(() => answers() === 2);
      expect(answers()).toBe(2);
    } finally {
      socket.destroy();
      await edge.close();
    }
  });
});
