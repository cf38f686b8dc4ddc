import { json } from "~/lib/answer-bytes.server";
import { intParam, readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { ResignSchema } from "~/models/employee-schema";
import { resignEmployee } from "~/models/employee.server";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(ResignSchema, await readBody(request), "วันที่ลาออกไม่ถูกต้อง");
      return json({ employee: resignEmployee(id, input.resign_date, actor) });
    },
  },
  { auth: "admin" },
);
