// The registry tab of /admin/vending-machine: its loader data and its page intents, calling the
// same model functions as /api/machine*.
import { z } from "zod";
import { intent } from "~/http/page-action.server";
import { formFlag } from "~/lib/validation";
import type { Actor } from "~/models/audit/audit.server";
import { getEmployee } from "~/models/employees/employee.server";
import { mapMachine, unmapMachine } from "~/models/machines/assignment.server";
import { MachineAssignSchema, MachineCreateSchema, MachineListQuery } from "~/models/machines/schema";
import { createMachine, listMachines, updateMachine } from "~/models/machines/machine.server";

/** The tab's list. A hand-edited address with a bad filter or page shows the first page of all active machines. */
export function machinesTabData(params: URLSearchParams) {
  const parsed = MachineListQuery.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : MachineListQuery.parse({ q: params.get("q")?.slice(0, 100) });
  const employee = query.employee_id !== undefined ? getEmployee(query.employee_id) : null;
  return {
    query: {
      q: query.q ?? "",
      type: query.type ?? null,
      employee_id: query.employee_id ?? null,
      unassigned: query.unassigned,
      overdue: query.overdue,
      active: query.active,
    },
    employee: employee ? { id: employee.id, code: employee.code, full_name: employee.full_name } : null,
    ...listMachines(query),
  };
}

const INVALID = "กรุณาตรวจสอบข้อมูลตู้";

/**
 * The registry's intents. A photo travels in a multipart form under its own intents
 * (`create-photo`, `update-photo`), since a page intent either always or never carries a file.
 */
export const machineIntents = (actor: Actor) => ({
  create: intent({
    schema: MachineCreateSchema,
    invalid: INVALID,
    run: async (input) => void (await createMachine(input, null, actor)),
    done: "เพิ่มตู้แล้ว",
  }),
  "create-photo": intent({
    file: "photo",
    schema: MachineCreateSchema,
    invalid: INVALID,
    run: async (input, ctx) => void (await createMachine(input, ctx.file(), actor)),
    done: "เพิ่มตู้แล้ว",
  }),
  update: intent({
    id: true,
    schema: MachineCreateSchema,
    invalid: INVALID,
    run: async (input, ctx) => void (await updateMachine(ctx.id(), input, null, actor)),
    done: "บันทึกการแก้ไขแล้ว",
  }),
  "update-photo": intent({
    id: true,
    file: "photo",
    schema: MachineCreateSchema,
    invalid: INVALID,
    run: async (input, ctx) => void (await updateMachine(ctx.id(), input, ctx.file(), actor)),
    done: "บันทึกการแก้ไขแล้ว",
  }),
  active: intent({
    id: true,
    schema: z.object({ active: formFlag }),
    run: async (input, ctx) => void (await updateMachine(ctx.id(), { active: input.active }, null, actor)),
    done: (_, input) => (input.active ? "เปิดใช้งานตู้แล้ว" : "ปิดใช้งานตู้แล้ว"),
  }),
  map: intent({
    schema: MachineAssignSchema,
    run: (input) => void mapMachine(input, actor),
    done: "เพิ่มผู้ดูแลตู้แล้ว",
  }),
  unmap: intent({
    schema: MachineAssignSchema,
    run: (input) => void unmapMachine(input, actor),
    done: "นำผู้ดูแลออกจากตู้แล้ว",
  }),
});
