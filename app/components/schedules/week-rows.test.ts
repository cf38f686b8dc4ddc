import { daysOf, rowErrors, rowsOf, sameHoursForAll, switchRow } from "./week-rows";

const night = [2, 4].map((weekday) => ({ weekday, start: "22:00", end: "06:00" }));

test("seven rows Monday first; the days not listed are off", () => {
  const rows = rowsOf(night);
  expect(rows.map((r) => r.on)).toEqual([false, true, false, true, false, false, false]);
  expect(rows[1]).toEqual({ weekday: 2, on: true, start: "22:00", end: "06:00", break_start: "", break_end: "" });
  expect(daysOf(rows)).toEqual(night.map((d) => ({ ...d, break_start: "", break_end: "" })));
});

test("a day switched on takes the first working day's hours; switched off and on again it keeps its own", () => {
  let rows = switchRow(rowsOf(night), 6, true);
  expect(rows[5]).toMatchObject({ on: true, start: "22:00", end: "06:00" });
  rows = rows.map((r) => (r.weekday === 6 ? { ...r, end: "04:00" } : r));
  rows = switchRow(switchRow(rows, 6, false), 6, true);
  expect(rows[5]).toMatchObject({ on: true, end: "04:00" });
  expect(sameHoursForAll(rows)[5]).toMatchObject({ end: "06:00" });
  expect(switchRow(rowsOf([]), 1, true)[0]).toMatchObject({ start: "08:30", end: "17:30", break_start: "12:00" });
});

test("the server's errors by place in the posted list come back to their weekday", () => {
  const rows = rowsOf(night);
  expect(rowErrors(rows, { "days.1.start": "ผิด", "days.0.weekday": "ซ้ำ" })).toEqual({ list: "ซ้ำ", byDay: new Map([[4, { start: "ผิด" }]]) });
  expect(rowErrors(rows, { days: "กรุณาเลือกวันทำงานอย่างน้อย 1 วัน" }).list).toBe("กรุณาเลือกวันทำงานอย่างน้อย 1 วัน");
});
