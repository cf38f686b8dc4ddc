import { createAdmin } from "~/models/admin.server";
import { decideAccess, requireAdmin, requireAdminApi } from "./guard.server";
import { commitAdminSession, createAdminSession } from "~/lib/session.server";

describe("decideAccess (the spec's navigation guard)", () => {
  test("a route without requiresAuth is open to everyone", () => {
    expect(decideAccess({ requiresAuth: false }, null)).toBe("allow");
    expect(decideAccess({ requiresAuth: false }, { permission: "employee" })).toBe("allow");
  });

  test("a flagged route admits only the same permission", () => {
    expect(decideAccess({ requiresAuth: true, permission: "admin" }, { permission: "admin" })).toBe("allow");
    expect(decideAccess({ requiresAuth: true, permission: "employee" }, { permission: "employee" })).toBe("allow");
  });

  test("signed in with another permission goes to login; not signed in goes to auth", () => {
    expect(decideAccess({ requiresAuth: true, permission: "admin" }, { permission: "employee" })).toBe("login");
    expect(decideAccess({ requiresAuth: true, permission: "admin" }, null)).toBe("auth");
  });
});

async function thrown(promise: Promise<unknown>): Promise<Response> {
  const result = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(result).toBeInstanceOf(Response);
  return result as Response;
}

describe("server guards", () => {
  test("pages redirect an anonymous visitor to /auth, remembering where they were going", async () => {
    const response = await thrown(requireAdmin(new Request("http://localhost/admin/employee?q=1")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Femployee%3Fq%3D1");
  });

  test("APIs answer 401 JSON instead of redirecting", async () => {
    const response = await thrown(requireAdminApi(new Request("http://localhost/api/user-auth")));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "กรุณาเข้าสู่ระบบ" });
  });

  test("a valid admin session passes both guards", async () => {
    const admin = await createAdmin({ username: "guarded", password: "guarded-password" });
    const { id } = createAdminSession(admin.id);
    const cookie = (await commitAdminSession(id)).split(";")[0];
    const request = () => new Request("http://localhost/admin", { headers: { Cookie: cookie } });
    expect((await requireAdmin(request())).username).toBe("guarded");
    expect((await requireAdminApi(request())).sessionId).toBe(id);
  });
});
