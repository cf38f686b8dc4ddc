import { redirect } from "@remix-run/node";
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

/** Who is signed in on this request. Employee identities join this in the LINE issue. */
export async function getIdentity(request: Request): Promise<SessionAdmin | null> {
  return getSessionAdmin(request);
}

function returnTo(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Page guard: throws a redirect to /auth (not signed in) or /login (other permission). */
export async function requireAdmin(request: Request): Promise<SessionAdmin> {
  const user = await getIdentity(request);
  const decision = decideAccess({ requiresAuth: true, permission: "admin" }, user);
  if (decision === "auth") {
    throw redirect(`/auth?redirectTo=${encodeURIComponent(returnTo(request))}`);
  }
  if (decision === "login" || !user) throw redirect("/login");
  return user;
}

/** API guard: the same decision, answered as 401 / 403 JSON. */
export async function requireAdminApi(request: Request): Promise<SessionAdmin> {
  const user = await getIdentity(request);
  const decision = decideAccess({ requiresAuth: true, permission: "admin" }, user);
  if (decision === "auth" || !user) throw apiError(401, "กรุณาเข้าสู่ระบบ");
  if (decision === "login") throw apiError(403, "ไม่มีสิทธิ์เข้าถึง");
  return user;
}
