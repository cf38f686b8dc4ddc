import { redirect } from "@remix-run/node";
import { readLineIdentity, type LineIdentity } from "~/lib/employee-session.server";
import { apiError } from "./answers.server";
import { getSessionAdmin, type SessionAdmin } from "~/lib/session.server";
import { lineLinkState } from "~/models/line/link.server";

export type Permission = "admin" | "employee";
export type RouteAccess = { requiresAuth: boolean; permission?: Permission };
export type Decision = "allow" | "login" | "auth";

/**
 * The spec's navigation guard: a route without requiresAuth is open; with it, only a user whose
 * permission equals the route's is admitted; another permission goes to /login, nobody to /auth.
 */
export function decideAccess(
  access: RouteAccess,
  user: { permission: Permission } | null,
): Decision {
  if (!access.requiresAuth) return "allow";
  if (!user) return "auth";
  return user.permission === access.permission ? "allow" : "login";
}

/**
 * The one answer to "who is this LINE user to us": null without a verified LINE identity, else the
 * identity with the link state. `employee` is set only for a linked employee who still works here.
 */
export type EmployeeSession = {
  identity: LineIdentity;
  state: "unlinked" | "working" | "resigned";
  employee: { id: number } | null;
};

export async function getEmployeeSession(request: Request): Promise<EmployeeSession | null> {
  const identity = await readLineIdentity(request);
  if (!identity) return null;
  const link = lineLinkState(identity.lineUserId);
  return {
    identity,
    state: link.state,
    employee: link.state === "working" ? { id: link.employeeId } : null,
  };
}

/** The linked, still-working employee signed in through LINE on this request, else null. */
export async function signedInEmployeeId(request: Request): Promise<number | null> {
  return (await getEmployeeSession(request))?.employee?.id ?? null;
}

async function lineEmployee(request: Request): Promise<{ permission: Permission } | null> {
  return (await signedInEmployeeId(request)) != null ? { permission: "employee" } : null;
}

const ADMIN_ROUTE: RouteAccess = { requiresAuth: true, permission: "admin" };

/** The guard's answer for an admin route: the admin, or where everyone else goes. */
async function adminAccess(request: Request): Promise<SessionAdmin | "auth" | "login"> {
  const admin = await getSessionAdmin(request);
  const decision = decideAccess(ADMIN_ROUTE, admin ?? (await lineEmployee(request)));
  if (decision === "allow" && admin) return admin;
  return decision === "auth" ? "auth" : "login";
}

function returnTo(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Page guard: throws a redirect to /auth (not signed in) or /login (other permission). */
export async function requireAdmin(request: Request): Promise<SessionAdmin> {
  const access = await adminAccess(request);
  if (typeof access === "object") return access;
  if (access === "auth") throw redirect(`/auth?redirectTo=${encodeURIComponent(returnTo(request))}`);
  throw redirect("/login");
}

/** API guard: the same decision, answered as 401 / 403 JSON. */
export async function requireAdminApi(request: Request): Promise<SessionAdmin> {
  const access = await adminAccess(request);
  if (typeof access === "object") return access;
  if (access === "auth") throw apiError(401, "กรุณาเข้าสู่ระบบ");
  throw apiError(403, "ไม่มีสิทธิ์เข้าถึง");
}

/** A LINE identity the server verified (linked or not): 401 without one. */
export async function requireLineIdentityApi(request: Request): Promise<LineIdentity> {
  const identity = await readLineIdentity(request);
  if (!identity) throw apiError(401, "กรุณาเข้าสู่ระบบผ่าน LINE");
  return identity;
}

export const EMPLOYEE_GUARD_MESSAGES = {
  unlinked: "บัญชี LINE นี้ยังไม่ได้เชื่อมกับข้อมูลพนักงาน",
  resigned: "พนักงานคนนี้ลาออกแล้ว จึงใช้งานระบบไม่ได้",
} as const;

/** Every /api/emp/* route but authen and verify: a linked, working employee, else 401 / 403. */
export async function requireEmployeeApi(request: Request) {
  const session = await getEmployeeSession(request);
  if (!session) throw apiError(401, "กรุณาเข้าสู่ระบบผ่าน LINE");
  if (!session.employee) throw apiError(403, EMPLOYEE_GUARD_MESSAGES[session.state === "resigned" ? "resigned" : "unlinked"]);
  return { identity: session.identity, employee: session.employee };
}
