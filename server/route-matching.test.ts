import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";

// The copy of @remix-run/router that @remix-run/server-runtime requires (patches/ caches its ranked branches).
const require = createRequire(import.meta.url);
const router = require(require.resolve("@remix-run/router", { paths: [require.resolve("@remix-run/server-runtime")] })) as {
  matchRoutes: (routes: unknown[], path: string) => { route: { id: string }; params: Record<string, string | undefined> }[] | null;
};

function countingTree() {
  let reads = 0;
  const route = (id: string, path: string | undefined, children: unknown[] = []) => ({
    id,
    path,
    get children() {
      reads++;
      return children;
    },
  });
  const routes = [route("root", "", [route("api.emp.checkin-out", "api/emp/checkin-out"), route("healthz", "healthz")])];
  return { routes, reads: () => reads };
}

describe("server route matching", () => {
  it("flattens and ranks a route tree once, not on every request", () => {
    const tree = countingTree();
    expect(router.matchRoutes(tree.routes, "/healthz")?.map((m) => m.route.id)).toEqual(["root", "healthz"]);
    const afterFirst = tree.reads();
    expect(afterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) {
      expect(router.matchRoutes(tree.routes, "/api/emp/checkin-out")?.map((m) => m.route.id)).toEqual(["root", "api.emp.checkin-out"]);
    }
    expect(tree.reads()).toBe(afterFirst);
    expect(router.matchRoutes(tree.routes, "/nowhere")).toBeNull();
  });

  it("keeps a separate tree (a dev rebuild) apart", () => {
    const a = countingTree();
    const b = countingTree();
    router.matchRoutes(a.routes, "/healthz");
    router.matchRoutes(b.routes, "/healthz");
    expect(b.reads()).toBeGreaterThan(0);
  });

  it("compiles each route pattern once and still reads each request's params", () => {
    const routes = [{ id: "root", path: "", children: [{ id: "machine", path: "api/machine/:id" }, { id: "opt", path: "files/:name?" }] }];
    const Original = globalThis.RegExp;
    let constructed = 0;
    globalThis.RegExp = new Proxy(Original, {
      construct(target, args: [string, string?]) {
        constructed++;
        return new target(...args);
      },
    });
    try {
      expect(router.matchRoutes(routes, "/api/machine/7")?.[1].params).toEqual({ id: "7" });
      const afterFirst = constructed;
      expect(afterFirst).toBeGreaterThan(0);
      expect(router.matchRoutes(routes, "/API/machine/42")?.[1].params).toEqual({ id: "42" });
      expect(router.matchRoutes(routes, "/files")?.[1].params).toEqual({ name: undefined });
      const beforeRepeat = constructed;
      expect(router.matchRoutes(routes, "/files/a%2Fb")?.[1].params).toEqual({ name: "a/b" });
      expect(router.matchRoutes(routes, "/api/machine/7/extra")).toBeNull();
      expect(constructed).toBe(beforeRepeat);
    } finally {
      globalThis.RegExp = Original;
    }
  });

  it("answers a path it has matched before without trying the routes again, with matches of its own", () => {
    const routes = [{ id: "root", path: "", children: [{ id: "machine", path: "api/machine/:id" }, { id: "healthz", path: "healthz" }] }];
    const first = router.matchRoutes(routes, "/api/machine/7");
    expect(first?.[1].params).toEqual({ id: "7" });
    first![1].params.id = "changed by a caller";
    const tried = vi.spyOn(String.prototype, "match");
    try {
      const again = router.matchRoutes(routes, "/api/machine/7");
      expect(tried).not.toHaveBeenCalled();
      expect(again?.[1].params).toEqual({ id: "7" });
      expect(again?.[1].route).toBe(first![1].route);
      expect(again).not.toBe(first);
    } finally {
      tried.mockRestore();
    }
    // Many distinct paths (ids) keep the cache bounded and every answer right.
    for (let id = 1; id <= 2500; id++) expect(router.matchRoutes(routes, `/api/machine/${id}`)?.[1].params.id).toBe(String(id));
    expect(router.matchRoutes(routes, "/healthz")?.map((m) => m.route.id)).toEqual(["root", "healthz"]);
    expect(router.matchRoutes(routes, "/nowhere")).toBeNull();
  });
});

