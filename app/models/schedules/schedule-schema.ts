import { z } from "zod";
import { cleanText, idField, isoDate } from "~/lib/validation";
import type { ScheduleDay } from "./schedule-day";

// The schedule inputs and the shapes the schedule routes answer (client-safe: the schedule form
// checks with the same rules).

export const MAX_SCHEDULE_NAME = 100;
export const MAX_GRACE_MINUTES = 120;
/** How many employees one bulk assignment takes. */
export const MAX_BULK_ASSIGN = 500;

export const SCHEDULE_MESSAGES = {
  invalid: "ข้อมูลตารางเวลาทำงานไม่ถูกต้อง",
  assignInvalid: "ข้อมูลการกำหนดตารางเวลาทำงานไม่ถูกต้อง",
  notFound: "ไม่พบตารางเวลาทำงาน",
  duplicateName: "ชื่อตารางเวลาทำงานนี้มีอยู่แล้ว",
  noDays: "กรุณาเลือกวันทำงานอย่างน้อย 1 วัน",
  sameWeekday: "แต่ละวันในสัปดาห์ระบุได้ครั้งเดียว",
  sameStartEnd: "เวลาเข้างานและเวลาเลิกงานต้องไม่ใช่เวลาเดียวกัน",
  breakPair: "กรุณาระบุเวลาเริ่มพักและเวลาสิ้นสุดพักให้ครบ หรือเว้นว่างทั้งสองช่อง",
  breakInside: "เวลาพักต้องอยู่ภายในเวลาทำงาน และเวลาเริ่มพักต้องก่อนเวลาสิ้นสุดพัก",
  defaultSameHours: "เวลาทำงานปกติต้องใช้เวลาเดียวกันทุกวันทำงาน",
  defaultBreak: "เวลาทำงานปกติต้องมีเวลาพัก",
  defaultMidnight: "เวลาทำงานปกติต้องไม่ข้ามเที่ยงคืน (กะกลางคืนให้สร้างเป็นตารางเวลาอื่น)",
  defaultFrom: "เวลาทำงานปกติมีผลตั้งแต่วันนี้เท่านั้น (เปลี่ยนวันที่มีผลไม่ได้)",
} as const;

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const time = (label: string) => z.string({ error: `${label}ไม่ถูกต้อง` }).regex(HHMM, `${label}ต้องอยู่ในรูปแบบ ชช:นน (เช่น 08:30)`);
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const optionalTime = (label: string) => z.preprocess(blank, time(label).optional());

const WEEKDAY_MESSAGE = "วันในสัปดาห์ต้องเป็นเลข 1–7 (1 = จันทร์)";

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * What is wrong with one day's hours, or null: the start and end differ (an end at or before the
 * start is the next morning), a break has both ends and lies inside the hours, counted from the
 * start so a night shift's break after midnight is inside too.
 */
export function dayHoursIssue(day: Omit<ScheduleDay, "weekday">): { field: keyof ScheduleDay; message: string } | null {
  if (day.start === day.end) return { field: "end", message: SCHEDULE_MESSAGES.sameStartEnd };
  if (!day.break_start !== !day.break_end) {
    return { field: day.break_start ? "break_end" : "break_start", message: SCHEDULE_MESSAGES.breakPair };
  }
  if (!day.break_start || !day.break_end) return null;
  const start = minutesOf(day.start);
  const sinceStart = (hhmm: string) => (minutesOf(hhmm) - start + 1440) % 1440;
  const [restStart, restEnd, end] = [sinceStart(day.break_start), sinceStart(day.break_end), sinceStart(day.end)];
  if (restStart > 0 && restStart < restEnd && restEnd < end) return null;
  return { field: "break_start", message: SCHEDULE_MESSAGES.breakInside };
}

export const ScheduleDaySchema = z
  .strictObject(
    {
      weekday: z.number({ error: WEEKDAY_MESSAGE }).int(WEEKDAY_MESSAGE).min(1, WEEKDAY_MESSAGE).max(7, WEEKDAY_MESSAGE),
      start: time("เวลาเข้างาน"),
      end: time("เวลาเลิกงาน"),
      break_start: optionalTime("เวลาเริ่มพัก"),
      break_end: optionalTime("เวลาสิ้นสุดพัก"),
    },
    { error: "ข้อมูลวันทำงานไม่ถูกต้อง" },
  )
  .superRefine((day, ctx) => {
    const issue = dayHoursIssue(day);
    if (issue) ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
  })
  .transform(({ weekday, start, end, break_start, break_end }): ScheduleDay =>
    break_start && break_end ? { weekday, start, end, break_start, break_end } : { weekday, start, end },
  );

