import { redirect } from "@remix-run/node";
import { findLinkedEmployee } from "~/models/line-link.server";
import { readLineIdentity, type LineIdentity } from "./employee-session.server";
import { apiError } from "./http.server";
import { getSessionAdmin, type SessionAdmin } from "./session.server";

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

/** Who is signed in on this request: an admin session first, else a linked LINE employee. */
export async function getIdentity(request: Request): Promise<{ permission: Permission } | null> {
  const admin = await getSessionAdmin(request);
  if (admin) return admin;
  const line = await readLineIdentity(request);
  const employee = line ? findLinkedEmployee(line.lineUserId) : null;
  return employee && !employee.resignDate ? { permission: "employee" } : null;
}

function returnTo(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Page guard: throws a redirect to /auth (not signed in) or /login (other permission). */
export async function requireAdmin(request: Request): Promise<SessionAdmin> {
  const admin = await getSessionAdmin(request);
  const decision = decideAccess({ requiresAuth: true, permission: "admin" }, admin ?? (await getIdentity(request)));
  if (decision === "auth") {
    throw redirect(`/auth?redirectTo=${encodeURIComponent(returnTo(request))}`);
  }
  if (decision === "login" || !admin) throw redirect("/login");
  return admin;
}

/** API guard: the same decision, answered as 401 / 403 JSON. */
export async function requireAdminApi(request: Request): Promise<SessionAdmin> {
  const admin = await getSessionAdmin(request);
  const decision = decideAccess({ requiresAuth: true, permission: "admin" }, admin ?? (await getIdentity(request)));
  if (decision === "auth") throw apiError(401, "กรุณาเข้าสู่ระบบ");
  if (decision === "login" || !admin) throw apiError(403, "ไม่มีสิทธิ์เข้าถึง");
  return admin;
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
  if (employee.resignDate) throw apiError(403, "พนักงานคนนี้ลาออกแล้ว");
  return { identity, employee };
}
