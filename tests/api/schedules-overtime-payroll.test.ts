// Issue 36's days through the built server on a moved clock (libfaketime, its time read from a
// file the test rewrites, so one server lives through October): a night shift, a Saturday half
// day, a schedule changed from next Monday, approved overtime on a weekday and on a public
// holiday, and a closed month that refuses a correction until it is reopened.
import { linkedEmployee } from "../fixtures/employees";
import { adminCookie, apiClient, cookieFrom, movableClock, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "schedules-admin", password: "schedules-password" };
const HQ = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };

let now = new Date();
let server: RunningServer;
let admin: string;
let moved: ReturnType<typeof movableClock>;
const api = apiClient(() => server, () => admin);

/** Moves the server's clock to `time` (HH:mm) on `date` in Bangkok; it runs on from there. */
function clock(date: string, time: string) {
  now = new Date(`${date}T${time}:00+07:00`);
  moved.set(now);
}

async function ok(response: Response, status = 200) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

type Employee = { id: number; code: string; emp: string; lineUser: string };

let demo = 0;
const team: Employee[] = [];
async function linked(code: string): Promise<Employee> {
  demo += 1;
  const lineUser = `Udemo${String(900 + demo).padStart(4, "0")}`;
  const { id, cookie } = await linkedEmployee(server, admin, { code, demoUser: lineUser });
  const e = { id, code, emp: cookie, lineUser };
  team.push(e);
  return e;
}

let signedInAt = 0;
/**
 * Moves the clock (as `clock`) and, when sessions would have expired on the way (they last 7
 * days), signs the admin and every linked employee in again at the new time.
 */
async function moveTo(date: string, time: string) {
  clock(date, time);
  if (now.getTime() - signedInAt < 3 * 86_400_000) return;
  signedInAt = now.getTime();
  admin = await adminCookie(server, ADMIN);
  for (const e of team) {
    const authen = await api("/api/emp/authen", { method: "POST", anonymous: true, json: { idToken: `demo:${e.lineUser}` } });
    const cookie = cookieFrom(authen, "tn_emp");
    if (!cookie) throw new Error(`authen ${e.lineUser}: ${authen.status}`);
    e.emp = cookie;
  }
}

/** A check-in or check-out at the server's (moved) clock at the office. */
async function check(e: Employee, type: "in" | "out") {
  const form = new FormData();
  const fields = { type, lat: HQ.lat, lng: HQ.lng, accuracy: 10, position_at: now.getTime(), client_time: now.toISOString() };
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  const body = await ok(await api("/api/emp/checkin-out", { method: "POST", anonymous: true, headers: { Cookie: e.emp }, body: form }), 201);
  return body.record as Record<string, unknown> & { id: number; work_date: string };
}

async function schedule(name: string, days: Record<string, unknown>[]) {
  const body = await ok(await api("/api/schedule", { method: "POST", json: { name, days, late_grace_minutes: 0, early_grace_minutes: 0 } }), 201);
  return body.schedule as { id: number };
}
const weekdays = (start: string, end: string, extra: Record<string, string> = {}) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end, ...extra }));
const assign = async (e: Employee, scheduleId: number, from: string) =>
  ok(await api(`/api/employee/${e.id}/schedule`, { method: "PUT", json: { schedule_id: scheduleId, from } }));

async function dayOf(e: Employee, date: string) {
  const { items } = await ok(await api(`/api/checkin-out/daily?date=${date}&q=${e.code}`));
  return items.find((i: { employee: { id: number } }) => i.employee.id === e.id) as { status: string; reason: string; record: Record<string, unknown> | null };
}

async function totalsOf(e: Employee, month: string) {
  for (let after = ""; ; ) {
    const page = await ok(await api(`/api/checkin-out/monthly?month=${month}${after ? `&after=${after}` : ""}`));
    const item = page.items.find((i: { employee: { id: number } }) => i.employee.id === e.id);
    if (item) return item.totals as Record<string, number>;
    if (page.next_cursor === null) throw new Error(`${e.code} is not in the sheet of ${month}`);
    after = page.next_cursor;
  }
}

let night: Employee, saturday: Employee, changing: Employee, overtime: Employee, holiday: Employee;
let lateScheduleId = 0;

