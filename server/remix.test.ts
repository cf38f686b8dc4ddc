import compression from "compression";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ANSWER_BYTES, sendRemixResponse, withReference, writeBody } from "./remix.mjs";

const CHUNK = 1024 * 1024;
const CHUNKS = 64;

/** A body whose chunks are all ready at once, counting how many were made. */
function readyStream() {
  const made = { n: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (made.n === CHUNKS) return controller.close();
      made.n += 1;
      controller.enqueue(new Uint8Array(CHUNK).fill(65));
    },
  });
  return { body, made };
}

async function serve(handler: (res: http.ServerResponse) => Promise<void>) {
  const server = http.createServer((_req, res) => void handler(res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

describe("writeBody", () => {
  test("sends a ready stream as it is made: the first bytes arrive long before the last chunk is made", async () => {
    const { body, made } = readyStream();
    const listeners: number[] = [];
    const count = (res: http.ServerResponse) => res.listenerCount("close") + res.listenerCount("drain");
    const { server, url } = await serve(async (res) => {
      listeners.push(count(res));
      await writeBody(body, res);
      listeners.push(count(res));
    });
    try {
      let madeAtFirstByte = -1;
      let received = 0;
      await new Promise<void>((resolve, reject) => {
        http
          .get(url, (res) => {
            res.on("data", (chunk: Buffer) => {
              if (madeAtFirstByte < 0) madeAtFirstByte = made.n;
              received += chunk.length;
            });
            res.on("end", resolve);
          })
          .on("error", reject);
      });
      expect(received).toBe(CHUNK * CHUNKS);
      expect(madeAtFirstByte).toBeGreaterThan(0);
      expect(madeAtFirstByte).toBeLessThan(CHUNKS / 2);
      // Each wait for 'drain' leaves no listener behind (64 waits would warn of a leak).
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(listeners).toHaveLength(2);
      expect(listeners[1]).toBe(listeners[0]);
    } finally {
      server.close();
    }
  });

  test("a client that goes away stops the stream (it is cancelled, not read to the end)", async () => {
    const { body, made } = readyStream();
    let done: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const { server, url } = await serve(async (res) => {
      await writeBody(body, res);
      done();
    });
    try {
      await new Promise<void>((resolve) => {
        const req = http.get(url, (res) => {
          res.once("data", () => {
            req.destroy();
            resolve();
          });
        });
        req.on("error", () => undefined);
      });
      await finished;
      expect(made.n).toBeLessThan(CHUNKS);
    } finally {
      server.close();
    }
  });
  test("behind the compression middleware, the waits for 'drain' leave no listeners piling up (no leak warning)", async () => {
    const { body, made } = readyStream();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    const app = express();
    app.use(compression({ threshold: 0 }));
    app.get("/", (_req, res) => {
      res.setHeader("content-type", "text/csv; charset=utf-8");
      void writeBody(body, res);
    });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: { "accept-encoding": "gzip" } });
      expect(answer.headers.get("content-encoding")).toBe("gzip");
      expect((await answer.arrayBuffer()).byteLength).toBe(CHUNK * CHUNKS);
      expect(made.n).toBe(CHUNKS);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
      server.close();
    }
  });
});

describe("sendRemixResponse", () => {
  async function sent(response: Response) {
    const app = express();
    app.get("/", (_req, res, next) => void sendRemixResponse(res, response).catch(next));
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const answer = await fetch(url);
      return { text: await answer.text(), length: answer.headers.get("content-length") };
    } finally {
      server.close();
    }
  }

  test("a page's bytes set by the app are sent as they are, with their length", async () => {
    const bytes = Buffer.from("<!DOCTYPE html><p>หน้า</p>");
    const response = new Response("the body stream is not read", { headers: { "content-type": "text/html; charset=utf-8" } });
    Object.defineProperty(response, ANSWER_BYTES, { value: bytes });
    expect(await sent(response)).toEqual({ text: "<!DOCTYPE html><p>หน้า</p>", length: String(bytes.length) });
  });

  test("a page without them is read from its body, whole", async () => {
    const response = new Response("<p>ทั้งหน้า</p>", { headers: { "content-type": "text/html; charset=utf-8" } });
    expect(await sent(response)).toEqual({ text: "<p>ทั้งหน้า</p>", length: String(Buffer.byteLength("<p>ทั้งหน้า</p>")) });
  });
});

describe("withReference", () => {
  const ID = "q4t7z2m9k3c8";

  test("a data request's crash (X-Remix-Error) names the request in its message, which the error page reads", async () => {
    const crash = Response.json({ message: "Unexpected Server Error" }, { status: 500, headers: { "X-Remix-Error": "yes" } });
    const answer = await withReference(crash, ID);
    expect(answer.status).toBe(500);
    expect(answer.headers.get("x-remix-error")).toBe("yes");
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ message: `Unexpected Server Error (ref ${ID})` });
  });

  test("a resource route's plain-text crash gets a line with the reference", async () => {
    const crash = new Response("Unexpected Server Error", { status: 500, headers: { "Content-Type": "text/plain" } });
    expect(await (await withReference(crash, ID)).text()).toBe(`Unexpected Server Error\n\nรหัสอ้างอิง / reference: ${ID}\n`);
  });

  test("anything else goes out as it is", async () => {
    const page = new Response("<p>404</p>", { status: 404, headers: { "Content-Type": "text/html" } });
    expect(await withReference(page, ID)).toBe(page);
    const refused = Response.json({ error: "x" }, { status: 403, headers: { "X-Remix-Error": "yes" } });
    expect(await withReference(refused, ID)).toBe(refused);
    const document = new Response("<html>500</html>", { status: 500, headers: { "Content-Type": "text/html" } });
    expect(await withReference(document, ID)).toBe(document);
    const crash = Response.json({ message: "Unexpected Server Error" }, { status: 500, headers: { "X-Remix-Error": "yes" } });
    expect(await withReference(crash, undefined)).toBe(crash);
  });
});
