// The intents of /admin/payroll: the same model calls as POST /api/payroll/close and /reopen.
import { intent } from "~/http/page-action.server";
import { formatThaiMonth } from "~/lib/thai-date";
import { parseOrThrow } from "~/lib/validation";
import type { Actor } from "~/models/audit/audit.server";
import { CloseSchema, closeMonth, PAYROLL_MESSAGES, reopenMonth, ReopenSchema } from "~/models/payroll/close.server";

export const payrollIntents = (actor: Actor) => ({
  close: intent({
    schema: (fields) => parseOrThrow(CloseSchema, { month: fields.month }, PAYROLL_MESSAGES.invalid),
    run: (input) => closeMonth(input.month, actor),
    done: (close) => `ปิดงวดเดือน${formatThaiMonth(close.month)}แล้ว`,
  }),
  reopen: intent({
    schema: (fields) => parseOrThrow(ReopenSchema, { month: fields.month, reason: fields.reason }, PAYROLL_MESSAGES.invalid),
    run: (input) => reopenMonth(input, actor),
    done: (reopened) => `เปิดงวดเดือน${formatThaiMonth(reopened.month)}อีกครั้งแล้ว`,
  }),
});
