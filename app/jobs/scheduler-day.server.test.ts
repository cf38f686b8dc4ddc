// A working day with a fake clock: the scheduler is woken every 5 minutes from 06:00 to 23:55
// (Bangkok) against a fresh database and the fake LINE server, restarted at noon; what LINE
// received is asserted push by push. Then a holiday and a Saturday send nothing.
import { eq } from "drizzle-orm";
import { jobRuns, linePushes } from "../../db/schema";
import { startFakeLine, type FakeLine } from "../../tests/fixtures/fake-line";
import { db } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { LeaveStatus } from "~/lib/enums";
import { setPushRetryDefaults } from "~/models/line/notifier.server";
import { setSetting } from "~/models/core/settings.server";
import { REMINDER_TITLES } from "~/models/flows/reminder-cards.server";
import { bkk, cabinet, checkIn, checkOut, holiday, leave, lineGroup, person, type Person } from "~/models/flows/reminders.test-helpers";
import { HOLIDAY_SKIP, DAY_OFF_SKIP, LEDGER_CHECK_SKIP } from "~/models/flows/scheduled-jobs.server";
import { createScheduler } from "./scheduler.server";

const DAY = "2026-11-24"; // a Tuesday, no public holiday
const HOLIDAY = "2026-11-25";
const SATURDAY = "2026-11-28";

type Push = { to: string; title: string; text: string };

let fake: FakeLine;
const received = (): Push[] =>
  fake.find("/v2/bot/message/push", "POST").map((r) => {
    const body = r.body as { to: string; messages: { contents: { header: { contents: { text: string }[] } } }[] };
    return { to: body.to, title: body.messages[0].contents.header.contents[0].text, text: JSON.stringify(body.messages) };
  });

/** Wakes a fresh scheduler (a restart) every 5 minutes from `from` to `to` (HH:mm) of `date`, with events at their minute. */
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

const wantedRuns = ["holiday_seed", "ledger_fill", "nightly_backup", "selfie_purge", "remind_overdue_machines", "remind_checkin", "remind_pending_leave", "remind_checkout", "daily_summary"];
const runsOn = (date: string) =>
  db()
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.runDate, date))
    .all()
    .map((r) => [r.job, r.status, r.result] as const)
    .sort((a, b) => a[0].localeCompare(b[0]));

let early: Person, absent: Person, lateNoOut: Person, fullLeave: Person, morningLeave: Person, afternoonLeave: Person, unlinked: Person, resigned: Person;
let summaryGroup: { groupId: string }, leaveGroup: { groupId: string };
let dueYesterday: { code: string }, dueBefore: { code: string }, dueToday: { code: string }, broken: { code: string };

beforeAll(async () => {
  fake = await startFakeLine();
  process.env.LINE_API_BASE = fake.url;
  process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
  process.env.LIFF_ID = "1234567890-DayTest";
  resetEnvCache();
  setPushRetryDefaults({ baseDelayMs: 1 });
  // Who is expected at work comes from the day ledger, which counts from attendance_start.
  setSetting("attendance_start", "2020-01-01");

  early = person();
  absent = person();
  lateNoOut = person();
  fullLeave = person();
  morningLeave = person();
  afternoonLeave = person();
  unlinked = person({ linked: false });
  resigned = person({ resignedBefore: "2026-11-01" });
  leave(fullLeave.id, DAY);
  leave(morningLeave.id, DAY, { half: "morning" });
  leave(afternoonLeave.id, DAY, { half: "afternoon" });
  leave(absent.id, "2026-12-01", { status: LeaveStatus.request, createdAt: bkk("2026-11-22", "10:00") });
  leave(early.id, "2026-12-02", { status: LeaveStatus.request, createdAt: bkk("2026-11-24", "07:00") });

  dueYesterday = cabinet({ everyDays: 7, lastVisit: "2026-11-16", assignees: [early.id, unlinked.id], visitor: early.id });
  dueBefore = cabinet({ everyDays: 7, lastVisit: "2026-11-15", assignees: [early.id], visitor: early.id });
  dueToday = cabinet({ everyDays: 7, lastVisit: "2026-11-17", assignees: [early.id], visitor: early.id });
  broken = cabinet({ everyDays: 30, lastVisit: "2026-11-20", status: "broken", assignees: [], visitor: early.id });
  cabinet({ everyDays: 7, lastVisit: "2026-11-16", assignees: [resigned.id], visitor: early.id });

  summaryGroup = lineGroup({ notifySummary: true });
  leaveGroup = lineGroup({ notifyLeave: true });
  lineGroup({ notifySummary: true, notifyLeave: true, active: false });
  lineGroup({ notifyMachine: true });
});

