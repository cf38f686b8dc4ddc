import { z } from "zod";
import { FIRST_STATISTICS_YEAR, LEAVE_TYPE_LABELS, LeaveStatus } from "~/lib/enums";
import { cleanText, enumInt, idField, isoDate, PageFields, queryInt } from "~/lib/validation";
import { LEAVE_TYPES, MAX_REASON } from "./rules";

// The leave inputs. The petition form checks with the same limits, imported from rules.ts: a
// browser bundle that imports this file also gets zod.

export { LEAVE_TYPES, MAX_REASON };
export const LEAVE_STATUSES = [LeaveStatus.cancel, LeaveStatus.request, LeaveStatus.approve, LeaveStatus.reject] as const;
/** The longest petition, in calendar days (a longer absence is several petitions or an HR matter). */
export const MAX_PETITION_CALENDAR_DAYS = 120;

const TYPE_MESSAGE = `ประเภทการลาต้องเป็น ${LEAVE_TYPES.map((t) => `${t} (${LEAVE_TYPE_LABELS[t]})`).join(", ")}`;

export const PetitionSchema = z
  .strictObject(
    {
      type: enumInt(LEAVE_TYPES, TYPE_MESSAGE),
      start_date: isoDate("วันที่เริ่มลา"),
      end_date: isoDate("วันที่สิ้นสุดการลา"),
      half: z
        .preprocess(
          (v) => (v === "" || v === undefined ? "full" : v),
          z.enum(["full", "morning", "afternoon"], { error: "ช่วงเวลาการลาต้องเป็น full, morning หรือ afternoon" }),
        )
        .transform((v) => (v === "full" ? null : v)),
      reason: cleanText({ label: "เหตุผลการลา", min: 1, max: MAX_REASON, multiline: true }),
      certificate_note: cleanText({ label: "คำชี้แจงแทนใบรับรองแพทย์", max: MAX_REASON, multiline: true })
        .optional()
        .transform((v) => v || null),
      /** The birth, operation or other event a per-event leave is for. */
      event_date: z.preprocess((v) => (v === "" ? undefined : v), isoDate("วันที่เกิดเหตุ (event_date)").optional()).transform((v) => v ?? null),
    },
    { error: "ข้อมูลคำขอลาไม่ถูกต้อง" },
  )
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่มลา" });
    }
    if (v.half && v.start_date !== v.end_date) {
      ctx.addIssue({ code: "custom", path: ["half"], message: "การลาครึ่งวันต้องเริ่มและสิ้นสุดวันเดียวกัน" });
    }
  });
export type PetitionInput = z.infer<typeof PetitionSchema>;

export const DecisionSchema = z.strictObject(
  {
    id: idField("รหัสคำขอลา"),
    action: z.enum(["accept", "reject"], { error: "ผลการพิจารณาต้องเป็น accept หรือ reject" }),
    note: cleanText({ label: "หมายเหตุ", max: MAX_REASON, multiline: true }).optional().default(""),
  },
  { error: "ข้อมูลการพิจารณาไม่ถูกต้อง" },
);

export const CancelSchema = z.strictObject(
  { note: cleanText({ label: "หมายเหตุ", max: MAX_REASON, multiline: true }).optional().default("") },
  { error: "ข้อมูลการยกเลิกไม่ถูกต้อง" },
);

const blank = (v: unknown) => (v === "" ? undefined : v);

/** A leave year: from the spec's first statistics year to far enough ahead. */
export const leaveYear = (fallback: number) =>
  queryInt(`ปี (year) ต้องเป็นปี ค.ศ. ตั้งแต่ ${FIRST_STATISTICS_YEAR}`, { fallback }).refine(
    (y) => y >= FIRST_STATISTICS_YEAR && y <= 2200,
    `ปี (year) ต้องเป็นปี ค.ศ. ตั้งแต่ ${FIRST_STATISTICS_YEAR}`,
  );

export const petitionListQuery = (year: number) =>
  z.object({
    status: z.preprocess(blank, enumInt(LEAVE_STATUSES, "สถานะ (status) ต้องเป็น 0, 1, 2 หรือ 3").optional()),
    type: z.preprocess(blank, enumInt(LEAVE_TYPES, TYPE_MESSAGE).optional()),
    employee_id: z.preprocess(blank, idField("รหัสพนักงาน (employee_id)").optional()),
    year: leaveYear(year),
    ...PageFields,
  });
export type PetitionListQuery = z.infer<ReturnType<typeof petitionListQuery>>;
