import { z } from "zod";
import { blankAsMissing, cleanText, idField, isoDate } from "~/lib/validation";
import { OVERTIME_STATUS_LABELS, OVERTIME_STATUS_VALUES } from "./labels";
import { CLOCK, MAX_OVERTIME_REASON, MAX_WINDOW_MINUTES, windowMinutes } from "./window";

// The overtime inputs: the employee's request, the admin's record, the decision and the list query.

export const OVERTIME_INPUT_MESSAGES = {
  invalid: "ข้อมูลคำขอทำงานล่วงเวลาไม่ถูกต้อง",
  sameEnds: "เวลาเริ่มและเวลาสิ้นสุดต้องไม่เท่ากัน",
  tooLong: `ขอทำงานล่วงเวลาได้ครั้งละไม่เกิน ${MAX_WINDOW_MINUTES / 60} ชั่วโมง`,
  decision: "ข้อมูลการพิจารณาไม่ถูกต้อง",
  cancel: "ข้อมูลการยกเลิกไม่ถูกต้อง",
} as const;

const clock = (label: string) =>
  z.string({ error: `${label}ต้องอยู่ในรูปแบบ ชช:นน` }).regex(CLOCK, `${label}ต้องอยู่ในรูปแบบ ชช:นน (เช่น 17:30)`);

const windowFields = {
  date: isoDate("วันที่ทำงานล่วงเวลา"),
  start: clock("เวลาเริ่ม"),
  end: clock("เวลาสิ้นสุด"),
  reason: cleanText({ label: "เหตุผล", min: 1, max: MAX_OVERTIME_REASON, multiline: true }),
};

/** Start ≠ end, and at most 12 hours (an end at or before the start is the next morning). */
function checkWindow(v: { start: unknown; end: unknown }, ctx: z.RefinementCtx) {
  // zod runs this even when a field failed: only two real clock times are a window.
  if (typeof v.start !== "string" || typeof v.end !== "string" || !CLOCK.test(v.start) || !CLOCK.test(v.end)) return;
  if (v.start === v.end) ctx.addIssue({ code: "custom", path: ["end"], message: OVERTIME_INPUT_MESSAGES.sameEnds });
  else if (windowMinutes(v.start, v.end) > MAX_WINDOW_MINUTES) ctx.addIssue({ code: "custom", path: ["end"], message: OVERTIME_INPUT_MESSAGES.tooLong });
}

/** `POST /api/emp/overtime`. */
export const OvertimeRequestSchema = z.strictObject(windowFields, { error: OVERTIME_INPUT_MESSAGES.invalid }).superRefine(checkWindow);
export type OvertimeRequest = z.infer<typeof OvertimeRequestSchema>;

/** `POST /api/overtime` (and the admin page's `record` intent). */
export const AdminOvertimeSchema = z
  .strictObject({ employee_id: idField("พนักงาน", "กรุณาเลือกพนักงาน"), ...windowFields }, { error: OVERTIME_INPUT_MESSAGES.invalid })
  .superRefine(checkWindow);
export type AdminOvertime = z.infer<typeof AdminOvertimeSchema>;

/** `POST /api/overtime/:id/decision`; a rejection's note is required by the model (decision-note). */
export const OvertimeDecisionSchema = z.strictObject(
  {
    decision: z.enum(["approve", "reject"], { error: "กรุณาเลือกผลการพิจารณา (approve หรือ reject)" }),
    note: cleanText({ label: "หมายเหตุ", max: MAX_OVERTIME_REASON, multiline: true }).optional().default(""),
  },
  { error: OVERTIME_INPUT_MESSAGES.decision },
);
export type OvertimeDecision = z.infer<typeof OvertimeDecisionSchema>;

/** An admin's cancel (the page's `cancel` intent). */
export const OvertimeCancelSchema = z.strictObject(
  { note: cleanText({ label: "หมายเหตุ", max: MAX_OVERTIME_REASON, multiline: true }).optional().default("") },
  { error: OVERTIME_INPUT_MESSAGES.cancel },
);

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `GET /api/overtime?month=&status=&employee_id=`; the month defaults to `thisMonth`. */
export const overtimeListQuery = (thisMonth: string) =>
  z.object({
    month: z.preprocess(
      (v) => blankAsMissing(v) ?? thisMonth,
      z.string({ error: "เดือนต้องอยู่ในรูปแบบ ปปปป-ดด" }).regex(MONTH, "เดือนต้องอยู่ในรูปแบบ ปปปป-ดด (เช่น 2026-11)"),
    ),
    status: z.preprocess(
      blankAsMissing,
      z
        .enum(OVERTIME_STATUS_VALUES, {
          error: `สถานะต้องเป็น ${OVERTIME_STATUS_VALUES.map((s) => `${s} (${OVERTIME_STATUS_LABELS[s]})`).join(", ")}`,
        })
        .optional(),
    ),
    employee_id: z.preprocess(blankAsMissing, idField("รหัสพนักงาน").optional()),
  });
export type OvertimeListQuery = z.infer<ReturnType<typeof overtimeListQuery>>;
