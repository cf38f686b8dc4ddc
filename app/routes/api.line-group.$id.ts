import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { GroupUpdateSchema, requireGroup, updateGroup } from "~/models/line/group.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  {
    GET: ({ params }) => jsonAnswer({ group: requireGroup(intParam(params.id)) }),
    PATCH: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(GroupUpdateSchema, await readBody(request), "ข้อมูลกลุ่มไม่ถูกต้อง");
      return jsonAnswer({ group: updateGroup(id, input, actor) });
    },
  },
  { auth: "admin" },
);
