import { json } from "~/lib/answer-bytes.server";
import { readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { addAdminUser, ADMIN_USER_MESSAGES, AdminCreateSchema, listAdminUsers } from "~/models/admin-users.server";
import { apiRoute } from "~/server/api-route.server";

/** GET → `{admins}` · POST `{username, full_name?, password?}` → 201 `{admin, password?}` (only a generated one). */
export const { loader, action } = apiRoute(
  {
    GET: () => json({ admins: listAdminUsers() }),
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(AdminCreateSchema, await readBody(request), ADMIN_USER_MESSAGES.invalid);
      return json(await addAdminUser(input, actor), { status: 201 });
    },
  },
  { auth: "admin" },
);
