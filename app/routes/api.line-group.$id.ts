import { json } from "~/lib/answer-bytes.server";
import { intParam, readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { GroupUpdateSchema, requireGroup, updateGroup } from "~/models/line-group.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  {
    GET: ({ params }) => json({ group: requireGroup(intParam(params.id)) }),
    PATCH: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(GroupUpdateSchema, await readBody(request), "ข้อมูลกลุ่มไม่ถูกต้อง");
      return json({ group: updateGroup(id, input, actor) });
    },
  },
  { auth: "admin" },
);
