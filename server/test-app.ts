// A small edge for the server/ unit tests: the body limit and the Remix handler of server.mjs in
// front of a Remix build made of one resource route, on a free port.
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { bodyLimitMiddleware } from "./body-limit.mjs";
import { remixHandler } from "./remix.mjs";

type Action = (args: { request: Request }) => Promise<Response>;

/** A server build with the routes `/upload` (its action is `action`) and nothing else. */
function fakeBuild(action: Action) {
  return {
    mode: "production",
    future: {},
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    assets: { entry: { module: "/build/entry.js", imports: [] }, routes: {}, url: "/build/manifest.js", version: "test" },
    entry: { module: { default: () => new Response("page") } },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      "routes/upload": { id: "routes/upload", parentId: "root", path: "upload", module: { action } },
    },
  };
}

export async function serveEdge(options: Parameters<typeof bodyLimitMiddleware>[0], action: Action) {
  const app = express();
  app.use(bodyLimitMiddleware(options));
  app.all("*", remixHandler({ build: fakeBuild(action), mode: "production", getLoadContext: () => ({}) }));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
