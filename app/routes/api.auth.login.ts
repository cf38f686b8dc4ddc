import { json } from "~/lib/answer-bytes.server";
import { jsonToFormRequest, signIn } from "~/auth/auth.server";
import { readBody } from "~/lib/http.server";
import { apiRoute } from "~/server/api-route.server";

/** POST {username, password} (JSON or form) → `{user}` + the session cookie · 400 · 401 · 429. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request }) => {
      const isJson = (request.headers.get("content-type") ?? "").includes("application/json");
      const formRequest = isJson ? jsonToFormRequest(request, await readBody(request)) : request;
      const { user, setCookie } = await signIn(formRequest);
      return json(
        { user: { username: user.username, full_name: user.fullName, permission: user.permission } },
        { headers: { "Set-Cookie": setCookie } },
      );
    },
  },
  { auth: "none" },
);