beforeAll(async () => {
  moved = movableClock();
  clock("2026-10-01", "09:00");
  server = await startServer({
    ...moved.env,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  admin = await adminCookie(server, ADMIN);
  signedInAt = now.getTime();
  await ok(
    await api("/api/settings", {
      method: "PUT",
      json: { offices: [HQ], require_selfie: false, late_grace_minutes: 0, early_grace_minutes: 0, attendance_start: "2026-10-01" },
    }),
  );
  night = await linked("SC-NIGHT");
  saturday = await linked("SC-SAT");
  changing = await linked("SC-CHANGE");
  overtime = await linked("SC-OT");
  holiday = await linked("SC-HOLIDAY");
  const nightShift = await schedule("กะดึกคลังสินค้า", weekdays("22:00", "06:00", { break_start: "02:00", break_end: "02:30" }));
  const saturdayHalf = await schedule("จันทร์–เสาร์ครึ่งวัน", [
    ...weekdays("08:30", "17:30", { break_start: "12:00", break_end: "13:00" }),
    { weekday: 6, start: "08:30", end: "12:00" },
  ]);
  const nineToSix = await schedule("09:00–18:00", weekdays("09:00", "18:00", { break_start: "12:00", break_end: "13:00" }));
  lateScheduleId = (await schedule("เข้าสาย 10:00–19:00", weekdays("10:00", "19:00", { break_start: "13:00", break_end: "14:00" }))).id;
  await assign(night, nightShift.id, "2026-10-01");
  await assign(saturday, saturdayHalf.id, "2026-10-01");
  await assign(holiday, nineToSix.id, "2026-10-01");
}, 180_000);

afterAll(async () => {
  await server?.stop();
  moved?.restore();
});

describe("schedules in the ledger", () => {
  test("a schedule changed on Thursday from next Monday leaves this week's days as they were", async () => {
    await moveTo("2026-10-14", "09:00");
    expect(await check(changing, "in")).toMatchObject({ late_minutes: 30 });
    await moveTo("2026-10-14", "17:30");
    await check(changing, "out");
    await moveTo("2026-10-15", "10:00");
    const { schedule: current, history } = await assign(changing, lateScheduleId, "2026-10-19");
    expect(current).toMatchObject({ schedule_id: 1, name: "เวลาทำงานปกติ" }); // in force today
    expect(history[0]).toMatchObject({ schedule_id: lateScheduleId, from: "2026-10-19" });
    const wednesday = await dayOf(changing, "2026-10-14");
    expect(wednesday).toMatchObject({ status: "late" });
    expect(wednesday.record).toMatchObject({ late_minutes: 30 });
  });

  test("a night shift: in at 22:05 is 5 minutes late; out at 06:10 the next morning closes the shift's work date", async () => {
    await moveTo("2026-10-15", "22:05");
    const checkin = await check(night, "in");
    expect(checkin).toMatchObject({ work_date: "2026-10-15", late_minutes: 5 });
    await moveTo("2026-10-16", "06:10");
    const { work_date, next } = await ok(await api("/api/emp/checkin-out/today", { anonymous: true, headers: { Cookie: night.emp } }));
    expect({ work_date, next }).toEqual({ work_date: "2026-10-15", next: "out" });
    const checkout = await check(night, "out");
    expect(checkout).toMatchObject({ id: checkin.id, work_date: "2026-10-15", late_minutes: 5, early_minutes: 0 });
    expect(await dayOf(night, "2026-10-15")).toMatchObject({ status: "late" });
  });

  test("a Saturday half day: 08:40–12:00 is 10 minutes late on the Saturday's own hours", async () => {
    await moveTo("2026-10-17", "08:40");
    expect(await check(saturday, "in")).toMatchObject({ work_date: "2026-10-17", late_minutes: 10 });
    await moveTo("2026-10-17", "12:00");
    expect(await check(saturday, "out")).toMatchObject({ late_minutes: 10, early_minutes: 0 });
    const day = await dayOf(saturday, "2026-10-17");
    expect(day.status).toBe("late");
  });

  test("from that Monday the new schedule's hours apply: in at 09:50 under 10:00–19:00 is not late", async () => {
    await moveTo("2026-10-19", "09:50");
    expect(await check(changing, "in")).toMatchObject({ work_date: "2026-10-19", late_minutes: 0 });
    const wednesday = await dayOf(changing, "2026-10-14");
    expect(wednesday.record).toMatchObject({ late_minutes: 30 });
  });
});

describe("overtime", () => {
  test("approved 17:30–20:00 on a weekday counts 2.5 h at 1.5×", async () => {
    await moveTo("2026-10-20", "08:25");
    await check(overtime, "in");
    await moveTo("2026-10-20", "10:00");
    const asked = await ok(
      await api("/api/emp/overtime", {
        method: "POST",
        anonymous: true,
        headers: { Cookie: overtime.emp },
        json: { date: "2026-10-20", start: "17:30", end: "20:00", reason: "ปิดงบประจำเดือน" },
      }),
      201,
    );
    await ok(await api(`/api/overtime/${asked.overtime.id}/decision`, { method: "POST", json: { decision: "approve", note: "" } }));
    await moveTo("2026-10-20", "20:10");
    await check(overtime, "out");
    expect(await totalsOf(overtime, "2026-10")).toMatchObject({ overtime_hours: 2.5, holiday_work_hours: 0, holiday_overtime_hours: 0 });
  });

  test("a public holiday worked 09:00–20:00 with overtime approved to 20:00: 8 h holiday work and 2 h at 3×", async () => {
    await moveTo("2026-10-22", "10:00");
    await ok(
      await api("/api/overtime", {
        method: "POST",
        json: { employee_id: holiday.id, date: "2026-10-23", start: "18:00", end: "20:00", reason: "ตรวจนับสินค้า" },
      }),
      201,
    );
    await moveTo("2026-10-23", "09:00"); // วันปิยมหาราช
    await check(holiday, "in");
    await moveTo("2026-10-23", "20:00");
    await check(holiday, "out");
    expect(await totalsOf(holiday, "2026-10")).toMatchObject({ overtime_hours: 0, holiday_work_hours: 8, holiday_overtime_hours: 2 });
  });
});

describe("a closed month", () => {
  test("refuses a correction of one of its days with a 409 naming the month, until it is reopened", async () => {
    await moveTo("2026-11-02", "09:00");
    await ok(await api("/api/payroll/close", { method: "POST", json: { month: "2026-10" } }));
    const correction = { employee_id: overtime.id, work_date: "2026-10-20", checkout_at: "19:00", note: "ลืมกดออกตอนเลิกงาน" };
    const refused = await api("/api/checkin-out/correct", { method: "POST", json: correction });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toContain("ตุลาคม 2569");
    expect(await totalsOf(overtime, "2026-10")).toMatchObject({ overtime_hours: 2.5 });

    await ok(await api("/api/payroll/reopen", { method: "POST", json: { month: "2026-10", reason: "แก้เวลาออกที่ลืมกด" } }));
    const { record } = await ok(await api("/api/checkin-out/correct", { method: "POST", json: correction }));
    expect(record).toMatchObject({ work_date: "2026-10-20" });
    expect(await totalsOf(overtime, "2026-10")).toMatchObject({ overtime_hours: 1.5 });
  });
});
