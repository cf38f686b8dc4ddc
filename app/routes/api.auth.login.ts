import { jsonAnswer } from "~/http/answers.server";
import { jsonToFormRequest, signIn } from "~/http/auth.server";
import { readBody } from "~/http/request.server";
import { apiRoute } from "~/http/api-route.server";

/** POST {username, password} (JSON or form) → `{user}` + the session cookie · 400 · 401 · 429. */
export const { loader, action } = apiRoute(
  {
    POST: async ({ request }) => {
      const isJson = (request.headers.get("content-type") ?? "").includes("application/json");
      const formRequest = isJson ? jsonToFormRequest(request, await readBody(request)) : request;
      const { user, setCookie } = await signIn(formRequest);
      return jsonAnswer(
        { user: { username: user.username, full_name: user.fullName, permission: user.permission } },
        { headers: { "Set-Cookie": setCookie } },
      );
    },
  },
  { auth: "none" },
);
