// /admin/employee: its list data and its intents, calling the same model functions as /api/employee*.
import { intent } from "~/http/page-action.server";
import type { Actor } from "~/models/audit/audit.server";
import { EmployeeCreateSchema, EmployeeListQuery, ResignSchema } from "~/models/employees/schema";
import {
  createEmployee,
  employeeChoices,
  listEmployees,
  reinstateEmployee,
  resignEmployee,
  setEmployeePhoto,
  updateEmployee,
} from "~/models/employees/employee.server";
import { resetFace } from "~/models/employees/face.server";
import { unlinkLineUser } from "~/models/line/link.server";
import { issueLinkHandover } from "~/models/line/link-handover.server";

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
    ...listEmployees(tab, query),
  };
}

/** Same model functions as /api/employee*: one way to create, edit, resign or reinstate. */
export const employeeIntents = (actor: Actor, origin: string) => ({
  create: intent({
    schema: EmployeeCreateSchema,
    invalid: "กรุณาตรวจสอบข้อมูล",
    run: (input) => void createEmployee(input, actor),
    done: "เพิ่มพนักงานแล้ว",
  }),
  update: intent({
    id: true,
    schema: EmployeeCreateSchema,
    invalid: "กรุณาตรวจสอบข้อมูล",
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
});
