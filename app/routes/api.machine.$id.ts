import { jsonAnswer } from "~/http/answers.server";
import { intParam } from "~/http/request.server";
import { parseOrThrow } from "~/lib/validation";
import { MachineUpdateSchema } from "~/models/machines/schema";
import { MACHINE_MESSAGES, requireMachine, updateMachine } from "~/models/machines/machine.server";
import { apiRoute } from "~/http/api-route.server";
import { readMachineBody } from "~/http/api/machine-input.server";

export const { loader, action } = apiRoute(
  {
    GET: ({ params }) => jsonAnswer({ machine: requireMachine(intParam(params.id)) }),
    PATCH: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      requireMachine(id);
      const { fields, photo } = await readMachineBody(request);
      const input = parseOrThrow(MachineUpdateSchema, fields, MACHINE_MESSAGES.invalid);
      return jsonAnswer({ machine: await updateMachine(id, input, photo, actor) });
    },
  },
  { auth: "admin" },
);
