import fs from "node:fs";
import path from "node:path";
import { API_ROUTE, type ApiRouteFunction } from "~/http/api-route.server";

// docs/api.md documents every resource route (app/routes/*.ts: the /api routes, /healthz, /uploads
// and the backup downloads) under a heading holding `METHOD /path` in backticks, path parameters
// as `:name` and a splat as `*`; a query string after `?` is allowed. Pages are headed without a
// method. api.$.ts is the catch-all answering unknown APIs with 404, not a route to document.
const ROUTES_DIR = path.resolve("app/routes");
const DOC = path.resolve("docs/api.md");
const CATCH_ALL = "api.$.ts";
const resourceFiles = fs
  .readdirSync(ROUTES_DIR)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== CATCH_ALL);

/** `api.employee.$id.verify-code.ts` → `/api/employee/:id/verify-code`; `uploads.$.ts` → `/uploads/*`. */
function pathOf(file: string) {
  const segments = file
    .replace(/\.ts$/, "")
    .split(".")
    .map((s) => s.replace(/_$/, ""))
    .map((s) => (s === "$" ? "*" : s.startsWith("$") ? `:${s.slice(1)}` : s));
  return `/${segments.join("/")}`;
}

/** `GET /api/x` for every method a resource route serves: the apiRoute table, else its loader's GET. */
async function endpointsOf(file: string) {
  const mod = (await import(path.join(ROUTES_DIR, file))) as { loader?: ApiRouteFunction };
  expect(mod.loader, `${file} exports no loader`).toBeTypeOf("function");
  const methods = mod.loader?.[API_ROUTE]?.methods ?? ["GET"];
  return methods.map((m) => `${m} ${pathOf(file)}`);
}

/** Every `METHOD /path` in a heading of docs/api.md, without its query string. */
function documentedEndpoints() {
  const found = new Set<string>();
  for (const line of fs.readFileSync(DOC, "utf8").split("\n")) {
    if (!line.startsWith("#")) continue;
    for (const [, span] of line.matchAll(/`([^`]+)`/g)) {
      const m = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\/[^\s?]*)/.exec(span);
      if (m) found.add(`${m[1]} ${m[2]}`);
    }
  }
  return found;
}

describe("docs/api.md", () => {
  test("the route list and the document's headings are found (the globs still match)", () => {
    expect(resourceFiles.length).toBeGreaterThan(70);
    expect(documentedEndpoints().size).toBeGreaterThan(70);
  });

  test("documents every method of every resource route, and names none that does not exist", async () => {
    const served = new Set((await Promise.all(resourceFiles.map(endpointsOf))).flat());
    const documented = documentedEndpoints();
    const missing = [...served].filter((e) => !documented.has(e)).sort();
    const stale = [...documented].filter((e) => !served.has(e)).sort();
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  test("the path mapping follows Remix's file names", () => {
    expect(pathOf("api.employee.$id.verify-code.ts")).toBe("/api/employee/:id/verify-code");
    expect(pathOf("admin.backups.$file.ts")).toBe("/admin/backups/:file");
    expect(pathOf("uploads.$.ts")).toBe("/uploads/*");
    expect(pathOf("healthz.ts")).toBe("/healthz");
  });
});
