import { json } from "~/lib/answer-bytes.server";
import { parseOrThrow, parseQuery } from "~/lib/validation";
import { MachineCreateSchema, MachineListQuery } from "~/models/machine-schema";
import { createMachine, listMachines, MACHINE_MESSAGES } from "~/models/machine.server";
import { apiRoute } from "~/server/api-route.server";
import { readMachineBody } from "~/server/machine-input.server";

export const { loader, action } = apiRoute(
  {
    GET: ({ request }) => json(listMachines(parseQuery(MachineListQuery, request))),
    POST: async ({ request, actor }) => {
      const { fields, photo } = await readMachineBody(request);
      const input = parseOrThrow(MachineCreateSchema, fields, MACHINE_MESSAGES.invalid);
      return json({ machine: await createMachine(input, photo, actor) }, { status: 201 });
    },
  },
  { auth: "admin" },
);
