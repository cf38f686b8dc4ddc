import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { ADMIN_USER_MESSAGES, AdminPatchSchema, requireAdminUser, updateAdminUser } from "~/models/admins/users.server";
import { apiRoute } from "~/http/api-route.server";

/** PATCH `{full_name?, active?: 0|1, password?: string|null}` → `{admin, password?}` (null asks for a generated one). */
export const { loader, action } = apiRoute(
  {
    GET: ({ params }) => jsonAnswer({ admin: requireAdminUser(intParam(params.id)) }),
    PATCH: async ({ request, params, actor, admin }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(AdminPatchSchema, await readBody(request), ADMIN_USER_MESSAGES.invalid);
      return jsonAnswer(await updateAdminUser(id, input, actor, { keepSessionId: admin.sessionId }));
    },
  },
  { auth: "admin" },
);
