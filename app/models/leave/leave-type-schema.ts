import { z } from "zod";
import { formFlag } from "~/lib/validation";
import { LEAVE_PERS, LEAVE_UNITS } from "./catalogue";
import { MAX_QUOTA_DAYS, quotaDays } from "./quota-schema";

// PATCH /api/leave/types/:id (client-safe: the admin's type dialog checks with it).

const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? null : v), schema.nullable()).optional();

const wholeDays = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,4}$/.test(v) ? Number(v) : v),
    z
      .number({ error: `${label}ต้องเป็นจำนวนเต็ม 1–${max}` })
      .int(`${label}ต้องเป็นจำนวนเต็ม 1–${max}`)
      .min(1, `${label}ต้องเป็นจำนวนเต็ม 1–${max}`)
      .max(max, `${label}ต้องเป็นจำนวนเต็ม 1–${max}`),
  );

export const LeaveTypePatchSchema = z
  .strictObject(
    {
      quota_days: nullable(quotaDays),
      per: z.enum(LEAVE_PERS, { error: "การนับสิทธิ์ (per) ต้องเป็น year หรือ event" }).optional(),
      unit: z.enum(LEAVE_UNITS, { error: "หน่วยการนับ (unit) ต้องเป็น working_day หรือ calendar_day" }).optional(),
      paid_days: nullable(quotaDays),
      pay_percent: z
        .preprocess(
          (v) => (typeof v === "string" && /^\d{1,3}$/.test(v) ? Number(v) : v),
          z.number({ error: "อัตราค่าจ้างต้องเป็นร้อยละ 1–100" }).int("อัตราค่าจ้างต้องเป็นร้อยละ 1–100").min(1, "อัตราค่าจ้างต้องเป็นร้อยละ 1–100").max(100, "อัตราค่าจ้างต้องเป็นร้อยละ 1–100"),
        )
        .optional(),
      half_day: formFlag.optional(),
      certificate_from_days: nullable(wholeDays("จำนวนวันที่ต้องมีใบรับรอง", MAX_QUOTA_DAYS)),
      event_window_days: nullable(wholeDays("ระยะเวลาที่ต้องลาหลังเหตุ", MAX_QUOTA_DAYS)),
      active: formFlag.optional(),
    },
    { error: "ข้อมูลประเภทการลาไม่ถูกต้อง" },
  )
  .superRefine((v, ctx) => {
    if (v.paid_days != null && v.quota_days != null && v.paid_days > v.quota_days) {
      ctx.addIssue({ code: "custom", path: ["paid_days"], message: "วันที่ได้รับค่าจ้างต้องไม่เกินสิทธิ์การลา" });
    }
  });
export type LeaveTypePatch = z.infer<typeof LeaveTypePatchSchema>;
