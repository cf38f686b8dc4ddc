import { json } from "~/lib/answer-bytes.server";
import { readBody } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { unmapMachine } from "~/models/machine-assignment.server";
import { MachineAssignSchema } from "~/models/machine-schema";
import { apiRoute } from "~/server/api-route.server";

export const { loader, action } = apiRoute(
  {
    POST: async ({ request, actor }) => {
      const input = parseOrThrow(MachineAssignSchema, await readBody(request), "ข้อมูลการยกเลิกการมอบหมายไม่ถูกต้อง");
      return json({ machine: unmapMachine(input, actor) });
    },
  },
  { auth: "admin" },
);
