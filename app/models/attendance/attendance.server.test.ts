import { and, eq } from "drizzle-orm";
import { attendance, attendanceDays, ledgerDates, leavePetitions, settings } from "../../../db/schema";
import { LeaveStatus } from "~/lib/enums";
import { makeJpeg } from "../../../tests/fixtures/images";
import { db } from "~/lib/db.server";
import { closeFaceEngine } from "~/lib/face.server";
import { ATTENDANCE_MESSAGES, listOwn, todayFor } from "./attendance.server";
import { counts, go, HQ, input, newEmployee, north, refused, useOffice } from "./attendance.test-helpers";
import { updateSettings } from "~/models/core/settings.server";

const system = { type: "system" as const };
// 2026-11-23 is a Monday; Bangkok is UTC+7.
const bkk = (local: string) => new Date(`${local}+07:00`);

beforeEach(() => {
  db().delete(attendance).run();
  db().delete(settings).run();
  useOffice();
});
afterEach(() => vi.useRealTimers());
afterAll(() => closeFaceEngine());

describe("work date", () => {
  test("23:59 and 00:01 in Bangkok are two work dates, whatever the process's clock zone", async () => {
    const e = newEmployee();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T16:59:00Z")); // 23:59 Bangkok
    const late = await go(e.id, input(new Date()), null);
    expect(late.work_date).toBe("2026-11-23");
    expect(todayFor(e.id).next).toBe("out");

    vi.setSystemTime(new Date("2026-11-23T17:01:00Z")); // 00:01 Bangkok, the next day
    expect(todayFor(e.id)).toMatchObject({
      work_date: "2026-11-24",
      record: null,
      next: "in",
    });
    // A check-out after midnight belongs to the new day, which has no check-in.
    const error = await refused(go(e.id, input(new Date(), { type: "out" }), null));
    expect(error.status).toBe(409);
    expect(error.message).toBe(ATTENDANCE_MESSAGES.notIn);
    const next = await go(e.id, input(new Date()), null);
    expect(next.work_date).toBe("2026-11-24");
  });
});

describe("geofence and accuracy", () => {
  const now = bkk("2026-11-23T08:00:00");

  test("inside: no flag, nothing to review, the server's time and distance", async () => {
    const e = newEmployee();
    const record = await go(
      e.id,
      input(now, {
        ...north(50),
        accuracy: 20,
        client_time: new Date(now.getTime() - 90_000),
      }),
      null
    );
    expect(record).toMatchObject({
      checkin_at: now.toISOString(),
      checkin_geofence: "inside",
      checkin_office: HQ.name,
      checkin_accuracy: 20,
      checkin_address: null,
      flags: ["no_selfie"],
      review_status: "none",
      checked: 0,
      late_minutes: 0,
    });
    expect(record.checkin_distance_m).toBeCloseTo(50, 0);
  });

  test("uncertain: accepted and flagged for review", async () => {
    const e = newEmployee();
    const record = await go(e.id, input(now, { ...north(95), accuracy: 10 }), null);
    expect(record.checkin_geofence).toBe("uncertain");
    expect(record.flags).toContain("uncertain");
    expect(record.review_status).toBe("pending");
  });

  test("outside with review: accepted and flagged", async () => {
    const e = newEmployee();
    const record = await go(e.id, input(now, { ...north(500) }), null);
    expect(record).toMatchObject({
      checkin_geofence: "outside",
      review_status: "pending",
    });
    expect(record.flags).toContain("outside");
  });

  test("outside with reject: 422 naming the distance, nothing written", async () => {
    updateSettings({ outside_radius: "reject" }, system);
    const e = newEmployee();
    const before = counts();
    const error = await refused(go(e.id, input(now, { ...north(1500) }), null));
    expect(error.status).toBe(422);
    expect(error.message).toContain("1,500 เมตร");
    expect(error.message).toContain(HQ.name);
    expect(counts()).toEqual(before);
    // Uncertain is still accepted under reject.
    expect((await go(e.id, input(now, { ...north(105), accuracy: 10 }), null)).checkin_geofence).toBe("uncertain");
  });

  test("accuracy worse than the setting: 422 asking to try outdoors, nothing written", async () => {
    const e = newEmployee();
    const before = counts();
    const error = await refused(go(e.id, input(now, { accuracy: 101 }), null));
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/ตำแหน่งไม่แม่นยำพอ.*ลองใหม่ในที่โล่ง/);
    expect(counts()).toEqual(before);
    expect((await go(e.id, input(now, { accuracy: 100 }), null)).checkin_accuracy).toBe(100);
  });

  test("no office configured: 409", async () => {
    updateSettings({ offices: [] }, system);
    const error = await refused(go(newEmployee().id, input(now), null));
    expect(error.status).toBe(409);
    expect(counts().rows).toBe(0);
  });
});

