import { z } from "zod";

// The scheduled reminders' settings (client-safe, so the jobs form checks with the same rules).
// The check-in and check-out reminders are stored as minutes after the start / end of each
// employee's schedule that day, so they follow everyone's own hours; the others are a time of day
// (HH:mm, APP_TIMEZONE).

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const onOff = (label: string) => z.boolean({ error: `ค่าเปิด/ปิด${label}ไม่ถูกต้อง` });
const timeOfDay = (label: string) =>
  z.string({ error: `เวลา${label}ไม่ถูกต้อง` }).regex(HHMM, `เวลา${label}ต้องอยู่ในรูปแบบ ชช:นน (เช่น 08:30)`);
const minutesAfter = (label: string, max: number) =>
  z
    .number({ error: `จำนวนนาทีของ${label}ต้องเป็นตัวเลข` })
    .int(`จำนวนนาทีของ${label}ต้องเป็นจำนวนเต็ม`)
    .min(0, `จำนวนนาทีของ${label}ต้องไม่ติดลบ`)
    .max(max, `จำนวนนาทีของ${label}ต้องไม่เกิน ${max} นาที`);

const afterSchema = (label: string, max: number) =>
  z.strictObject({ on: onOff(label), after_minutes: minutesAfter(label, max) }, { error: `การตั้งค่า${label}ไม่ถูกต้อง` });
const atSchema = (label: string) =>
  z.strictObject({ on: onOff(label), time: timeOfDay(label) }, { error: `การตั้งค่า${label}ไม่ถูกต้อง` });

export type AfterSetting = { on: boolean; after_minutes: number };
export type AtSetting = { on: boolean; time: string };

export const REMINDER_SETTING_SCHEMAS = {
  /** Minutes after the start of the employee's schedule that day. */
  remind_checkin: afterSchema("การเตือนลงเวลาเข้างาน", 240),
  /** Minutes after the end of the employee's schedule that day (a night shift's: the next morning). */
  remind_checkout: afterSchema("การเตือนลงเวลาออกงาน", 360),
  daily_summary: atSchema("สรุปประจำวัน"),
  remind_pending_leave: atSchema("การเตือนคำขอลารออนุมัติ"),
  remind_overdue_machines: atSchema("การเตือนตู้เลยกำหนด"),
};

export const REMINDER_SETTING_DEFAULTS = {
  remind_checkin: { on: true, after_minutes: 15 } as AfterSetting,
  remind_checkout: { on: true, after_minutes: 30 } as AfterSetting,
  daily_summary: { on: true, time: "18:00" } as AtSetting,
  remind_pending_leave: { on: true, time: "09:00" } as AtSetting,
  remind_overdue_machines: { on: true, time: "08:00" } as AtSetting,
};

export const REMINDER_SETTING_KEYS = ["remind_checkin", "remind_checkout", "daily_summary", "remind_pending_leave", "remind_overdue_machines"] as const;
export type ReminderSettingKey = (typeof REMINDER_SETTING_KEYS)[number];

/** `HH:mm` plus `minutes`, kept within the day (23:59 at the latest). */
export function addMinutesToTime(time: string, minutes: number): string {
  const [h, m] = time.split(":").map(Number);
  const total = Math.min(h * 60 + m + minutes, 23 * 60 + 59);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}
