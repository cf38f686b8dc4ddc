// The production (and dev) HTTP server: Remix behind a thin express layer that adds what every
// request needs (see server/security.mjs), migrates before listening and checkpoints on exit.
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import express from "express";
import { securityMiddleware } from "./server/security.mjs";

installGlobals({ nativeFetch: true });

const here = path.dirname(url.fileURLToPath(import.meta.url));
const BUILD_PATH = path.join(here, "build", "index.js");
const dev = process.env.NODE_ENV === "development";

const build = await import(url.pathToFileURL(BUILD_PATH).href);
await build.entry.module.onServerStart();

const app = express();
app.disable("x-powered-by");
app.use(securityMiddleware({ dev }));
app.use(
  "/build",
  express.static(path.join(here, "public", "build"), { immutable: true, maxAge: "1y" }),
);
app.use(express.static(path.join(here, "public"), { maxAge: "1h" }));
app.all(
  "*",
  createRequestHandler({
    build,
    mode: build.mode,
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
  }),
);

const port = Number(process.env.PORT ?? 3000);
const server = app.listen(port, () => {
  console.log(`TN Management listening on http://localhost:${port}`);
  if (dev) broadcastDevReady(build);
});

let stopping = false;
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  const stop = () => Promise.resolve(build.entry.module.onServerStop()).finally(() => process.exit(0));
  server.close(stop);
  server.closeIdleConnections?.();
  // Connections that will not finish still must not keep the WAL unflushed forever.
  setTimeout(stop, 5000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