describe("clock and position age", () => {
  const now = bkk("2026-11-23T08:00:00");
  test.each([
    [
      "client clock 2 min off",
      {
        client_time: new Date(now.getTime() + 120_000),
        position_at: new Date(now.getTime() + 120_000),
      },
      [],
    ],
    ["client clock 2 min 1 s off", { client_time: new Date(now.getTime() - 121_000) }, ["clock_drift"]],
    ["position 60 s old", { position_at: new Date(now.getTime() - 60_000) }, []],
    ["position 61 s old", { position_at: new Date(now.getTime() - 61_000) }, ["stale_position"]],
    // The age is measured on the phone's clock: a drifting clock alone is not a stale position.
    [
      "clock 5 min behind, fresh position",
      {
        client_time: new Date(now.getTime() - 300_000),
        position_at: new Date(now.getTime() - 300_000),
      },
      ["clock_drift"],
    ],
  ] as const)("%s", async (_, over, expected) => {
    const record = await go(newEmployee().id, input(now, over), null);
    expect(record.flags.filter((f) => f !== "no_selfie")).toEqual(expected);
    expect(record.review_status).toBe(expected.length ? "pending" : "none");
  });
});

describe("late and early minutes", () => {
  test.each([
    [0, "08:30:59", 0],
    [0, "08:31:00", 1],
    [10, "08:40:59", 0],
    [10, "08:41:00", 11],
    [0, "07:50:00", 0],
  ])("grace %d, check-in at %s → %d minutes late", async (grace, time, minutes) => {
    updateSettings({ late_grace_minutes: grace }, system);
    const now = bkk(`2026-11-23T${time}`);
    expect((await go(newEmployee().id, input(now), null)).late_minutes).toBe(minutes);
  });

  test.each([
    [0, "17:29:01", 0],
    [0, "17:29:00", 1],
    [10, "17:19:01", 0],
    [10, "17:20:00", 0],
    [10, "17:19:00", 11],
    [0, "18:30:00", 0],
  ])("grace %d, check-out at %s → %d minutes early", async (grace, time, minutes) => {
    updateSettings({ early_grace_minutes: grace }, system);
    const e = newEmployee();
    await go(e.id, input(bkk("2026-11-23T08:00:00")), null);
    const now = bkk(`2026-11-23T${time}`);
    expect((await go(e.id, input(now, { type: "out" }), null)).early_minutes).toBe(minutes);
  });

  test("a day that is not a work day is never late or early", async () => {
    const e = newEmployee();
    expect((await go(e.id, input(bkk("2026-11-28T10:00:00")), null)).late_minutes).toBe(0); // Saturday
    expect((await go(e.id, input(bkk("2026-11-28T12:00:00"), { type: "out" }), null)).early_minutes).toBe(0);
    updateSettings({ work_days: [6] }, system);
    expect((await go(newEmployee().id, input(bkk("2026-11-28T10:00:00")), null)).late_minutes).toBe(90);
  });
});

describe("one row per employee per work date", () => {
  const now = bkk("2026-11-23T08:00:00");

  test("second check-in, check-out before check-in and second check-out are 409s and write nothing", async () => {
    updateSettings({ require_selfie: false }, system);
    const e = newEmployee();
    const photo = await makeJpeg();
    const early = await refused(go(e.id, input(now, { type: "out" }), photo));
    expect(early.status).toBe(409);
    expect(counts()).toEqual({ rows: 0, uploads: counts().uploads });

    await go(e.id, input(now), null);
    let before = counts();
    const again = await refused(go(e.id, input(now), photo));
    expect([again.status, again.message]).toEqual([409, ATTENDANCE_MESSAGES.alreadyIn]);
    expect(counts()).toEqual(before);

    const out = await go(e.id, input(bkk("2026-11-23T17:31:00"), { type: "out" }), null);
    expect(out.checkout_at).toBe(bkk("2026-11-23T17:31:00").toISOString());
    before = counts();
    const twice = await refused(go(e.id, input(bkk("2026-11-23T17:40:00"), { type: "out" }), photo));
    expect([twice.status, twice.message]).toEqual([409, ATTENDANCE_MESSAGES.alreadyOut]);
    expect(counts()).toEqual(before);
    expect(todayFor(e.id, now).next).toBe("done");
  });

  test("two concurrent check-ins with selfies: exactly one row and one upload", { timeout: 60_000 }, async () => {
    const e = newEmployee();
    const before = counts();
    const photo = await makeJpeg();
    const results = await Promise.allSettled([go(e.id, input(now), photo), go(e.id, input(now), photo), go(e.id, input(now), photo)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409 });
    expect(counts()).toEqual({
      rows: before.rows + 1,
      uploads: before.uploads + 1,
    });
  });
});

