import { routeMatcher } from "./routes.mjs";

const manifest = {
  root: { id: "root", path: "" },
  "routes/_index": { id: "routes/_index", parentId: "root", index: true },
  "routes/login": { id: "routes/login", parentId: "root", path: "login" },
  "routes/api.auth.login": { id: "routes/api.auth.login", parentId: "root", path: "api/auth/login" },
  "routes/admin": { id: "routes/admin", parentId: "root", path: "admin" },
  "routes/admin.employee": { id: "routes/admin.employee", parentId: "routes/admin", path: "employee" },
  "routes/api.employee.$id": { id: "routes/api.employee.$id", parentId: "root", path: "api/employee/:id" },
  "routes/admin.employee_.$id": { id: "routes/admin.employee_.$id", parentId: "routes/admin", path: "employee/:id" },
  "routes/admin._index": { id: "routes/admin._index", parentId: "routes/admin", index: true },
  "routes/$": { id: "routes/$", parentId: "root", path: "*" },
};

describe("routeMatcher", () => {
  const routes = routeMatcher(manifest);

  test("finds the route Remix would answer with, whatever the spelling", () => {
    for (const p of ["/login", "/LOGIN", "/login/", "/%6Cogin"]) expect(routes.leafFor(p)).toBe("routes/login");
    expect(routes.leafFor("/api/auth/login")).toBe("routes/api.auth.login");
    expect(routes.leafFor("/")).toBe("routes/_index");
    expect(routes.leafFor("/nowhere")).toBe("routes/$");
    expect(routes.idsFor("/admin/employee")).toEqual(["root", "routes/admin", "routes/admin.employee"]);
  });

  test("the pattern of the answering route stands for the path: no ids, whatever the spelling", () => {
    expect(routes.patternFor("/api/employee/42")).toBe("/api/employee/:id");
    expect(routes.patternFor("/api/employee/43")).toBe("/api/employee/:id");
    expect(routes.patternFor("/admin/employee/7")).toBe("/admin/employee/:id");
    expect(routes.patternFor("/admin/employee")).toBe("/admin/employee");
    expect(routes.patternFor("/admin")).toBe("/admin");
    expect(routes.patternFor("/LOGIN/")).toBe("/login");
    expect(routes.patternFor("/")).toBe("/");
    expect(routes.patternFor("/no/such/page/123")).toBe("/*");
    expect(routeMatcher({ root: { id: "root", path: "" }, "routes/login": { id: "routes/login", parentId: "root", path: "login" } }).patternFor("/nope")).toBeNull();
  });

  test("a `_data` route is served only on a path that reaches it", () => {
    expect(routes.servesData("/admin/employee", "routes/admin.employee")).toBe(true);
    expect(routes.servesData("/admin/employee", "routes/admin")).toBe(true);
    expect(routes.servesData("/admin/employee", "root")).toBe(true);
    expect(routes.servesData("/login", "routes/admin.employee")).toBe(false);
    expect(routes.servesData("/login", "routes/nope")).toBe(false);
    expect(routes.servesData("/login", "constructor")).toBe(false);
  });
});
