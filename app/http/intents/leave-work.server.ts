// /admin/leave-work: its tabs' data and its intents; the holiday tab's are in ./holidays.server.
import { z } from "zod";
import { intent } from "~/http/page-action.server";
import { workDate } from "~/lib/business-day.server";
import { FIRST_STATISTICS_YEAR } from "~/lib/enums";
import { PageFields, parseOrThrow } from "~/lib/validation";
import type { Actor } from "~/models/audit/audit.server";
import { getSetting } from "~/models/core/settings.server";
import { getEmployee } from "~/models/employees/employee.server";
import { pendingPetitionCount, pendingPetitions } from "~/models/leave/approvals.server";
import { currentLeaveYear, listPetitions } from "~/models/leave/leave.server";
import { LeaveTypePatchSchema } from "~/models/leave/leave-type-schema";
import { leaveTypeList, updateLeaveType } from "~/models/leave/leave-types.server";
import { cancelLeave, decideLeave } from "~/models/leave/notices.server";
import { QuotaFormSchema } from "~/models/leave/quota-schema";
import { setLeaveQuotas } from "~/models/leave/quota.server";
import { CalendarQuery, leaveCalendar, leaveStatisticsPage, StatisticQuery } from "~/models/leave/report.server";
import { CancelSchema, DecisionSchema, petitionListQuery } from "~/models/leave/schema";
import { holidayIntents, holidaysTabData } from "./holidays.server";

const TABS = ["pending", "all", "calendar", "statistics", "holidays", "types"] as const;
type Tab = (typeof TABS)[number];
const tabOf = (value: string | null): Tab => TABS.find((t) => t === value) ?? "pending";

const PendingQuery = z.object(PageFields);

/**
 * The page's data for `?tab=`: the pending count, every leave type (the types tab's rows; the quota
 * dialog's per-event labels), and the one tab shown (the others null).
 */
export function leaveWorkPageData(request: Request) {
  const params = new URL(request.url).searchParams;
  const tab = tabOf(params.get("tab"));
  const base = {
    tab,
    pendingCount: pendingPetitionCount(),
    leaveTypes: leaveTypeList(),
    pending: null,
    all: null,
    calendar: null,
    statistics: null,
    holidays: null,
  };
  if (tab === "pending") {
    // A hand-edited address with a bad page shows the first page.
    const parsed = PendingQuery.safeParse({ page: params.get("page") ?? undefined });
    return { ...base, pending: pendingPetitions(parsed.success ? parsed.data : PendingQuery.parse({})) };
  }
  if (tab === "all") {
    const year = currentLeaveYear();
    const schema = petitionListQuery(year);
    const parsed = schema.safeParse(Object.fromEntries(params));
    const query = parsed.success ? parsed.data : schema.parse({});
    const years = Array.from({ length: year + 1 - FIRST_STATISTICS_YEAR + 1 }, (_, i) => FIRST_STATISTICS_YEAR + i);
    const employee = query.employee_id !== undefined ? getEmployee(query.employee_id) : null;
    return {
      ...base,
      all: {
        query: { year: query.year, status: query.status ?? null, type: query.type ?? null, employee_id: query.employee_id ?? null },
        years: years.includes(query.year) ? years : [...years, query.year].sort((a, b) => a - b),
        employee: employee ? { id: employee.id, code: employee.code, full_name: employee.full_name } : null,
        ...listPetitions(query),
      },
    };
  }
  if (tab === "calendar") {
    // A hand-edited month that does not parse shows this month.
    const schema = CalendarQuery(workDate().slice(0, 7));
    const parsed = schema.safeParse({ month: params.get("month") ?? undefined });
    const { month } = parsed.success ? parsed.data : schema.parse({});
    return { ...base, calendar: { ...leaveCalendar(month), work_days: getSetting("work_days") } };
  }
  if (tab === "statistics") {
    const parsed = StatisticQuery().safeParse({ year: params.get("year") ?? undefined });
    const year = parsed.success ? parsed.data.year : currentLeaveYear();
    const page = PendingQuery.safeParse({ page: params.get("page") ?? undefined });
    return { ...base, statistics: { ...leaveStatisticsPage(year, page.success ? page.data.page : 1), this_year: currentLeaveYear() } };
  }
  if (tab === "holidays") return { ...base, holidays: holidaysTabData(request) };
  return base;
}

/**
 * The same functions as /api/leave/approve-result, /api/leave/petition/:id/cancel (with their LINE
 * notices), PUT /api/leave/quota, PATCH /api/leave/types/:id and /api/holiday*.
 */
export const leaveWorkIntents = (actor: Actor) => ({
  decide: intent({
    id: true,
    schema: (fields) =>
      parseOrThrow(DecisionSchema.omit({ id: true }), { action: fields.action, note: fields.note ?? "" }, "ข้อมูลการพิจารณาไม่ถูกต้อง"),
    run: (input, ctx) => void decideLeave({ id: ctx.id(), ...input }, actor),
    done: (_, input) => (input.action === "accept" ? "อนุมัติคำขอลาแล้ว" : "ไม่อนุมัติคำขอลาแล้ว"),
  }),
  cancel: intent({
    id: true,
    schema: (fields) => parseOrThrow(CancelSchema, { note: fields.note ?? "" }, "ข้อมูลการยกเลิกไม่ถูกต้อง"),
    run: (input, ctx) => void cancelLeave(ctx.id(), actor, input.note),
    done: "ยกเลิกคำขอลาแล้ว",
  }),
  quota: intent({
    schema: QuotaFormSchema,
    run: (input) => void setLeaveQuotas(input.employee_id, input.year, input.quotas, actor),
    done: "บันทึกสิทธิ์การลาแล้ว",
  }),
  // LeaveTypeDialog's LEAVE_TYPE_INTENT (the test keeps the two in step).
  "leave-type": intent({
    id: true,
    // The form's own fields (intent, id) are not the patch's: the schema is strict.
    schema: (fields) =>
      parseOrThrow(
        LeaveTypePatchSchema,
        Object.fromEntries(Object.entries(fields).filter(([name]) => name !== "intent" && name !== "id")),
        "ข้อมูลประเภทการลาไม่ถูกต้อง",
      ),
    run: (patch, ctx) => updateLeaveType(ctx.id(), patch, actor),
    done: (type) => `บันทึกประเภทการลา "${type.name_th}" แล้ว`,
  }),
  ...holidayIntents(actor),
});
