// Which of the app's routes a path reaches, found the way Remix finds it (the same copy of
// @remix-run/router, which caches the ranked tree and each path's matches), so the edge can treat
// a route by its id whatever spelling reaches it: `/LOGIN`, `/login/` and `/%6Cogin` are all the
// sign-in page to Remix.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const router = require(require.resolve("@remix-run/router", { paths: [require.resolve("@remix-run/server-runtime")] }));

/**
 * @param {Record<string, { id: string, parentId?: string, path?: string, index?: boolean, caseSensitive?: boolean }>} manifest
 *   the server build's `routes`
 */
export function routeMatcher(manifest) {
  const byParent = new Map();
  for (const route of Object.values(manifest)) {
    const parent = route.parentId ?? "";
    if (!byParent.has(parent)) byParent.set(parent, []);
    byParent.get(parent).push(route);
  }
  const tree = (parentId) =>
    (byParent.get(parentId) ?? []).map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: tree(route.id),
    }));
  const routes = tree("");
  const known = new Set(Object.keys(manifest));
  const patterns = new Map();
  /** The whole path pattern of a route: its own path after its parents' (`/api/employee/:id`). */
  function patternOf(id) {
    let pattern = patterns.get(id);
    if (pattern === undefined) {
      const segments = [];
      for (let route = manifest[id]; route; route = route.parentId ? manifest[route.parentId] : undefined) {
        if (route.path) segments.unshift(route.path);
      }
      pattern = `/${segments.join("/")}`;
      patterns.set(id, pattern);
    }
    return pattern;
  }

  /** The ids of the routes `pathname` reaches, the root first; empty when none does. */
  function idsFor(pathname) {
    return router.matchRoutes(routes, pathname)?.map((match) => match.route.id) ?? [];
  }

  return {
    idsFor,
    /** The route that answers `pathname` (the deepest match), or null. */
    leafFor(pathname) {
      return idsFor(pathname).at(-1) ?? null;
    },
    /**
     * The path pattern of the route that answers `pathname` (`/api/employee/:id` for
     * `/api/employee/42`), or null: a label with no ids in it, for the metrics and the access log.
     */
    patternFor(pathname) {
      const leaf = idsFor(pathname).at(-1);
      return leaf === undefined ? null : patternOf(leaf);
    },
    /** Whether Remix would answer `?_data=<routeId>` on `pathname` (it refuses any other id). */
    servesData(pathname, routeId) {
      return known.has(routeId) && idsFor(pathname).includes(routeId);
    },
  };
}
