import compression from "compression";
import express from "express";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { compressBuild } from "../scripts/compress-build.mjs";
import { buildAssets, DOCUMENT_ONLY_HEADERS } from "./precompressed.mjs";
import { securityMiddleware } from "./security.mjs";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function get(port: number, target: string, headers: Record<string, string>, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: target, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

let dir: string;
let server: http.Server;
let port: number;
// A chunk like the build's: big enough to compress, small enough that the compression middleware
// (8 KB threshold, as server.mjs) leaves it alone.
const CHUNK = `export const rows=${JSON.stringify(Array.from({ length: 120 }, (_, i) => ({ id: i, name: `แถวที่ ${i}` })))};`;
const TINY = "export{a as b};";

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tn-precompressed-"));
  fs.mkdirSync(path.join(dir, "build", "_shared"), { recursive: true });
  fs.writeFileSync(path.join(dir, "build", "_shared", "chunk-A.js"), CHUNK);
  fs.writeFileSync(path.join(dir, "build", "_shared", "chunk-T.js"), TINY);
  fs.writeFileSync(path.join(dir, "build", "styles-B.css"), `.a{color:red}\n`.repeat(300));
  fs.writeFileSync(path.join(dir, "secret.js"), CHUNK);
  await compressBuild(path.join(dir, "build"));
  const app = express();
  app.use(securityMiddleware());
  app.use(compression({ threshold: "8kb" }));
  app.use("/build", buildAssets(path.join(dir, "build")));
  app.use("/build", express.static(path.join(dir, "build"), { immutable: true, maxAge: "1y" }));
  app.get("/page", (_req, res) => void res.type("html").send("<!doctype html><p>page</p>"));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the build step writes a brotli copy of each JS and CSS file it makes smaller, and none of a tiny one", () => {
  const shared = path.join(dir, "build", "_shared");
  const packed = fs.readFileSync(path.join(shared, "chunk-A.js.br"));
  expect(zlib.brotliDecompressSync(packed).toString()).toBe(CHUNK);
  expect(packed.length).toBeLessThan(CHUNK.length / 3);
  expect(fs.existsSync(path.join(dir, "build", "styles-B.css.br"))).toBe(true);
  expect(fs.existsSync(path.join(shared, "chunk-T.js.br"))).toBe(false);
});

test("a browser that accepts br gets the brotli copy of a chunk under 8 KB, cached for a year", async () => {
  expect(CHUNK.length).toBeLessThan(8 * 1024);
  const a = await get(port, "/build/_shared/chunk-A.js", { "accept-encoding": "gzip, deflate, br" });
  expect(a.status).toBe(200);
  expect(a.headers["content-encoding"]).toBe("br");
  expect(a.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
  expect(a.headers.vary).toBe("Accept-Encoding");
  expect(a.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(Number(a.headers["content-length"])).toBe(a.body.length);
  expect(zlib.brotliDecompressSync(a.body).toString()).toBe(CHUNK);

  const css = await get(port, "/build/styles-B.css", { "accept-encoding": "br" });
  expect(css.headers["content-type"]).toBe("text/css; charset=UTF-8");
  expect(css.headers["content-encoding"]).toBe("br");

  const head = await get(port, "/build/_shared/chunk-A.js", { "accept-encoding": "br" }, "HEAD");
  expect(head.status).toBe(200);
  expect(head.headers["content-encoding"]).toBe("br");
  expect(head.body.length).toBe(0);
});

test("without br, or without a brotli copy, the file is served as before", async () => {
  const gzipOnly = await get(port, "/build/_shared/chunk-A.js", { "accept-encoding": "gzip" });
  expect(gzipOnly.headers["content-encoding"]).toBeUndefined();
  expect(gzipOnly.body.toString()).toBe(CHUNK);
  const refused = await get(port, "/build/_shared/chunk-A.js", { "accept-encoding": "br;q=0, gzip" });
  expect(refused.headers["content-encoding"]).toBeUndefined();
  const tiny = await get(port, "/build/_shared/chunk-T.js", { "accept-encoding": "br" });
  expect(tiny.headers["content-encoding"]).toBeUndefined();
  expect(tiny.body.toString()).toBe(TINY);
  expect((await get(port, "/build/_shared/missing.js", { "accept-encoding": "br" })).status).toBe(404);
});

test("an asset carries no page headers (CSP, COOP, Permissions-Policy, Referrer-Policy), only nosniff and no validators", async () => {
  for (const [target, encoding] of [["/build/_shared/chunk-A.js", "br"], ["/build/_shared/chunk-T.js", "br"], ["/build/_shared/chunk-A.js", "gzip"]]) {
    const answer = await get(port, target, { "accept-encoding": encoding });
    expect(answer.status).toBe(200);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(answer.headers[name.toLowerCase()], `${target} ${name}`).toBeUndefined();
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  }
  const br = await get(port, "/build/_shared/chunk-A.js", { "accept-encoding": "br" });
  for (const name of ["etag", "last-modified", "accept-ranges"]) expect(br.headers[name], name).toBeUndefined();
  // A page keeps them all.
  const page = await get(port, "/page", {});
  for (const name of DOCUMENT_ONLY_HEADERS) expect(page.headers[name.toLowerCase()], `page ${name}`).toBeTruthy();
});

test("nothing outside the build directory is reached", async () => {
  for (const target of ["/build/..%2Fsecret.js", "/build/%2E%2E/secret.js", "/build/_shared/%00chunk-A.js"]) {
    const answer = await get(port, target, { "accept-encoding": "br" });
    expect(answer.headers["content-encoding"], target).toBeUndefined();
    expect(answer.body.toString(), target).not.toBe(CHUNK);
  }
});
