import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminApi, requireEmployeeApi, requireLineIdentityApi } from "~/http/guard.server";
import type { LineIdentity } from "~/lib/employee-session.server";
import { DomainError } from "~/lib/errors";
import { domainErrorResponse, methodNotAllowed, unexpectedErrorResponse } from "./answers.server";
import { logger } from "~/lib/log.server";
import { sqliteCode, storageFailure } from "~/lib/storage-errors.server";
import type { SessionAdmin } from "~/lib/session.server";
import type { Actor } from "~/models/audit/audit.server";

export const API_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type ApiMethod = (typeof API_METHODS)[number];
export type ApiAuth = "admin" | "employee" | "line" | "none";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

type AuthContexts = {
  admin: { admin: SessionAdmin; actor: Actor };
  employee: { employee: { id: number }; identity: LineIdentity; actor: Actor };
  line: { identity: LineIdentity };
  none: object;
};

/** What the handler gets besides the request: who is asking, as the guard established it. */
export type ApiContext<A extends ApiAuth> = Pick<Args, "request" | "params"> & AuthContexts[A];

export type ApiHandler<A extends ApiAuth> = (ctx: ApiContext<A>) => Response | Promise<Response>;

/** Marks the loader/action pair so a test can tell a route that skipped the wrapper. */
export const API_ROUTE = Symbol.for("tn.apiRoute");
export type ApiRouteFunction = ((args: Args) => Promise<Response>) & {
  [API_ROUTE]: { methods: ApiMethod[]; auth: ApiAuth };
};

const GUARDS: { [K in ApiAuth]: (request: Request) => Promise<AuthContexts[K]> } = {
  admin: async (request) => {
    const admin = await requireAdminApi(request);
    return { admin, actor: { type: "admin", id: admin.id } };
  },
  employee: async (request) => {
    const { employee, identity } = await requireEmployeeApi(request);
    return { employee, identity, actor: { type: "employee", id: employee.id } };
  },
  line: async (request) => ({ identity: await requireLineIdentityApi(request) }),
  none: async () => ({}),
};

async function guard<A extends ApiAuth>(auth: A, args: Args): Promise<ApiContext<A>> {
  const who = await GUARDS[auth](args.request);
  return { request: args.request, params: args.params, ...who };
}

/**
 * Every `/api` route: `export const { loader, action } = apiRoute({ GET, POST, … }, { auth })`.
 * Other methods get 405 with the Thai `{error}`; the guard runs before the handler; a DomainError
 * becomes the API's error response (its headers and extra body included), and a thrown Response
 * (a guard's 401/403) is answered as it is. A storage failure (disk full, read-only data folder)
 * is a 503 in Thai. Anything else is a real crash: logged with its stack, answered 500 in Thai with
 * the request's id as its reference.
 */
export function apiRoute<A extends ApiAuth>(
  handlers: Partial<Record<ApiMethod, ApiHandler<A>>>,
  options: { auth: A },
): { loader: ApiRouteFunction; action: ApiRouteFunction } {
  const methods = API_METHODS.filter((m) => handlers[m]);
  const run = async (args: Args): Promise<Response> => {
    const method = args.request.method.toUpperCase();
    const handler = handlers[(method === "HEAD" ? "GET" : method) as ApiMethod];
    if (!handler) return methodNotAllowed(methods);
    try {
      return await handler(await guard(options.auth, args));
    } catch (error) {
      if (error instanceof Response) return error;
      if (error instanceof DomainError) return domainErrorResponse(error);
      const failure = storageFailure(error);
      if (failure) {
        logger.warn(`storage failure (${sqliteCode(error)}) on ${method} ${new URL(args.request.url).pathname}`);
        return domainErrorResponse(failure);
      }
      if (!args.request.signal.aborted) logger.error({ err: error }, `unexpected error on ${method} ${new URL(args.request.url).pathname}`);
      return unexpectedErrorResponse(args.context.requestId);
    }
  };
  const meta = { methods: [...methods], auth: options.auth };
  const loader = Object.assign((args: Args) => run(args), { [API_ROUTE]: meta });
  const action = Object.assign((args: Args) => run(args), { [API_ROUTE]: meta });
  return { loader, action };
}