// The CommonJS copies the production server loads (patches/ keeps each build's route tree).
type Element = { type: unknown };
const react = require("react") as { createElement: (type: unknown, props: unknown, ...children: unknown[]) => Element };
const { renderToString } = require("react-dom/server") as { renderToString: (element: Element) => string };
const remixRoutes = require("@remix-run/react/dist/routes.js") as { createServerRoutes: (...args: unknown[]) => unknown[] };
const { RemixServer } = require("@remix-run/react/dist/server.js") as { RemixServer: unknown };
const { createStaticRouter } = require("react-router-dom/server") as {
  createStaticRouter: (routes: unknown[], context: unknown) => { routes: unknown[]; state: { matches: { route: unknown }[] } };
};

// The build's future flags: one object for the server's life, as the server runtime passes them.
const future = {};

function entryContext(routeModules: Record<string, unknown>, routes: Record<string, unknown>) {
  return {
    manifest: { routes, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" },
    routeModules,
    future,
    isSpaMode: false,
    serializeError: (error: Error) => ({ message: error.message }),
    staticHandlerContext: {
      basename: "/",
      location: { pathname: "/", search: "", hash: "", state: null, key: "default" },
      matches: [{ params: {}, pathname: "/", pathnameBase: "/", route: { id: "root", path: "" } }],
      loaderData: {},
      actionData: null,
      errors: null,
      statusCode: 200,
      loaderHeaders: {},
      actionHeaders: {},
      activeDeferreds: null,
    },
  };
}

describe("the page render's route tree", () => {
  const manifestRoutes = { root: { id: "root", path: "", module: "/root.js", hasLoader: false, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false } };
  const root = { default: () => react.createElement("main", null, "หน้าแรก") };

  it("is built once per build, though each request hands over a new routeModules object", () => {
    const built = vi.spyOn(remixRoutes, "createServerRoutes");
    try {
      // Its own manifest: another test's tree cannot have been kept for it.
      const routes = { ...manifestRoutes };
      const render = (modules: Record<string, unknown>) => {
        const context = entryContext(modules, routes);
        return renderToString(react.createElement(RemixServer, { context, url: "http://localhost/" }));
      };
      expect(render({ root })).toContain("หน้าแรก");
      expect(render({ root })).toContain("หน้าแรก");
      expect(built).toHaveBeenCalledTimes(1);
      // Another module for the route (a rebuild in development) builds the tree again.
      const changed = { default: () => react.createElement("main", null, "หน้าใหม่") };
      expect(render({ root: changed })).toContain("หน้าใหม่");
      expect(built).toHaveBeenCalledTimes(2);
    } finally {
      built.mockRestore();
    }
  });

  it("is converted for React once per tree, so the router's matching finds the same routes", () => {
    const routes = [{ id: "root", path: "", children: [{ id: "page", path: "page" }] }];
    const context = {
      basename: "/",
      location: { pathname: "/page", search: "", hash: "", state: null, key: "default" },
      matches: [
        { params: {}, pathname: "/", pathnameBase: "/", route: routes[0] },
        { params: {}, pathname: "/page", pathnameBase: "/page", route: routes[0].children[0] },
      ],
    };
    const first = createStaticRouter(routes, context);
    const second = createStaticRouter(routes, context);
    expect(second.routes).toBe(first.routes);
    expect(second.state.matches.map((m) => m.route)).toEqual([first.routes[0], (first.routes[0] as { children: unknown[] }).children[0]]);
    expect(createStaticRouter([...routes], context).routes).not.toBe(first.routes);
  });
});
