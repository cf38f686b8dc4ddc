import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { jsonToFormRequest, signIn } from "~/auth/auth.server";
import { apiError, methodNotAllowed, readBody } from "~/lib/http.server";
import { LoginError } from "~/models/admin.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const isJson = (request.headers.get("content-type") ?? "").includes("application/json");
  const formRequest = isJson ? jsonToFormRequest(request, await readBody(request)) : request;
  try {
    const { user, setCookie } = await signIn(formRequest);
    return json(
      { user: { username: user.username, full_name: user.fullName, permission: user.permission } },
      { headers: { "Set-Cookie": setCookie } },
    );
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    const headers = error.retryAfterSeconds
      ? { "Retry-After": String(error.retryAfterSeconds) }
      : undefined;
    return apiError(error.status, error.message, error.fields, headers);
  }
}

export const loader = () => methodNotAllowed();
