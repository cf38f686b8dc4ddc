import { json } from "~/lib/answer-bytes.server";
import { intParam } from "~/lib/http.server";
import { parseOrThrow } from "~/lib/validation";
import { MachineUpdateSchema } from "~/models/machine-schema";
import { MACHINE_MESSAGES, requireMachine, updateMachine } from "~/models/machine.server";
import { apiRoute } from "~/server/api-route.server";
import { readMachineBody } from "~/server/machine-input.server";

export const { loader, action } = apiRoute(
  {
    GET: ({ params }) => json({ machine: requireMachine(intParam(params.id)) }),
    PATCH: async ({ request, params, actor }) => {
      const id = intParam(params.id);
      requireMachine(id);
      const { fields, photo } = await readMachineBody(request);
      const input = parseOrThrow(MachineUpdateSchema, fields, MACHINE_MESSAGES.invalid);
      return json({ machine: await updateMachine(id, input, photo, actor) });
    },
  },
  { auth: "admin" },
);