afterAll(async () => {
  await fake.close();
  for (const key of ["LINE_API_BASE", "LINE_CHANNEL_ACCESS_TOKEN", "LIFF_ID"]) delete process.env[key];
  resetEnvCache();
});

test("a working day: each reminder and summary reaches exactly its people once, across a restart at noon", async () => {
  const events = {
    "08:10": () => checkIn(early.id, DAY, "08:10"),
    "09:10": () => checkIn(lateNoOut.id, DAY, "09:10"),
    "13:00": () => checkIn(morningLeave.id, DAY, "13:00"),
    "17:30": () => checkOut(morningLeave.id, DAY, "17:30"),
    "17:40": () => checkOut(early.id, DAY, "17:40"),
  };
  await runDay(DAY, "06:00", "11:55", events);
  const morning = received();
  await runDay(DAY, "12:00", "23:55", events);
  // A third start late in the evening (and one more wake at the last minute) sends nothing more.
  await runDay(DAY, "23:55", "23:59");
  const all = received();
  expect(all.slice(0, morning.length)).toEqual(morning);

  const T = REMINDER_TITLES;
  expect(all.map((p) => [p.title, p.to])).toEqual([
    // 08:00 the cabinets due yesterday, to their linked working caretakers
    [T.overdue_machines, early.lineUserId],
    // 08:45 (work_start + 15) everyone linked and working without a check-in, unless on leave that morning
    [T.checkin, absent.lineUserId],
    [T.checkin, lateNoOut.lineUserId],
    [T.checkin, afternoonLeave.lineUserId],
    // 09:00 petitions waiting more than 24 h, to the leave groups
    [T.pending_leave, leaveGroup.groupId],
    // 18:00 (the schedule's end + 30) checked in and not out
    [T.checkout, lateNoOut.lineUserId],
    // 18:00 the summary, to the summary groups
    ["สรุปประจำวัน 24 พ.ย. 2569", summaryGroup.groupId],
  ]);
  const [overdue, , , , pending, checkout, summary] = all;
  expect(overdue.text).toContain(dueYesterday.code);
  expect(overdue.text).not.toContain(dueBefore.code);
  expect(overdue.text).not.toContain(dueToday.code);
  expect(overdue.text).toContain("https://liff.line.me/1234567890-DayTest/vending-machine");
  expect(pending.text).toContain("1 รายการ");
  expect(pending.text).toContain("1 ธ.ค. 2569");
  expect(summary.text).toContain(broken.code);
  expect(checkout.text).toContain("09:10 น.");
  for (const p of [fullLeave, morningLeave, unlinked, resigned]) expect(all.some((x) => x.to === p.lineUserId && p.lineUserId !== null)).toBe(false);

  expect(db().select().from(linePushes).all().every((r) => r.status === "sent")).toBe(true);
  const runs = runsOn(DAY);
  // The ledger check is weekly (Sundays): a Tuesday records it as skipped.
  expect(runs.find(([job]) => job === "ledger_check")).toEqual(["ledger_check", "skipped", LEDGER_CHECK_SKIP]);
  expect(runs.filter(([job]) => job !== "ledger_check").map(([job, status]) => [job, status])).toEqual(
    wantedRuns.map((job) => [job, "ok"]).sort((a, b) => a[0].localeCompare(b[0])),
  );
  expect(runs.find(([job]) => job === "remind_checkin")?.[2]).toBe("ส่งถึงพนักงาน 3 ราย");
  // Each wake reads the day ledger for who is expected: ~440 wakes on a shared 2-core machine.
}, 60_000);

test("a holiday and a weekly day off send no reminders; the jobs record the day as skipped", async () => {
  holiday(HOLIDAY, "วันหยุดบริษัท");
  fake.reset();
  await runDay(HOLIDAY, "06:00", "23:55");
  await runDay(SATURDAY, "06:00", "23:55");
  expect(received()).toEqual([]);
  const housekeeping = ["holiday_seed", "ledger_fill", "nightly_backup", "selfie_purge"];
  const reminders = wantedRuns.filter((j) => !housekeeping.includes(j));
  for (const [date, reason] of [
    [HOLIDAY, `${HOLIDAY_SKIP} (วันหยุดบริษัท)`],
    [SATURDAY, DAY_OFF_SKIP],
  ]) {
    const runs = runsOn(date);
    expect(runs.filter(([job]) => reminders.includes(job))).toEqual(reminders.map((job) => [job, "skipped", reason]).sort((a, b) => a[0].localeCompare(b[0])));
    expect(runs.filter(([job]) => !reminders.includes(job) && job !== "ledger_check").map(([, status]) => status)).toEqual(housekeeping.map(() => "ok"));
  }
}, 60_000);