describe("selfie rule", () => {
  const now = bkk("2026-11-23T08:00:00");

  test("required and missing: 400, nothing written", async () => {
    updateSettings({ require_selfie: true }, system);
    const before = counts();
    const error = await refused(go(newEmployee().id, input(now), null));
    expect(error.status).toBe(400);
    expect(error.fields?.photo).toBe(ATTENDANCE_MESSAGES.selfieRequired);
    expect(counts()).toEqual(before);
  });

  test("not required and missing: accepted, no match, only the informational no_selfie flag", async () => {
    const record = await go(newEmployee().id, input(now), null);
    expect(record).toMatchObject({
      checkin_photo_url: null,
      checkin_match: null,
      flags: ["no_selfie"],
      review_status: "none",
    });
  });

  test("a non-image photo: 400, nothing written", async () => {
    const before = counts();
    const error = await refused(go(newEmployee().id, input(now), Buffer.from("<html>not a picture</html>")));
    expect(error.status).toBe(400);
    expect(counts()).toEqual(before);
  });
});

describe("today and history", () => {
  test("todayFor carries the page's settings and offices", async () => {
    const e = newEmployee();
    const now = bkk("2026-11-23T08:00:00");
    expect(todayFor(e.id, now)).toEqual({
      work_date: "2026-11-23",
      record: null,
      next: "in",
      offices: [HQ],
      settings: {
        require_selfie: false,
        max_accuracy_m: 100,
        outside_radius: "review",
        work_start: "08:30",
        work_end: "17:30",
      },
    });
    await go(e.id, input(now), null);
    expect(todayFor(e.id, now)).toMatchObject({
      next: "out",
      record: { work_date: "2026-11-23" },
    });
  });

  test("listOwn: own rows only, newest first, at most 62 days", async () => {
    const e = newEmployee();
    const other = newEmployee();
    for (const day of ["2026-11-20", "2026-11-23"]) await go(e.id, input(bkk(`${day}T08:00:00`)), null);
    await go(other.id, input(bkk("2026-11-23T08:00:00")), null);
    const list = listOwn(e.id, {}, bkk("2026-11-23T09:00:00"));
    expect(list).toMatchObject({ from: "2026-10-25", to: "2026-11-23" });
    expect(list.items.map((r) => [r.employee_id, r.work_date])).toEqual([
      [e.id, "2026-11-23"],
      [e.id, "2026-11-20"],
    ]);
    expect(listOwn(e.id, { from: "2026-11-21", to: "2026-11-23" }).items).toHaveLength(1);
    expect(listOwn(e.id, { from: "2026-09-23", to: "2026-11-23" }).items).toHaveLength(2); // 62 days
    expect((await refused(Promise.resolve().then(() => listOwn(e.id, { from: "2026-09-22", to: "2026-11-23" })))).status).toBe(400);
    expect((await refused(Promise.resolve().then(() => listOwn(e.id, { from: "2026-11-24", to: "2026-11-23" })))).status).toBe(400);
  });

  test("listOwn: each record with its day's status, reason and minutes from the ledger", async () => {
    db().delete(attendanceDays).run();
    db().delete(ledgerDates).run();
    updateSettings({ attendance_start: "2020-01-01" }, system);
    const e = newEmployee();
    // Friday: in at 12:55 (late then), out at 17:30; the morning's leave is approved afterwards.
    await go(e.id, input(bkk("2026-11-20T12:55:00")), null);
    await go(e.id, input(bkk("2026-11-20T17:30:00"), { type: "out" }), null);
    db()
      .insert(leavePetitions)
      .values({ employeeId: e.id, type: 1, startDate: "2026-11-20", endDate: "2026-11-20", half: "morning", days: 0.5, year: 2026, reason: "ธุระ", status: LeaveStatus.approve })
      .run();
    await go(e.id, input(bkk("2026-11-23T08:45:00")), null);
    const { items } = listOwn(e.id, { from: "2026-11-20", to: "2026-11-23" }, bkk("2026-11-23T09:00:00"));
    expect(items.map((r) => [r.work_date, r.status, r.reason, r.late_minutes])).toEqual([
      ["2026-11-23", "late", "สาย 15 นาที, ยังไม่ลงเวลาออก", 15],
      ["2026-11-20", "present", "ลาครึ่งวันเช้า (ลากิจ)", 0],
    ]);
  });
});

