// The production (and dev) HTTP server: Remix behind a thin express layer that adds what every
// request needs (server/security.mjs, the body limit in server/body-limit.mjs, compression and
// cache headers), migrates before listening and checkpoints on exit. Requests no route could
// answer are refused before express (server/request-shape.mjs). Every request gets an id, its
// log lines carry it, and it is counted in the metrics at GET /metrics (ADR 054).
import http from "node:http";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { bodyLimitMiddleware } from "./server/body-limit.mjs";
import { setEdgeLogger } from "./server/edge-answers.mjs";
import { METRICS_PATH, metricsAccess, metricsEndpoint } from "./server/metrics-endpoint.mjs";
import { buildAssets } from "./server/precompressed.mjs";
import { readsGiveWay } from "./server/reads-give-way.mjs";
import { remixHandler, sendBadRequest, sendStorageFailure } from "./server/remix.mjs";
import { assignRequestId, requestIdOf } from "./server/request-id.mjs";
import { labelRoute, requestLog, routeLabel, STATIC } from "./server/request-log.mjs";
import { remixPathname, requestShape } from "./server/request-shape.mjs";
import { routeMatcher } from "./server/routes.mjs";
import { securityMiddleware } from "./server/security.mjs";

installGlobals({ nativeFetch: true });
// What the server creates (the database and its -wal/-shm, backups, run marks, temporary files)
// is for its own user only (ADR 040).
process.umask(0o077);

const here = path.dirname(url.fileURLToPath(import.meta.url));
const BUILD_PATH = path.join(here, "build", "index.js");
const dev = process.env.NODE_ENV === "development";

const build = await import(url.pathToFileURL(BUILD_PATH).href);
const { logger, inRequest, metricsAnswer, observeRequest } = build.entry.module;
setEdgeLogger(logger);
try {
  await build.entry.module.onServerStart();
} catch (error) {
  // An unusable data folder is the operator's to fix: say what and where, no stack.
  if (error?.name !== "DataDirError") throw error;
  console.error(`\n${error.message}\n`);
  process.exit(1);
}

const routes = routeMatcher(build.routes);
const refuseMalformed = requestShape({ routes });
const trackRequest = requestLog({ log: logger, observe: observeRequest });

const app = express();
app.disable("x-powered-by");
app.use((req, res, next) => {
  labelRoute(res, routeLabel(remixPathname(req), routes));
  next();
});
app.use(securityMiddleware({ dev }));
app.use(bodyLimitMiddleware({ routeOf: (req) => routes.leafFor(remixPathname(req)) }));
// brotli or gzip for text (HTML, JS, CSS, JSON); images and `no-transform` responses are left alone.
// Below 8 KB an answer fits in a few packets anyway, and a compressor per small JSON answer cost
// the check-in about a tenth of its CPU (ADR 020).
const compress = compression({ threshold: "8kb" });
// A CSV export (`format=csv`) runs to tens of MB: the fastest levels compress it several times
// faster than the defaults, for about a third more bytes (measured: 74 MB year export, brotli
// 4 → 1: 562 → 127 ms, 4.3 → 5.8 MB).
const compressExport = compression({ level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } });
app.use((req, res, next) => (req.query.format === "csv" ? compressExport : compress)(req, res, next));
app.get(
  METRICS_PATH,
  metricsEndpoint({
    allowed: metricsAccess({ token: process.env.METRICS_TOKEN?.trim(), trustProxy: process.env.TRUST_PROXY }),
    answer: metricsAnswer,
  }),
);
// Every file under /build has its content hash in its name, so it never changes. Its JS and CSS
// are brotli-compressed at build time; assets carry no page headers (server/precompressed.mjs).
app.use("/build", buildAssets(path.join(here, "public", "build")));
app.use(
  "/build",
  express.static(path.join(here, "public", "build"), { immutable: true, maxAge: "1y" }),
);
app.use(express.static(path.join(here, "public"), { maxAge: "1h", setHeaders: (res) => labelRoute(res, STATIC) }));
app.all(
  "*",
  readsGiveWay(),
  // The request's scope again: the body limit and readsGiveWay call `next` from a stream's event
  // or another request's end, where the scope is not this request's (or is another's).
  (req, res, next) => inRequest(requestIdOf(req), next),
  remixHandler({
    build,
    mode: build.mode,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce,
      requestId: requestIdOf(req),
      reportStorageFailure: (failure) => {
        res.locals.storageFailure = failure;
      },
    }),
  }),
);
// Errors outside Remix's own handling: no stack or English page to the client.
app.use((error, req, res, _next) => {
  // express and serve-static mark what they refuse themselves (a path whose %-escapes do not
  // decode) with a 4xx status: the client's mistake, answered as one, not logged as a crash.
  const status = error?.status ?? error?.statusCode;
  if (Number.isInteger(status) && status >= 400 && status < 500 && !res.headersSent) {
    logger.warn({ req_id: requestIdOf(req) }, `refused ${req.method} ${req.originalUrl.slice(0, 200)}: ${status} ${error.message}`);
    sendBadRequest(req, res, status);
    return;
  }
  if (!res.locals.storageFailure) logger.error({ req_id: requestIdOf(req), err: error }, `unexpected error on ${req.method} ${req.path}`);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (res.locals.storageFailure) {
    sendStorageFailure(req, res, res.locals.storageFailure);
    return;
  }
  const reference = requestIdOf(req);
  res
    .status(500)
    .type("text/plain; charset=utf-8")
    .send(`เกิดข้อผิดพลาดในเซิร์ฟเวอร์ กรุณาลองใหม่อีกครั้ง${reference ? ` (รหัสอ้างอิง: ${reference})` : ""}`);
});

const port = Number(process.env.PORT ?? 3000);
const server = http.createServer(
  {
    // A request's headers are a few hundred bytes in one packet, even from a slow phone; a client
    // that takes longer is not sending a request (ADR 039).
    headersTimeout: 20_000,
    // The whole request, body included: a few MB from a phone on a poor network fit in it. A body
    // that stops arriving is ended sooner, by the body limit's idle timer (server/body-limit.mjs).
    requestTimeout: 300_000,
    // How often Node checks those two (its default, 30 s, let a 20 s limit run to 50 s).
    connectionsCheckingInterval: 5_000,
  },
  (req, res) => {
    const requestId = assignRequestId(req, res);
    trackRequest(req, res, requestId);
    inRequest(requestId, () => {
      if (!refuseMalformed(req, res)) app(req, res);
    });
  },
);
// Idle keep-alive connections outlive a reverse proxy's pool (nginx keeps upstream ones 60 s) and
// a client's. With Node's 5 s, a request sent on an idle connection while the event loop was busy
// (a slow fsync) found it closed by the timeout that ran first: the client got "socket closed".
// (headersTimeout counts from a request's first byte, not from the connection's idle start.)
server.keepAliveTimeout = 65_000;
server.listen(port, () => {
  logger.info(`TN Management listening on http://localhost:${port}`);
  if (dev) broadcastDevReady(build);
});

let stopping = false;
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: closing`);
  const stop = () => Promise.resolve(build.entry.module.onServerStop()).finally(() => process.exit(0));
  server.close(stop);
  server.closeIdleConnections?.();
  // Connections that will not finish still must not keep the WAL unflushed forever.
  setTimeout(stop, 5000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
