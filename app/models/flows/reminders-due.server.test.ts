// The check-in and check-out reminders on each employee's own schedule, on a moved clock (each
// call takes its `now`): when each one is due, who the day ledger leaves out, and once per work date.
import { linePushes } from "../../../db/schema";
import { startFakeLine, type FakeLine } from "../../../tests/fixtures/fake-line";
import { db } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { setSetting } from "~/models/core/settings.server";
import { setPushRetryDefaults } from "~/models/line/notifier.server";
import { REMINDER_TITLES } from "./reminder-cards.server";
import { checkinCandidates, checkinPlan, checkinRemindersDue, checkoutCandidates, checkoutPlan, checkoutRemindersDue } from "./reminders-due.server";
import { sendCheckinReminders, sendCheckoutReminders } from "./reminders.server";
import { assignSchedule, bkk, checkIn, checkOut, leave, person, weekdays, workSchedule, type Person } from "./reminders.test-helpers";

const ids = (people: { id: number }[]) => people.map((p) => p.id).sort((a, b) => a - b);
const sorted = (...people: Person[]) => people.map((p) => p.id).sort((a, b) => a - b);

let fake: FakeLine;
type Push = { to: string; title: string; text: string };
const received = (): Push[] =>
  fake.find("/v2/bot/message/push", "POST").map((r) => {
    const body = r.body as { to: string; messages: { contents: { header: { contents: { text: string }[] } } }[] };
    return { to: body.to, title: body.messages[0].contents.header.contents[0].text, text: JSON.stringify(body.messages) };
  });

beforeAll(async () => {
  setSetting("attendance_start", "2020-01-01");
  fake = await startFakeLine();
  process.env.LINE_API_BASE = fake.url;
  process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
  resetEnvCache();
  setPushRetryDefaults({ baseDelayMs: 1 });
});

afterAll(async () => {
  await fake.close();
  delete process.env.LINE_API_BASE;
  delete process.env.LINE_CHANNEL_ACCESS_TOKEN;
  resetEnvCache();
});

beforeEach(() => {
  fake.reset();
  db().delete(linePushes).run();
});

describe("the check-in reminder on each employee's schedule", () => {
  const TUE = "2026-12-01";
  const SAT = "2026-12-12"; // not 5 Dec, a public holiday
  let office: Person, afternoonShift: Person, night: Person, weekendOnly: Person, fullLeave: Person, morningLeave: Person, afternoonLeave: Person;

  beforeAll(() => {
    office = person();
    afternoonShift = person();
    night = person();
    weekendOnly = person();
    fullLeave = person();
    morningLeave = person();
    afternoonLeave = person();
    assignSchedule(afternoonShift.id, workSchedule(weekdays("13:00", "22:00")));
    assignSchedule(night.id, workSchedule(weekdays("22:00", "06:00")));
    assignSchedule(
      weekendOnly.id,
      workSchedule([
        { weekday: 6, start: "09:00", end: "13:00" },
        { weekday: 7, start: "09:00", end: "13:00" },
      ]),
    );
    leave(fullLeave.id, TUE);
    leave(morningLeave.id, TUE, { half: "morning" });
    leave(afternoonLeave.id, TUE, { half: "afternoon" });
  });

  test("each time is the schedule's start + the setting's minutes; a day off in the schedule, a full day's or a morning's leave has none", () => {
    const candidates = checkinCandidates(TUE, bkk(TUE, "06:00"), 15);
    // The plan: the job runs at each of these (the night shift ends tomorrow: useful until 23:59).
    expect(checkinPlan(TUE, bkk(TUE, "06:00"), 15)).toEqual({ times: ["08:45", "13:15", "22:15"], until: "23:59" });
    const mine = candidates.filter((c) => [office, afternoonShift, night, weekendOnly, fullLeave, morningLeave, afternoonLeave].some((p) => p.id === c.id));
    expect(ids(mine)).toEqual(sorted(office, afternoonShift, night, afternoonLeave));
    expect(candidates.find((c) => c.id === night.id)).toMatchObject({ work_start: "22:00", due: bkk(TUE, "22:15"), end: bkk("2026-12-02", "06:00") });
  });

  test("who is due moves with the clock: the office at 08:45, the afternoon shift at 13:15, the night shift at 22:15", () => {
    const due = (time: string) => ids(checkinRemindersDue(TUE, bkk(TUE, time), 15)).filter((id) => [office, afternoonShift, night, afternoonLeave].some((p) => p.id === id));
    expect(due("08:44")).toEqual([]);
    expect(due("08:45")).toEqual(sorted(office, afternoonLeave));
    // The afternoon's leave works the morning: its hours end at the break, and so does its reminder.
    expect(due("13:15")).toEqual(sorted(office, afternoonShift));
    checkIn(office.id, TUE, "13:20");
    expect(due("21:59")).toEqual(sorted(afternoonShift));
    // Past a shift's end its reminder is no use: at 22:15 only the night shift.
    expect(due("22:15")).toEqual(sorted(night));
  });

  test("on a Saturday only the Saturday schedule is reminded", () => {
    const candidates = checkinCandidates(SAT, bkk(SAT, "06:00"), 15);
    expect(checkinPlan(SAT, bkk(SAT, "06:00"), 15)).toEqual({ times: ["09:15"], until: "13:00" });
    expect(candidates.map((c) => c.id)).toEqual([weekendOnly.id]);
  });
});

