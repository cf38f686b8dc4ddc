import { z } from "zod";
import { cleanText, isoDate } from "~/lib/validation";

// The attendance settings' schemas and defaults (client-safe, so the settings form checks with
// the same rules). The registry in core/settings.server.ts holds them.

export const MAX_OFFICES = 20;

export const OfficeSchema = z.object(
  {
    name: cleanText({ label: "ชื่อสำนักงาน", min: 1, max: 100 }),
    lat: z
      .number({ error: "ละติจูดต้องเป็นตัวเลข" })
      .min(-90, "ละติจูดต้องอยู่ระหว่าง -90 ถึง 90")
      .max(90, "ละติจูดต้องอยู่ระหว่าง -90 ถึง 90"),
    lng: z
      .number({ error: "ลองจิจูดต้องเป็นตัวเลข" })
      .min(-180, "ลองจิจูดต้องอยู่ระหว่าง -180 ถึง 180")
      .max(180, "ลองจิจูดต้องอยู่ระหว่าง -180 ถึง 180"),
    radius_m: z.number({ error: "รัศมีต้องเป็นตัวเลข" }).min(10, "รัศมีต้องไม่น้อยกว่า 10 เมตร").max(5000, "รัศมีต้องไม่เกิน 5,000 เมตร"),
  },
  { error: "ข้อมูลสำนักงานไม่ถูกต้อง" }
);
export type Office = z.infer<typeof OfficeSchema>;

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = (label: string) => z.string({ error: `${label}ไม่ถูกต้อง` }).regex(HHMM, `${label}ต้องอยู่ในรูปแบบ ชช:นน (เช่น 08:30)`);

const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${label}ต้องเป็นตัวเลข` })
    .int(`${label}ต้องเป็นจำนวนเต็ม`)
    .min(min, `${label}ต้องไม่น้อยกว่า ${min}${unit}`)
    .max(max, `${label}ต้องไม่เกิน ${max.toLocaleString("en-US")}${unit}`);

export const ATTENDANCE_SETTING_SCHEMAS = {
  offices: z.array(OfficeSchema, { error: "รายการสำนักงานไม่ถูกต้อง" }).max(MAX_OFFICES, `สำนักงานได้ไม่เกิน ${MAX_OFFICES} แห่ง`),
  outside_radius: z.enum(["reject", "review"], {
    error: "การจัดการเมื่ออยู่นอกรัศมีต้องเป็น reject หรือ review",
  }),
  max_accuracy_m: wholeNumber("ความแม่นยำของตำแหน่งที่ยอมรับ", 5, 1000, " เมตร"),
  work_start: timeOfDay("เวลาเข้างาน"),
  work_end: timeOfDay("เวลาเลิกงาน"),
  break_start: timeOfDay("เวลาเริ่มพัก"),
  break_end: timeOfDay("เวลาสิ้นสุดพัก"),
  late_grace_minutes: wholeNumber("เวลาผ่อนผันการมาสาย", 0, 120, " นาที"),
  early_grace_minutes: wholeNumber("เวลาผ่อนผันการออกก่อน", 0, 120, " นาที"),
  work_days: z
    .array(
      z
        .number({ error: "วันทำงานต้องเป็นเลขวัน 1–7" })
        .int("วันทำงานต้องเป็นเลขวัน 1–7")
        .min(1, "วันทำงานต้องเป็นเลขวัน 1–7")
        .max(7, "วันทำงานต้องเป็นเลขวัน 1–7"),
      { error: "วันทำงานต้องเป็นรายการเลขวัน 1–7" }
    )
    .max(7, "วันทำงานต้องเป็นเลขวัน 1–7 ไม่ซ้ำกัน")
    .refine((days) => new Set(days).size === days.length, "วันทำงานต้องไม่ซ้ำกัน"),
  require_selfie: z.boolean({ error: "ค่าบังคับถ่ายรูปต้องเป็นเปิดหรือปิด" }),
  missing_checkout_hour: wholeNumber("ชั่วโมงที่ถือว่าไม่ได้ลงเวลาออก", 0, 23, ""),
  selfie_retention_days: wholeNumber("ระยะเวลาเก็บรูปถ่ายลงเวลา", 7, 3650, " วัน"),
  /** The first date attendance counts (no absence before it); "" until the first office is configured. */
  attendance_start: z.union([z.literal(""), isoDate("วันที่เริ่มนับการลงเวลา")], { error: "วันที่เริ่มนับการลงเวลาไม่ถูกต้อง" }),
};

export const ATTENDANCE_SETTING_DEFAULTS = {
  offices: [] as Office[],
  outside_radius: "review" as "reject" | "review",
  max_accuracy_m: 100,
  work_start: "08:30",
  work_end: "17:30",
  break_start: "12:00",
  break_end: "13:00",
  late_grace_minutes: 0,
  early_grace_minutes: 0,
  work_days: [1, 2, 3, 4, 5],
  require_selfie: true,
  missing_checkout_hour: 23,
  selfie_retention_days: 90,
  attendance_start: "",
};

export type WorkHours = Pick<typeof ATTENDANCE_SETTING_DEFAULTS, "work_start" | "work_end" | "break_start" | "break_end">;

const WORK_HOUR_ORDER = ["work_start", "break_start", "break_end", "work_end"] as const;
const ORDER_MESSAGES: Record<(typeof WORK_HOUR_ORDER)[number], string> = {
  work_start: "เวลาเข้างานต้องก่อนเวลาเริ่มพัก",
  break_start: "เวลาเริ่มพักต้องหลังเวลาเข้างานและก่อนเวลาสิ้นสุดพัก",
  break_end: "เวลาสิ้นสุดพักต้องหลังเวลาเริ่มพักและก่อนเวลาเลิกงาน",
  work_end: "เวลาเลิกงานต้องหลังเวลาสิ้นสุดพัก",
};

/**
 * The work hours must run work_start < break_start < break_end < work_end. Returns a Thai message
 * per key at fault (preferring the keys in `changed`, the ones the admin just edited), or null.
 */
export function workHoursOrderErrors(hours: WorkHours, changed: readonly string[] = []): Record<string, string> | null {
  for (let i = 0; i < WORK_HOUR_ORDER.length - 1; i++) {
    const a = WORK_HOUR_ORDER[i];
    const b = WORK_HOUR_ORDER[i + 1];
    if (hours[a] < hours[b]) continue;
    const key = changed.includes(b) && !changed.includes(a) ? b : a;
    return { [key]: ORDER_MESSAGES[key] };
  }
  return null;
}
