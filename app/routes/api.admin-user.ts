import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { addAdminUser, ADMIN_USER_MESSAGES, AdminCreateSchema, listAdminUsers } from "~/models/admins/users.server";
import { apiRoute } from "~/http/api-route.server";

/** GET → `{admins}` · POST `{username, full_name?, password?}` → 201 `{admin, password?}` (only a generated one). */
export const { loader, action } = apiRoute(
  {
    GET: () => jsonAnswer({ admins: listAdminUsers() }),
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(AdminCreateSchema, await readBody(request), ADMIN_USER_MESSAGES.invalid);
      return jsonAnswer(await addAdminUser(input, actor), { status: 201 });
    },
  },
  { auth: "admin" },
);
