import fs from "node:fs";
import path from "node:path";
import { API_METHODS, API_ROUTE, type ApiRouteFunction } from "~/http/api-route.server";
import { eventLines } from "../fixtures/log-lines";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

// Every /api route (and /healthz) goes through apiRoute(); api.$.ts is the catch-all that answers
// unknown APIs with 404 for every method, so it is the one file without a method table.
const ROUTES_DIR = path.resolve("app/routes");
const CATCH_ALL = "api.$.ts";
const routeFiles = fs
  .readdirSync(ROUTES_DIR)
  .filter((f) => (/^api\..+\.ts$/.test(f) && !f.endsWith(".test.ts") && f !== CATCH_ALL) || f === "healthz.ts");

/** `api.employee.$id.verify-code.ts` → `/api/employee/1/verify-code`. */
function urlOf(file: string) {
  const segments = file.replace(/\.ts$/, "").split(".").map((s) => (s.startsWith("$") ? "1" : s));
  return `/${segments.join("/")}`;
}

const THAI = /[\u0E00-\u0E7F]/;
const ADMIN = { username: "routes-admin", password: "routes-admin-password" };
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  cookie = await adminCookie(server, ADMIN);
});
afterAll(() => server?.stop());

const api = apiClient(() => server, () => cookie);

describe("every /api route goes through the wrapper", () => {
  test("the route list is not empty (the glob still matches)", () => {
    expect(routeFiles.length).toBeGreaterThan(25);
  });

  test.each(routeFiles)("%s: exported by apiRoute(), other methods → 405 in Thai, nothing logged", async (file) => {
    const mod = (await import(path.join(ROUTES_DIR, file))) as { loader?: ApiRouteFunction; action?: ApiRouteFunction };
    const meta = mod.loader?.[API_ROUTE];
    expect(meta, `${file} must export { loader, action } = apiRoute(…)`).toBeDefined();
    expect(mod.action?.[API_ROUTE], `${file} must export the wrapper's action too`).toBeDefined();

    const unserved = API_METHODS.filter((m) => !meta!.methods.includes(m));
    expect(unserved.length).toBeGreaterThan(0);
    const logsBefore = server.logs().length;
    for (const method of unserved) {
      const response = await api(urlOf(file), { method, anonymous: true });
      expect(response.status, `${method} ${urlOf(file)}`).toBe(405);
      const body = (await response.json()) as { error?: string };
      expect(body.error).toMatch(THAI);
      expect(response.headers.get("allow")).toBe(meta!.methods.join(", "));
    }
    expect(eventLines(server.logs().slice(logsBefore))).toEqual([]);
  });
});

describe("list routes refuse a bad query string with 400 in Thai", () => {
  const cases: [string, string][] = [
    ["/api/employee", "page=abc"],
    ["/api/employee", "sort=zzz"],
    ["/api/employee", "page=abc&sort=zzz"],
    ["/api/employee", "page_size=-5"],
    ["/api/employee", "order=up"],
    ["/api/employee", "page=1e0"],
    ["/api/employee", "format=xml"],
    ["/api/employee/resigned", "page=0"],
    ["/api/employee/resigned", "sort=zzz"],
    ["/api/line/push", "page=abc"],
    ["/api/line/push", "page_size=0"],
    ["/api/line/push", "status=lost"],
    ["/api/checkin-out/corrections", "status=done"],
    ["/api/checkin-out/corrections", "page=abc"],
    ["/api/checkin-out", "page=abc"],
    ["/api/checkin-out", "from=2025-02-30"],
    ["/api/checkin-out", "employee_id=abc"],
    ["/api/checkin-out", "format=xml"],
    ["/api/checkin-out", "from=2025-11-10&to=2025-11-01"],
    ["/api/checkin-out/monthly", "month=2025-13"],
    ["/api/checkin-out/monthly", "format=pdf"],
    ["/api/machine", "page=abc"],
    ["/api/machine", "page_size=0"],
    ["/api/machine", "type=3"],
    ["/api/machine", "employee_id=abc"],
    ["/api/machine", "unassigned=yes"],
    ["/api/machine", "overdue=2"],
    ["/api/machine", "active=maybe"],
    ["/api/machine/visits", "date=2025-02-30"],
    ["/api/machine/visits", "machine_id=abc"],
    ["/api/machine/visits", "page=0"],
    ["/api/machine/visits", "problems=yes"],
    ["/api/machine/visits", "format=xml"],
    ["/api/machine/visits", "format=csv&from=2025-11-10&to=2025-11-01"],
    ["/api/audit", "from=2025-02-30"],
    ["/api/audit", "from=2025-11-10&to=2025-11-01"],
    ["/api/audit", "actor=robot"],
    ["/api/audit", "actor_id=1"],
    ["/api/audit", "page=abc"],
    ["/api/audit", "format=xml"],
  ];
  test.each(cases)("%s?%s", async (route, query) => {
    const logsBefore = server.logs().length;
    const response = await api(`${route}?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toMatch(THAI);
    expect(Object.values(body.fields).join(" ")).toMatch(THAI);
    expect(eventLines(server.logs().slice(logsBefore))).toEqual([]);
  });

  test("good queries still answer (the defaults and the same values spelled right); a big page size is capped", async () => {
    for (const url of [
      "/api/employee?page=1&page_size=200&sort=name&order=desc",
      "/api/employee/resigned",
      "/api/line/push?page=",
      "/api/checkin-out?from=&to=&employee_id=&page=2",
      "/api/checkin-out/monthly?month=",
      "/api/machine?type=&employee_id=&unassigned=&overdue=&active=all&page=",
      "/api/machine/visits?date=&machine_id=&page=",
      "/api/machine/visits?problems=1",
      "/api/admin-user",
      "/api/admin/session",
      "/api/audit?entity=&entity_id=&actor=&actor_id=&from=&to=&page=",
      "/api/audit?actor=admin&actor_id=1&from=2025-01-01&to=2025-01-01",
    ]) {
      const response = await api(url);
      expect(response.status, `${url}: ${await response.clone().text()}`).toBe(200);
    }
    expect((await (await api("/api/employee?page_size=500")).json()).page_size).toBe(200);
  });
});

describe("page routes keep loader and action as function expressions", () => {
  // The browser build drops a page's unused loader/action declarations but keeps module-level
  // calls, which would then run against the empty stand-in of a `.server` module and break the
  // page in the browser (docs/decisions/009). Resource routes are never loaded in the browser.
  const pages = fs.readdirSync(ROUTES_DIR).filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"));
  test.each(pages)("%s", (file) => {
    const source = fs.readFileSync(path.join(ROUTES_DIR, file), "utf8");
    expect(source).not.toMatch(/^export const (\{[^}]*\}|loader|action)\s*=\s*(?!\(|async\s*\()[\w.]+\(/m);
  });
});