describe("sending: once per employee and work date", () => {
  const WED = "2026-12-16";
  const THU = "2026-12-17"; // not 10 Dec, a public holiday

  test("the check-in reminder: each at their own time, once; the run row says the day's total", async () => {
    const office = person();
    const late = person();
    assignSchedule(late.id, workSchedule(weekdays("10:00", "19:00")));
    const others = () => received().filter((p) => p.to === office.lineUserId || p.to === late.lineUserId);

    await sendCheckinReminders(WED, bkk(WED, "08:45"));
    expect(others().map((p) => p.to)).toEqual([office.lineUserId]);
    const first = await sendCheckinReminders(WED, bkk(WED, "09:00"));
    expect(others()).toHaveLength(1);
    await sendCheckinReminders(WED, bkk(WED, "10:15"));
    const pushes = others();
    expect(pushes.map((p) => [p.title, p.to])).toEqual([
      [REMINDER_TITLES.checkin, office.lineUserId],
      [REMINDER_TITLES.checkin, late.lineUserId],
    ]);
    expect(pushes[0].text).toContain("08:30 น.");
    expect(pushes[1].text).toContain("10:00 น.");
    expect(first).toMatch(/^ส่งถึงพนักงาน \d+ ราย$/);
    const total = await sendCheckinReminders(WED, bkk(WED, "11:00"));
    expect(total).toBe(`ส่งถึงพนักงาน ${db().select().from(linePushes).all().length} ราย`);
    expect(others()).toHaveLength(2);
  });

  test("the check-out reminder: the schedule's end + 30, a night shift's the next morning, once per work date", async () => {
    const office = person();
    const night = person();
    assignSchedule(night.id, workSchedule(weekdays("22:00", "06:00")));
    const mine = () => received().filter((p) => p.to === office.lineUserId || p.to === night.lineUserId);

    checkIn(night.id, WED, "22:05");
    // The night shift of WED ends on THU: not a check-out reminder of WED.
    expect(checkoutCandidates(WED, bkk(WED, "23:00"), 30).some((c) => c.id === night.id && c.work_date === WED)).toBe(false);
    const thursday = checkoutCandidates(THU, bkk(THU, "06:00"), 30).filter((c) => c.id === night.id || c.id === office.id);
    expect(thursday.map((c) => [c.id, c.work_date, c.work_end, c.due])).toEqual(
      expect.arrayContaining([
        [night.id, WED, "06:00", bkk(THU, "06:30")],
        [office.id, THU, "17:30", bkk(THU, "18:00")],
      ]),
    );
    expect(checkoutPlan(THU, bkk(THU, "06:00"), 30)).toEqual(expect.arrayContaining(["06:30", "18:00"]));

    expect(ids(checkoutRemindersDue(THU, bkk(THU, "06:29"), 30))).not.toContain(night.id);
    await sendCheckoutReminders(THU, bkk(THU, "06:30"));
    await sendCheckoutReminders(THU, bkk(THU, "07:00"));
    expect(mine().map((p) => [p.title, p.to])).toEqual([[REMINDER_TITLES.checkout, night.lineUserId]]);
    expect(mine()[0].text).toContain("เข้างานเมื่อ 22:05 น.");
    expect(mine()[0].text).toContain("06:00 น.");
    expect(mine()[0].text).toContain("16 ธ.ค. 2569"); // the shift's work date

    // THU's day: the office checked in and not out (WED's night shift, still open, was reminded already).
    checkIn(office.id, THU, "08:20");
    await sendCheckoutReminders(THU, bkk(THU, "17:59"));
    expect(mine()).toHaveLength(1);
    await sendCheckoutReminders(THU, bkk(THU, "18:00"));
    expect(mine().map((p) => p.to)).toEqual([night.lineUserId, office.lineUserId]);
    checkOut(office.id, THU, "18:10");
    checkIn(night.id, THU, "22:00");
    // FRI 06:30: THU's night shift is a new work date, reminded although WED's was reminded before.
    const FRI = "2026-12-18";
    await sendCheckoutReminders(FRI, bkk(FRI, "06:30"));
    expect(mine().map((p) => p.to)).toEqual([night.lineUserId, office.lineUserId, night.lineUserId]);
  });
});
