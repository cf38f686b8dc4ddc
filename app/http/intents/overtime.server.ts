// /admin/overtime: the page's data (a month's requests, filtered by status) and its intents.
import { intent } from "~/http/page-action.server";
import { workDate } from "~/lib/business-day.server";
import { parseOrThrow } from "~/lib/validation";
import type { Actor } from "~/models/audit/audit.server";
import { cancelOvertimeAndNotify, decideOvertimeAndNotify, recordOvertimeAndNotify } from "~/models/overtime/notices.server";
import { listOvertime, pendingOvertimeCount } from "~/models/overtime/overtime.server";
import {
  AdminOvertimeSchema,
  OVERTIME_INPUT_MESSAGES,
  OvertimeCancelSchema,
  OvertimeDecisionSchema,
  overtimeListQuery,
} from "~/models/overtime/schema";

/** `?month=&status=`; a hand-edited value that does not parse shows this month, every status. */
export function overtimePageData(request: Request) {
  const params = new URL(request.url).searchParams;
  const thisMonth = workDate().slice(0, 7);
  const schema = overtimeListQuery(thisMonth);
  const parsed = schema.safeParse({ month: params.get("month") ?? undefined, status: params.get("status") ?? undefined });
  const query = parsed.success ? parsed.data : schema.parse({});
  return {
    month: query.month,
    status: query.status ?? null,
    this_month: thisMonth,
    pending_count: pendingOvertimeCount(),
    items: listOvertime(query),
  };
}

/** The same functions as POST /api/overtime and /api/overtime/:id/decision (with their LINE notices), and the admin's cancel. */
export const overtimeIntents = (actor: Actor) => ({
  record: intent({
    schema: (fields) =>
      parseOrThrow(
        AdminOvertimeSchema,
        { employee_id: fields.employee_id ?? "", date: fields.date ?? "", start: fields.start ?? "", end: fields.end ?? "", reason: fields.reason ?? "" },
        OVERTIME_INPUT_MESSAGES.invalid,
      ),
    run: (input) => void recordOvertimeAndNotify(input, actor),
    done: "บันทึกการทำงานล่วงเวลาแล้ว (อนุมัติแล้ว)",
  }),
  decide: intent({
    id: true,
    schema: (fields) => parseOrThrow(OvertimeDecisionSchema, { decision: fields.decision, note: fields.note ?? "" }, OVERTIME_INPUT_MESSAGES.decision),
    run: (input, ctx) => void decideOvertimeAndNotify(ctx.id(), input, actor),
    done: (_, input) => (input.decision === "approve" ? "อนุมัติคำขอทำงานล่วงเวลาแล้ว" : "ไม่อนุมัติคำขอทำงานล่วงเวลาแล้ว"),
  }),
  cancel: intent({
    id: true,
    schema: (fields) => parseOrThrow(OvertimeCancelSchema, { note: fields.note ?? "" }, OVERTIME_INPUT_MESSAGES.cancel),
    run: (input, ctx) => void cancelOvertimeAndNotify(ctx.id(), input.note, actor),
    done: "ยกเลิกคำขอทำงานล่วงเวลาแล้ว",
  }),
});
