import { redirect } from "@remix-run/node";
import { findLinkedEmployee, findWorkingEmployeeId } from "~/models/line-link.server";
import { readLineIdentity, type LineIdentity } from "~/lib/employee-session.server";
import { apiError } from "~/lib/http.server";
import { getSessionAdmin, type SessionAdmin } from "~/lib/session.server";

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

/** The linked, still-working employee signed in through LINE on this request, else null. */
export async function signedInEmployeeId(request: Request): Promise<number | null> {
  const line = await readLineIdentity(request);
  return line ? findWorkingEmployeeId(line.lineUserId) : null;
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

/** Every /api/emp/* route but authen and verify: a linked, working employee, else 401 / 403. */
export async function requireLinkedEmployeeApi(request: Request) {
  const identity = await requireLineIdentityApi(request);
  const employee = findLinkedEmployee(identity.lineUserId);
  if (!employee) throw apiError(403, "บัญชี LINE นี้ยังไม่ได้เชื่อมกับข้อมูลพนักงาน");
  if (!employee.working) throw apiError(403, "พนักงานคนนี้ลาออกแล้ว");
  return { identity, employee };
}
