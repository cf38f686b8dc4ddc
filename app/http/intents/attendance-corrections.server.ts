import { intent, type Fields } from "~/http/page-action.server";
import { parseOrThrow } from "~/lib/validation";
import {
  AdminCorrectionSchema,
  CorrectionDecisionSchema,
  CorrectionListQuery,
  correctAttendance,
  listCorrections,
} from "~/models/attendance/correction.server";
import { decideCorrectionAndNotify } from "~/models/attendance/correction-notices.server";
import type { Actor } from "~/models/audit/audit.server";

// The correction parts of /admin/checkin-out: the daily view's correction dialog and the review
// tab's requests section, with the same rules as their API routes.

const field = (fields: Fields, name: string) => fields[name] ?? "";

/** The page's `correct` and `correction-decision` intents. */
export const correctionIntents = (actor: Actor) => ({
  correct: intent({
    schema: (fields) =>
      parseOrThrow(
        AdminCorrectionSchema,
        {
          employee_id: fields.employee_id,
          work_date: fields.work_date,
          checkin_at: field(fields, "checkin_at"),
          checkout_at: field(fields, "checkout_at"),
          note: field(fields, "note"),
        },
        "ข้อมูลการแก้ไขเวลาไม่ถูกต้อง",
      ),
    run: (input) => void correctAttendance(input, actor),
    done: "แก้ไขเวลาแล้ว",
  }),
  "correction-decision": intent({
    id: true,
    schema: (fields) =>
      parseOrThrow(CorrectionDecisionSchema, { decision: fields.decision, note: field(fields, "note") }, "ข้อมูลการพิจารณาไม่ถูกต้อง"),
    run: (input, ctx) => void decideCorrectionAndNotify(ctx.id(), input, actor),
    done: (_, input) => (input.decision === "approve" ? "อนุมัติคำขอแก้ไขเวลาแล้ว" : "ไม่อนุมัติคำขอแก้ไขเวลาแล้ว"),
  }),
});

/** The review tab's requests (`?corrections=pending|approved|rejected&cpage=`); a hand-edited bad value shows the first pending page. */
export function correctionsForReview(params: URLSearchParams) {
  const parsed = CorrectionListQuery.safeParse({ status: params.get("corrections") ?? undefined, page: params.get("cpage") ?? undefined });
  const query = parsed.success ? parsed.data : CorrectionListQuery.parse({});
  return { status: query.status, ...listCorrections(query) };
}
