// The reminders on each employee's schedule through the scheduler, with a fake clock: woken every
// 5 minutes (restarted at noon) over a Tuesday, the Wednesday morning after it and a Saturday;
// what LINE received is asserted push by push, and each job keeps one row per day.
import { and, eq } from "drizzle-orm";
import { jobRuns } from "../../db/schema";
import { startFakeLine, type FakeLine } from "../../tests/fixtures/fake-line";
import { db } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { setSetting } from "~/models/core/settings.server";
import { REMINDER_TITLES } from "~/models/flows/reminder-cards.server";
import { assignSchedule, bkk, checkIn, lineGroup, person, weekdays, workSchedule, type Person } from "~/models/flows/reminders.test-helpers";
import { setPushRetryDefaults } from "~/models/line/notifier.server";
import { createScheduler } from "./scheduler.server";

const TUE = "2026-12-01";
const WED = "2026-12-02";
const SAT = "2026-12-12";

let fake: FakeLine;
const received = () =>
  fake.find("/v2/bot/message/push", "POST").map((r) => {
    const body = r.body as { to: string; messages: { contents: { header: { contents: { text: string }[] } } }[] };
    return { to: body.to, title: body.messages[0].contents.header.contents[0].text, text: JSON.stringify(body.messages) };
  });

async function runDay(date: string, from: string, to: string, events: Record<string, () => void> = {}) {
  const scheduler = createScheduler({ log: () => undefined });
  const [fh, fm] = from.split(":").map(Number);
  const [th, tm] = to.split(":").map(Number);
  for (let minute = fh * 60 + fm; minute <= th * 60 + tm; minute += 5) {
    const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
    events[time]?.();
    await scheduler.runDue(bkk(date, time));
  }
}

const run = (job: string, date: string) =>
  db()
    .select({ status: jobRuns.status, result: jobRuns.result })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), eq(jobRuns.runDate, date)))
    .all();

let office: Person, afternoon: Person, night: Person, saturday: Person;
let summaryGroup: { groupId: string };

beforeAll(async () => {
  fake = await startFakeLine();
  process.env.LINE_API_BASE = fake.url;
  process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
  resetEnvCache();
  setPushRetryDefaults({ baseDelayMs: 1 });
  setSetting("attendance_start", "2020-01-01");
  office = person();
  afternoon = person();
  night = person();
  saturday = person();
  assignSchedule(afternoon.id, workSchedule(weekdays("13:00", "22:00")));
  assignSchedule(night.id, workSchedule(weekdays("22:00", "06:00")));
  assignSchedule(saturday.id, workSchedule([{ weekday: 6, start: "08:30", end: "12:30" }]));
  summaryGroup = lineGroup({ notifySummary: true });
});

afterAll(async () => {
  await fake.close();
  delete process.env.LINE_API_BASE;
  delete process.env.LINE_CHANNEL_ACCESS_TOKEN;
  resetEnvCache();
});

test("each employee is reminded on their own schedule's hours, once, and a night shift's check-out the next morning", async () => {
  const events = {
    "13:30": () => checkIn(afternoon.id, TUE, "13:30"),
    "22:05": () => checkIn(night.id, TUE, "22:05"),
  };
  await runDay(TUE, "06:00", "11:55", events);
  await runDay(TUE, "12:00", "23:55", events);
  const tuesday = received().filter((p) => p.to !== summaryGroup.groupId);
  await runDay(WED, "00:00", "08:00");
  const T = REMINDER_TITLES;
  expect(tuesday.map((p) => [p.title, p.to])).toEqual([
    // 08:45: the office's 08:30 + 15 (the others' schedules start later; Tuesday is not the Saturday schedule's)
    [T.checkin, office.lineUserId],
    // 13:15: the afternoon shift's 13:00 + 15
    [T.checkin, afternoon.lineUserId],
    // 22:30: the afternoon shift's 22:00 + 30, still checked in; the night shift checked in at 22:05, before its 22:15
    [T.checkout, afternoon.lineUserId],
  ]);
  expect(tuesday[1].text).toContain("13:00 น.");
  expect(tuesday[2].text).toContain("22:00 น.");
  // Wednesday 06:30: the night shift of Tuesday, 06:00 + 30, the card dated the shift's day.
  const wednesday = received().slice(received().length - 1);
  expect(wednesday.map((p) => [p.title, p.to])).toEqual([[T.checkout, night.lineUserId]]);
  expect(wednesday[0].text).toContain("1 ธ.ค. 2569");
  expect(wednesday[0].text).toContain("เข้างานเมื่อ 22:05 น.");

  // One row per job and day, its result the day's total across the times it ran.
  expect(run("remind_checkin", TUE)).toEqual([{ status: "ok", result: "ส่งถึงพนักงาน 2 ราย" }]);
  expect(run("remind_checkout", TUE)).toEqual([{ status: "ok", result: "ส่งถึงพนักงาน 1 ราย" }]);
  expect(run("remind_checkout", WED)).toEqual([{ status: "ok", result: "ส่งถึงพนักงาน 1 ราย" }]);
}, 60_000);

test("a Saturday someone's schedule works is a working day: their reminder, and the summary counts the others off", async () => {
  fake.reset();
  await runDay(SAT, "06:00", "18:00");
  const pushes = received();
  expect(pushes.map((p) => [p.title, p.to])).toEqual([
    [REMINDER_TITLES.checkin, saturday.lineUserId],
    ["สรุปประจำวัน 12 ธ.ค. 2569", summaryGroup.groupId],
  ]);
  expect(pushes[1].text).toContain("วันหยุด 3");
  expect(run("daily_summary", SAT)).toEqual([{ status: "ok", result: "ส่งถึงกลุ่ม 1 ราย" }]);
}, 60_000);
