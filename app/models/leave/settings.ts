import { z } from "zod";

// The leave settings' schemas and defaults (client-safe). Defaults follow the Labour Protection
// Act: business leave 3 days (s.34), sick leave 30 paid days (s.32), vacation 6 days after one
// year of service (s.30). The registry in core/settings.server.ts holds them.

const days = (label: string, max: number) =>
  z
    .number({ error: `${label}ต้องเป็นตัวเลข` })
    .min(0, `${label}ต้องไม่ติดลบ`)
    .max(max, `${label}ต้องไม่เกิน ${max} วัน`)
    .refine((n) => Number.isInteger(n * 2), `${label}ต้องเป็นจำนวนเต็มหรือครึ่งวัน`);

export const LEAVE_SETTING_SCHEMAS = {
  leave_quota_business: days("วันลากิจต่อปี", 365),
  leave_quota_sick: days("วันลาป่วยต่อปี", 365),
  leave_quota_vacation: days("วันลาพักร้อนต่อปี", 365),
  /** Pro-rata vacation in the first year of service (s.30 allows it; off: none before one year). */
  leave_vacation_prorata: z.boolean({ error: "ค่าลาพักร้อนตามสัดส่วนปีแรกต้องเป็นเปิดหรือปิด" }),
  /** Unused vacation days carried into the next year, at most this many (0: no carry-over). */
  leave_vacation_carry_over_max: days("วันลาพักร้อนสะสมข้ามปี", 365),
};

export const LEAVE_SETTING_DEFAULTS = {
  leave_quota_business: 3,
  leave_quota_sick: 30,
  leave_quota_vacation: 6,
  leave_vacation_prorata: false,
  leave_vacation_carry_over_max: 0,
};

export type LeaveSettings = typeof LEAVE_SETTING_DEFAULTS;
export const LEAVE_SETTING_KEYS = Object.keys(LEAVE_SETTING_DEFAULTS) as (keyof LeaveSettings)[];
