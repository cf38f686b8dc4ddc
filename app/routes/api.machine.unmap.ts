import { jsonAnswer } from "~/http/answers.server";
import { readBody } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { unmapMachine } from "~/models/machines/assignment.server";
import { MachineAssignSchema } from "~/models/machines/schema";
import { apiRoute } from "~/http/api-route.server";

export const { loader, action } = apiRoute(
  {
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(MachineAssignSchema, await readBody(request), "ข้อมูลการยกเลิกการมอบหมายไม่ถูกต้อง");
      return jsonAnswer({ machine: unmapMachine(input, actor) });
    },
  },
  { auth: "admin" },
);
