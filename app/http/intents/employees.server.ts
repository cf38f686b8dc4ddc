// /admin/employee: its list data and its intents, calling the same model functions as /api/employee*.
import { intent, type Fields } from "~/http/page-action.server";
import { workDate } from "~/lib/business-day.server";
import { parseOrThrow } from "~/lib/validation";
import type { Actor } from "~/models/audit/audit.server";
import { EmployeeCreateSchema, EmployeeListQuery, ResignSchema } from "~/models/employees/schema";
import {
  createEmployee,
  employeeChoices,
  listEmployees,
  officeChoices,
  reinstateEmployee,
  resignEmployee,
  setEmployeePhoto,
  updateEmployee,
} from "~/models/employees/employee.server";
import { resetFace } from "~/models/employees/face.server";
import { employeeProfile } from "~/models/employees/profile.server";
import { unlinkLineUser } from "~/models/line/link.server";
import { issueLinkHandover } from "~/models/line/link-handover.server";
import { assignSchedule, assignScheduleToEmployees, employeeSchedule } from "~/models/schedules/assignments.server";
import { ScheduleAssignSchema, ScheduleBulkAssignSchema, SCHEDULE_MESSAGES } from "~/models/schedules/schedule-schema";
import { scheduleChoices } from "~/models/schedules/schedules.server";
import { kioskPinIntents } from "./kiosks.server";

/** The page's data for `?tab=resigned&q=&department=&status=&page=`. */
export function employeesPageData(params: URLSearchParams) {
  const tab = params.get("tab") === "resigned" ? "resigned" : "active";
  // A hand-edited address with a bad page or sort shows the first page rather than an error.
  const parsed = EmployeeListQuery.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : EmployeeListQuery.parse({ q: params.get("q")?.slice(0, 100) });
  return {
    tab,
    q: query.q ?? "",
    department: query.department ?? "",
    status: query.status ?? "",
    choices: employeeChoices(),
    offices: officeChoices(),
    schedules: scheduleChoices(),
    today: workDate(),
    ...listEmployees(tab, query),
  };
}

/** /admin/employee/:id's data: the profile, the form's choices and the employee's schedules. */
export function employeeProfilePageData(id: number) {
  return {
    ...employeeProfile(id),
    choices: employeeChoices(),
    offices: officeChoices(),
    schedule: employeeSchedule(id),
    schedules: scheduleChoices(),
    today: workDate(),
  };
}

const INVALID = "กรุณาตรวจสอบข้อมูล";

/**
 * The form's fields as the employee schema takes them: the offices come as one JSON field, empty
 * for every office (the API's null).
 */
function employeeInput(fields: Fields): Record<string, unknown> {
  const { office_names, ...rest } = fields;
  if (office_names === undefined) return rest;
  if (office_names === "") return { ...rest, office_names: null };
  try {
    return { ...rest, office_names: JSON.parse(office_names) };
  } catch {
    return { ...rest, office_names }; // the schema then says the list is not valid
  }
}

/** The schedule dialogs' fields as the API's bodies (its schemas are strict). */
const assignInput = (fields: Fields) =>
  parseOrThrow(ScheduleAssignSchema, { schedule_id: fields.schedule_id, from: fields.from }, SCHEDULE_MESSAGES.assignInvalid);
const bulkInput = (fields: Fields) => {
  const { schedule_id, from } = assignInput(fields);
  const ids = (fields.employee_ids ?? "").split(",").filter((id) => id !== "");
  return { scheduleId: schedule_id, ...parseOrThrow(ScheduleBulkAssignSchema, { employee_ids: ids, from }, SCHEDULE_MESSAGES.assignInvalid) };
};

/** Same model functions as /api/employee*: one way to create, edit, resign or reinstate. */
export const employeeIntents = (actor: Actor, origin: string) => ({
  create: intent({
    schema: (fields) => parseOrThrow(EmployeeCreateSchema, employeeInput(fields), INVALID),
    run: (input) => void createEmployee(input, actor),
    done: "เพิ่มพนักงานแล้ว",
  }),
  update: intent({
    id: true,
    schema: (fields) => parseOrThrow(EmployeeCreateSchema, employeeInput(fields), INVALID),
    run: (input, ctx) => void updateEmployee(ctx.id(), input, actor),
    done: "บันทึกการแก้ไขแล้ว",
  }),
  resign: intent({
    id: true,
    schema: ResignSchema,
    invalid: "กรุณาเลือกวันที่ลาออก",
    run: (input, ctx) => void resignEmployee(ctx.id(), input.resign_date, actor),
    done: "บันทึกการลาออกแล้ว",
  }),
  reinstate: intent({ id: true, run: (_, ctx) => void reinstateEmployee(ctx.id(), actor), done: "นำพนักงานกลับเข้าทำงานแล้ว" }),
  photo: intent({
    id: true,
    file: "photo",
    run: async (_, ctx) => void (await setEmployeePhoto(ctx.id(), ctx.file(), actor)),
    done: "อัปโหลดรูปแล้ว",
  }),
  "issue-code": intent({ id: true, run: (_, ctx) => issueLinkHandover(ctx.id(), actor, origin), done: "ออกรหัสเชื่อม LINE แล้ว" }),
  unlink: intent({ id: true, run: (_, ctx) => void unlinkLineUser(ctx.id(), actor), done: "ยกเลิกการเชื่อม LINE แล้ว" }),
  "reset-face": intent({ id: true, run: (_, ctx) => void resetFace(ctx.id(), actor), done: "รีเซ็ตใบหน้าแล้ว" }),
  ...kioskPinIntents(actor),
  "schedule-assign": intent({
    id: true,
    schema: assignInput,
    run: (input, ctx) => assignSchedule(ctx.id(), input, actor).schedule,
    done: (current) => `บันทึกตารางเวลาทำงานแล้ว (ตอนนี้ใช้ “${current.name}”)`,
  }),
  "schedule-bulk": intent({
    schema: bulkInput,
    run: ({ scheduleId, ...input }) => assignScheduleToEmployees(scheduleId, input, actor),
    done: (r) => `กำหนดตารางเวลาทำงานให้พนักงาน ${r.assigned.toLocaleString("th-TH")} คนแล้ว`,
  }),
});
