import { json } from "@remix-run/node";
import { commitLineIdentity } from "~/lib/employee-session.server";
import { DomainError } from "~/lib/errors";
import { commitAdminSession, createAdminSession } from "~/lib/session.server";
import { createAdmin } from "~/models/admins/admin.server";
import { EmployeeCreateSchema } from "~/models/employees/schema";
import { createEmployee, resignEmployee } from "~/models/employees/employee.server";
import { issueVerifyCode, linkLineUser, unlinkLineUser } from "~/models/line/link.server";
import {
  decideAccess,
  EMPLOYEE_GUARD_MESSAGES,
  getEmployeeSession,
  requireAdmin,
  requireAdminApi,
  requireEmployeeApi,
  signedInEmployeeId,
} from "./guard.server";
import { employeeLoader } from "./page-loaders.server";

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

describe("one rule for LINE users: getEmployeeSession and the guards built on it", () => {
  const actor = { type: "admin" as const, id: 0 };
  let serial = 0;

  beforeAll(async () => {
    actor.id = (await createAdmin({ username: "liff-guard", password: "liff-guard-password" })).id;
  });

  async function requestAs(lineUserId: string | null, url = "http://localhost/employee") {
    const headers = new Headers();
    if (lineUserId) {
      const cookie = await commitLineIdentity({ lineUserId, name: "ทดสอบ", picture: null, demo: false });
      headers.set("Cookie", cookie.split(";")[0]);
    }
    return new Request(url, { headers });
  }

  function linkedEmployee(lineUserId: string) {
    serial += 1;
    const e = createEmployee(
      EmployeeCreateSchema.parse({ code: `G${serial}`, title: 1, first_name: "ทดสอบ", last_name: "การ์ด" }),
      actor,
    );
    const { code } = issueVerifyCode(e.id, actor);
    linkLineUser({ lineUserId, employeeCode: e.code, verifyCode: code });
    return e;
  }

  const pageArgs = (request: Request) => ({ request, params: {}, context: {} });

  test("no cookie: no session; pages get null data, the API 401", async () => {
    expect(await getEmployeeSession(await requestAs(null))).toBeNull();
    const loader = (args: Parameters<typeof employeeLoader>[0]) => employeeLoader(args, () => json({ reached: true }));
    expect(await (await loader(pageArgs(await requestAs(null)))).json()).toBeNull();
    expect((await thrown(requireEmployeeApi(await requestAs(null)))).status).toBe(401);
  });

  test("a verified LINE user with no link: unlinked; pages go to /employee/verify, the API 403", async () => {
    const request = () => requestAs("U-guard-unlinked");
    expect(await getEmployeeSession(await request())).toMatchObject({ state: "unlinked", employee: null });
    const loader = (args: Parameters<typeof employeeLoader>[0]) => employeeLoader(args, () => json({ reached: true }));
    const redirect = await thrown(loader(pageArgs(await request())));
    expect(redirect.headers.get("Location")).toBe("/employee/verify");
    const api = await thrown(requireEmployeeApi(await request()));
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: EMPLOYEE_GUARD_MESSAGES.unlinked });
  });

  test("a linked, working employee reaches the page body and the API", async () => {
    const e = linkedEmployee("U-guard-working");
    const session = await getEmployeeSession(await requestAs("U-guard-working"));
    expect(session).toMatchObject({ state: "working", employee: { id: e.id } });
    const loader = (args: Parameters<typeof employeeLoader>[0]) => employeeLoader(args, ({ employee }) => json({ id: employee.id }));
    expect(await (await loader(pageArgs(await requestAs("U-guard-working")))).json()).toEqual({ id: e.id });
    expect((await requireEmployeeApi(await requestAs("U-guard-working"))).employee.id).toBe(e.id);
    expect(await signedInEmployeeId(await requestAs("U-guard-working"))).toBe(e.id);
  });

  test("a resigned employee: state resigned; pages get null (the layout explains), the API 403 with one message", async () => {
    const e = linkedEmployee("U-guard-resigned");
    resignEmployee(e.id, "2020-01-31", actor);
    expect(await getEmployeeSession(await requestAs("U-guard-resigned"))).toMatchObject({ state: "resigned", employee: null });
    const loader = (args: Parameters<typeof employeeLoader>[0]) => employeeLoader(args, () => json({ reached: true }));
    expect(await (await loader(pageArgs(await requestAs("U-guard-resigned")))).json()).toBeNull();
    const api = await thrown(requireEmployeeApi(await requestAs("U-guard-resigned")));
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: EMPLOYEE_GUARD_MESSAGES.resigned });
    expect(await signedInEmployeeId(await requestAs("U-guard-resigned"))).toBeNull();
  });

  test("a cookie whose LINE user an admin unlinked afterwards counts as unlinked at once", async () => {
    const e = linkedEmployee("U-guard-unlinked-later");
    const cookieRequest = await requestAs("U-guard-unlinked-later");
    unlinkLineUser(e.id, actor);
    expect(await getEmployeeSession(cookieRequest.clone())).toMatchObject({ state: "unlinked", employee: null });
    expect((await thrown(requireEmployeeApi(cookieRequest.clone()))).status).toBe(403);
  });

  test("a page loader's DomainError keeps its status instead of becoming a 500", async () => {
    linkedEmployee("U-guard-404");
    const loader = (args: Parameters<typeof employeeLoader>[0]) => employeeLoader(args, () => {
      throw new DomainError(404, "ไม่พบข้อมูลพนักงาน");
    });
    const response = await thrown(loader(pageArgs(await requestAs("U-guard-404"))));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "ไม่พบข้อมูลพนักงาน" });
  });
});