describe("the day ledger (ADR 043)", () => {
  const DAY = "2026-11-23"; // Monday, a working day
  const approvedLeave = (employeeId: number, half: "morning" | "afternoon") =>
    db()
      .insert(leavePetitions)
      .values({ employeeId, type: 1, startDate: DAY, endDate: DAY, half, days: 0.5, year: 2026, reason: "ธุระ", status: LeaveStatus.approve })
      .run();
  const ledgerRow = (employeeId: number, date: string) =>
    db()
      .select()
      .from(attendanceDays)
      .where(and(eq(attendanceDays.employeeId, employeeId), eq(attendanceDays.workDate, date)))
      .get();

  test("approved morning leave, check-in 12:55: late 0 on the record and in the ledger (the afternoon starts 13:00)", async () => {
    const e = newEmployee();
    approvedLeave(e.id, "morning");
    const record = await go(e.id, input(bkk(`${DAY}T12:55:00`)), null);
    expect(record.late_minutes).toBe(0);
    expect(ledgerRow(e.id, DAY)).toMatchObject({ status: "present", lateMinutes: 0, leaveHalf: "morning", attendanceId: record.id });
    // Without the leave the same check-in is counted from work_start.
    expect((await go(newEmployee().id, input(bkk(`${DAY}T12:55:00`)), null)).late_minutes).toBe(265);
  });

  test("approved afternoon leave, check-out 12:55: early 0 (the morning ends at the break, 12:00)", async () => {
    const e = newEmployee();
    approvedLeave(e.id, "afternoon");
    await go(e.id, input(bkk(`${DAY}T08:20:00`)), null);
    const record = await go(e.id, input(bkk(`${DAY}T12:55:00`), { type: "out" }), null);
    expect(record.early_minutes).toBe(0);
    expect(ledgerRow(e.id, DAY)).toMatchObject({ status: "present", earlyMinutes: 0, leaveHalf: "afternoon" });
  });

  test("check-in at 10:00 on a public holiday: late 0, worked on a holiday", async () => {
    const e = newEmployee();
    const record = await go(e.id, input(bkk("2026-12-10T10:00:00")), null); // วันรัฐธรรมนูญ, a Thursday
    expect(record.late_minutes).toBe(0);
    expect(ledgerRow(e.id, "2026-12-10")).toMatchObject({ status: "present", lateMinutes: 0, holidayDate: "2026-12-10" });
    expect(ledgerRow(e.id, "2026-12-10")?.reason).toContain("ทำงานวันหยุด");
  });

  test("each side gets its own review from its own flags; review_status sums them up", async () => {
    const e = newEmployee();
    const inside = await go(e.id, input(bkk(`${DAY}T08:00:00`)), null);
    expect(inside.review_status).toBe("none");
    const out = await go(e.id, input(bkk(`${DAY}T17:40:00`), { type: "out", ...north(150) }), null);
    expect(out.review_status).toBe("pending");
    const row = db().select().from(attendance).where(eq(attendance.id, out.id)).get();
    expect([row?.checkinReview, row?.checkoutReview]).toEqual(["none", "pending"]);
    expect(ledgerRow(e.id, DAY)).toMatchObject({ checkinReview: "none", checkoutReview: "pending", status: "present" });

    const flagged = newEmployee();
    await go(flagged.id, input(bkk(`${DAY}T08:00:00`), north(150)), null);
    const back = db().select().from(attendance).where(eq(attendance.employeeId, flagged.id)).get();
    expect([back?.checkinReview, back?.checkoutReview, back?.reviewStatus]).toEqual(["pending", "none", "pending"]);
  });
});