/** The working weekdays, each at most once, Monday first; the weekdays not listed are days off. */
export const ScheduleDaysSchema = z
  .array(ScheduleDaySchema, { error: "รายการวันทำงาน (days) ไม่ถูกต้อง" })
  .min(1, SCHEDULE_MESSAGES.noDays)
  .max(7, SCHEDULE_MESSAGES.sameWeekday)
  .superRefine((days, ctx) => {
    const seen = new Set<number>();
    days.forEach((day, i) => {
      if (seen.has(day.weekday)) ctx.addIssue({ code: "custom", path: [i, "weekday"], message: SCHEDULE_MESSAGES.sameWeekday });
      seen.add(day.weekday);
    });
  })
  .transform((days) => [...days].sort((a, b) => a.weekday - b.weekday));

const DECIMAL = /^(?:0|[1-9]\d{0,3})$/;
/** Grace minutes: a whole number 0–120 (a form's plain digits too). */
const graceMinutes = (label: string) => {
  const message = `${label}ต้องเป็นจำนวนเต็ม 0–${MAX_GRACE_MINUTES} นาที`;
  return z.preprocess(
    (v) => (typeof v === "string" && DECIMAL.test(v) ? Number(v) : blank(v)),
    z.number({ error: message }).int(message).min(0, message).max(MAX_GRACE_MINUTES, message).optional(),
  );
};

const scheduleName = cleanText({ label: "ชื่อตารางเวลาทำงาน", min: 1, max: MAX_SCHEDULE_NAME });
const effectiveFrom = z.preprocess(blank, isoDate("วันที่มีผล (from)").optional());

export const ScheduleCreateSchema = z.strictObject(
  {
    name: scheduleName,
    days: ScheduleDaysSchema,
    late_grace_minutes: graceMinutes("เวลาผ่อนผันการมาสาย").transform((v) => v ?? 0),
    early_grace_minutes: graceMinutes("เวลาผ่อนผันการออกก่อน").transform((v) => v ?? 0),
  },
  { error: SCHEDULE_MESSAGES.invalid },
);
export type ScheduleCreateInput = z.infer<typeof ScheduleCreateSchema>;

export const ScheduleUpdateSchema = z.strictObject(
  {
    name: scheduleName.optional(),
    days: ScheduleDaysSchema.optional(),
    late_grace_minutes: graceMinutes("เวลาผ่อนผันการมาสาย"),
    early_grace_minutes: graceMinutes("เวลาผ่อนผันการออกก่อน"),
    from: effectiveFrom,
  },
  { error: SCHEDULE_MESSAGES.invalid },
);
export type ScheduleUpdateInput = z.infer<typeof ScheduleUpdateSchema>;

const assignFrom = isoDate("วันที่มีผล (from)");

export const ScheduleAssignSchema = z.strictObject(
  { schedule_id: idField("ตารางเวลาทำงาน (schedule_id)"), from: assignFrom },
  { error: SCHEDULE_MESSAGES.assignInvalid },
);
export type ScheduleAssignInput = z.infer<typeof ScheduleAssignSchema>;

export const ScheduleBulkAssignSchema = z.strictObject(
  {
    employee_ids: z
      .array(idField("รหัสพนักงาน (employee_ids)"), { error: "รายชื่อพนักงาน (employee_ids) ต้องเป็นรายการรหัสพนักงาน" })
      .min(1, "กรุณาเลือกพนักงานอย่างน้อย 1 คน")
      .max(MAX_BULK_ASSIGN, `กำหนดตารางเวลาได้ครั้งละไม่เกิน ${MAX_BULK_ASSIGN} คน`),
    from: assignFrom,
  },
  { error: SCHEDULE_MESSAGES.assignInvalid },
);
export type ScheduleBulkAssignInput = z.infer<typeof ScheduleBulkAssignSchema>;

/** A version of a schedule that takes effect after today. */
export type UpcomingVersion = { from: string; days: ScheduleDay[]; late_grace_minutes: number; early_grace_minutes: number };

export type ScheduleDto = {
  id: number;
  name: string;
  /** The default schedule ("เวลาทำงานปกติ"): its hours are the settings' and apply from today. */
  is_default: boolean;
  /** The working weekdays in force today, Monday first. */
  days: ScheduleDay[];
  late_grace_minutes: number;
  early_grace_minutes: number;
  /** Working employees under this schedule today. */
  employee_count: number;
  /** Edits that take effect later, soonest first. */
  upcoming: UpcomingVersion[];
};

/** One entry of an employee's schedule history: the schedule from a date on (null: since they started). */
export type ScheduleAssignment = { schedule_id: number; name: string; from: string | null };
export type EmployeeScheduleHistory = { current: ScheduleAssignment; history: ScheduleAssignment[] };
