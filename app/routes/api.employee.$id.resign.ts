import { jsonAnswer } from "~/http/answers.server";
import { intParam, readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { ResignSchema } from "~/models/employees/schema";
import { resignEmployee } from "~/models/employees/employee.server";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  {
    POST: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      const input = parseOrThrow(ResignSchema, await readBody(request), "วันที่ลาออกไม่ถูกต้อง");
      return jsonAnswer({ employee: resignEmployee(id, input.resign_date, actor) });
    },
  },
  { auth: "admin" },
);
