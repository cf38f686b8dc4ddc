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
