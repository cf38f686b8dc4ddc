import { fieldErrors } from "~/lib/validation";
import { daysSummary, dayHoursText } from "./labels";
import { dayHoursIssue, ScheduleBulkAssignSchema, ScheduleCreateSchema, ScheduleUpdateSchema, SCHEDULE_MESSAGES } from "./schedule-schema";

const THAI = /[\u0E00-\u0E7F]/;
const office = { weekday: 1, start: "08:30", end: "17:30", break_start: "12:00", break_end: "13:00" };

function errorsOf(input: unknown, schema: typeof ScheduleCreateSchema | typeof ScheduleUpdateSchema = ScheduleCreateSchema) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the input to be refused");
  return fieldErrors(result.error);
}

describe("ScheduleCreateSchema", () => {
  test("a week of days, sorted Monday first, graces 0 by default, an empty break dropped", () => {
    const parsed = ScheduleCreateSchema.parse({
      name: "  กะเช้า ",
      days: [
        { weekday: 6, start: "08:30", end: "12:00", break_start: "", break_end: null },
        { ...office, weekday: 2 },
        office,
      ],
    });
    expect(parsed).toEqual({
      name: "กะเช้า",
      days: [office, { ...office, weekday: 2 }, { weekday: 6, start: "08:30", end: "12:00" }],
      late_grace_minutes: 0,
      early_grace_minutes: 0,
    });
  });

  test("a night shift crosses midnight, its break after midnight is inside the hours", () => {
    const night = { weekday: 3, start: "22:00", end: "06:00", break_start: "02:00", break_end: "02:30" };
    expect(ScheduleCreateSchema.parse({ name: "กะดึก", days: [night], late_grace_minutes: "5" }).days).toEqual([night]);
    expect(dayHoursIssue({ start: "22:00", end: "06:00", break_start: "23:30", break_end: "00:15" })).toBeNull();
    expect(dayHoursIssue({ start: "22:00", end: "06:00", break_start: "07:00", break_end: "08:00" })?.message).toBe(SCHEDULE_MESSAGES.breakInside);
  });

  test.each([
    ["no name", { days: [office] }, "name"],
    ["a name too long", { name: "ก".repeat(101), days: [office] }, "name"],
    ["no days", { name: "ก", days: [] }, "days"],
    ["days not a list", { name: "ก", days: "จันทร์" }, "days"],
    ["a weekday twice", { name: "ก", days: [office, office] }, "days.1.weekday"],
    ["weekday 0", { name: "ก", days: [{ ...office, weekday: 0 }] }, "days.0.weekday"],
    ["weekday 8", { name: "ก", days: [{ ...office, weekday: 8 }] }, "days.0.weekday"],
    ["a time not HH:mm", { name: "ก", days: [{ ...office, start: "8:30" }] }, "days.0.start"],
    ["24:00", { name: "ก", days: [{ ...office, end: "24:00" }] }, "days.0.end"],
    ["start = end", { name: "ก", days: [{ weekday: 1, start: "08:00", end: "08:00" }] }, "days.0.end"],
    ["half a break", { name: "ก", days: [{ weekday: 1, start: "08:00", end: "17:00", break_start: "12:00" }] }, "days.0.break_end"],
    ["a break outside the hours", { name: "ก", days: [{ ...office, break_start: "18:00", break_end: "19:00" }] }, "days.0.break_start"],
    ["a break backwards", { name: "ก", days: [{ ...office, break_start: "13:00", break_end: "12:00" }] }, "days.0.break_start"],
    ["a break at the start", { name: "ก", days: [{ ...office, break_start: "08:30", break_end: "09:00" }] }, "days.0.break_start"],
    ["an unknown day field", { name: "ก", days: [{ ...office, lunch: true }] }, "days.0"],
    ["a grace of 121", { name: "ก", days: [office], late_grace_minutes: 121 }, "late_grace_minutes"],
    ["a grace of 1.5", { name: "ก", days: [office], early_grace_minutes: 1.5 }, "early_grace_minutes"],
    ["a grace of -1", { name: "ก", days: [office], early_grace_minutes: "-1" }, "early_grace_minutes"],
  ])("%s: refused in Thai on the field", (_, input, field) => {
    const errors = errorsOf(input);
    expect(errors[field]).toMatch(THAI);
  });

  test("an unknown field is refused", () => {
    expect(ScheduleCreateSchema.safeParse({ name: "ก", days: [office], color: "red" }).success).toBe(false);
  });
});

describe("ScheduleUpdateSchema and the assignments", () => {
  test("every field optional, from a date; a blank from is none", () => {
    expect(ScheduleUpdateSchema.parse({ late_grace_minutes: 10, from: "2026-12-07" })).toEqual({ late_grace_minutes: 10, from: "2026-12-07" });
    expect(ScheduleUpdateSchema.parse({ name: "ใหม่", from: "" })).toEqual({ name: "ใหม่" });
    expect(errorsOf({ from: "2026-02-30" }, ScheduleUpdateSchema).from).toMatch(THAI);
  });

  test("a bulk assignment takes 1–500 employee ids and a date", () => {
    expect(ScheduleBulkAssignSchema.parse({ employee_ids: [1, "2"], from: "2026-12-01" })).toEqual({ employee_ids: [1, 2], from: "2026-12-01" });
    for (const employee_ids of [[], Array.from({ length: 501 }, (_, i) => i + 1), [0], ["abc"], "1,2"]) {
      expect(ScheduleBulkAssignSchema.safeParse({ employee_ids, from: "2026-12-01" }).success).toBe(false);
    }
  });
});

describe("labels", () => {
  test("days with the same hours together, runs of weekdays with a dash", () => {
    const week = [1, 2, 3, 4, 5].map((weekday) => ({ ...office, weekday }));
    expect(daysSummary(week)).toBe("จ.–ศ. 08:30–17:30");
    expect(daysSummary([...week, { weekday: 6, start: "08:30", end: "12:00" }])).toBe("จ.–ศ. 08:30–17:30, ส. 08:30–12:00");
    expect(daysSummary([1, 3, 4, 7].map((weekday) => ({ weekday, start: "22:00", end: "06:00" })))).toBe("จ., พ.–พฤ., อา. 22:00–06:00");
    expect(daysSummary([])).toBe("ไม่มีวันทำงาน");
    expect(dayHoursText(office)).toBe("08:30–17:30 (พัก 12:00–13:00)");
  });
});
