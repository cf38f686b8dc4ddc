import { jsonAnswer } from "~/http/answers.server";
import { parseOrThrow, parseQuery } from "~/lib/validation";
import { MachineCreateSchema, MachineListQuery } from "~/models/machines/schema";
import { createMachine, listMachines, MACHINE_MESSAGES } from "~/models/machines/machine.server";
import { apiRoute } from "~/http/api-route.server";
import { readMachineBody } from "~/http/api/machine-input.server";

export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => jsonAnswer(listMachines(parseQuery(MachineListQuery, request))),
    POST: async ({ request, actor }) => {
      const { fields, photo } = await readMachineBody(request);
      const input = parseOrThrow(MachineCreateSchema, fields, MACHINE_MESSAGES.invalid);
      return jsonAnswer({ machine: await createMachine(input, photo, actor) }, { status: 201 });
    },
  },
  { auth: "admin" },
);
