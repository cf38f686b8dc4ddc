import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import type { LineIdentity } from "~/lib/employee-session.server";
import { DomainError } from "~/lib/errors";
import type { SessionAdmin } from "~/lib/session.server";
import type { Actor } from "~/models/audit/audit.server";
import { getEmployeeSession, requireAdmin } from "./guard.server";

/**
 * A page loader's DomainError keeps its status: it is thrown on as a JSON response, so the route's
 * ErrorBoundary shows the Thai page for that status (404 for a missing record, not a 500).
 */
export async function withPageErrors<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof DomainError) {
      throw json({ error: error.message }, { status: error.status, headers: error.extra.headers });
    }
    throw error;
  }
}

type PageArgs = Pick<LoaderFunctionArgs, "request" | "params">;

/**
 * An admin page's loader: the guard first (redirects to /auth or /login), then the body:
 * `export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ({ admin }) => …)`.
 * (The route's `loader` stays a function expression, so the browser build can drop it: a call
 * at module level would be kept and reach this server-only module.)
 */
export async function adminLoader<T>(
  { request, params }: PageArgs,
  fn: (ctx: PageArgs & { admin: SessionAdmin; actor: Actor }) => T | Promise<T>,
) {
  const admin = await requireAdmin(request);
  return withPageErrors(() => fn({ request, params, admin, actor: { type: "admin", id: admin.id } }));
}

export type EmployeePageContext = PageArgs & { employee: { id: number }; identity: LineIdentity };

/**
 * A LIFF page's loader, guarded in one line:
 * `export const loader = (args: LoaderFunctionArgs) => employeeLoader(args, ({ employee }) => …)`.
 * Before the LIFF sign-in has set the cookie it answers null (the layout shows the sign-in and
 * revalidates); an unlinked LINE user goes to /employee/verify; a resigned one gets null too
 * (the layout explains why). Only a linked, working employee reaches the body.
 */
export async function employeeLoader<T>({ request, params }: PageArgs, fn: (ctx: EmployeePageContext) => T | Promise<T>) {
  const session = await getEmployeeSession(request);
  if (session?.state === "unlinked") throw redirect("/employee/verify");
  if (!session?.employee) return json(null);
  const { employee, identity } = session;
  return withPageErrors(() => fn({ request, params, employee, identity }));
}
