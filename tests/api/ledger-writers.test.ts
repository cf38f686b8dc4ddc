// The day ledger's writers through the built server on a moved clock (libfaketime, its time read
// from a file the test rewrites, so one server lives through the day): a check-in or check-out
// answers with the ledger's late/early minutes (approved half-day leave, a public holiday), and
// a review decides the check-in or the check-out on its own (ADR 043).
import { adminCookie, apiClient, cookieFrom, movableClock, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "ledger-writers-admin", password: "ledger-writers-password" };
const HQ = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
const FAR = { lat: HQ.lat + 0.009, lng: HQ.lng }; // about 1 km north: outside, sent to review
const SETUP = "2026-12-07"; // Monday: the office is configured (attendance counts from here)
const DAY = "2026-12-08"; // Tuesday, a working day
const HOLIDAY = "2026-12-10"; // Thursday, วันรัฐธรรมนูญ

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

type Employee = { id: number; code: string; emp: string };

let demo = 70;
async function linked(code: string): Promise<Employee> {
  const { employee } = await ok(await api("/api/employee", { method: "POST", json: { code, title: 1, first_name: "บันทึก", last_name: code } }), 201);
  const { code: verify } = await ok(await api(`/api/employee/${employee.id}/verify-code`, { method: "POST" }));
  demo += 1;
  const authen = await api("/api/emp/authen", { method: "POST", anonymous: true, json: { idToken: `demo:Udemo00${demo}` } });
  const emp = cookieFrom(authen, "tn_emp");
  if (!emp) throw new Error(`authen: ${authen.status}`);
  await ok(await api("/api/emp/verify", { method: "POST", anonymous: true, headers: { Cookie: emp }, json: { employee_code: code, verify_code: verify } }));
  return { id: employee.id, code, emp };
}

async function approvedHalfDay(e: Employee, half: "morning" | "afternoon") {
  const { petition } = await ok(
    await api("/api/emp/leave/petition", {
      method: "POST",
      anonymous: true,
      headers: { Cookie: e.emp },
      json: { type: 1, reason: "ธุระ", start_date: DAY, end_date: DAY, half },
    }),
    201,
  );
  await ok(await api("/api/leave/approve-result", { method: "POST", json: { id: petition.id, action: "accept" } }));
}

/** A check-in or check-out at the server's (moved) clock, from `where`. */
async function check(e: Employee, type: "in" | "out", where: { lat: number; lng: number } = HQ) {
  const form = new FormData();
  const fields = { type, lat: where.lat, lng: where.lng, accuracy: 10, position_at: now.getTime(), client_time: now.toISOString() };
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  const body = await ok(await api("/api/emp/checkin-out", { method: "POST", anonymous: true, headers: { Cookie: e.emp }, body: form }), 201);
  return body.record as Record<string, unknown> & { id: number };
}

const review = (id: number, body: Record<string, unknown>) => api(`/api/checkin-out/${id}/review`, { method: "POST", json: body });

async function listed(e: Employee, date: string) {
  const { items } = await ok(await api(`/api/checkin-out?from=${date}&to=${date}&employee_id=${e.id}`));
  return items[0]?.record as Record<string, unknown> | undefined;
}

async function dayStatus(e: Employee, date: string) {
  const { items } = await ok(await api(`/api/checkin-out/daily?date=${date}&q=${e.code}`));
  return items.find((i: { employee: { id: number } }) => i.employee.id === e.id) as { status: string; reason: string };
}

let morning: Employee, afternoon: Employee, reviewed: Employee, holidayWorker: Employee;

beforeAll(async () => {
  moved = movableClock();
  clock(SETUP, "09:00");
  server = await startServer({
    ...moved.env,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  admin = await adminCookie(server, ADMIN);
  await ok(await api("/api/settings", { method: "PUT", json: { offices: [HQ], require_selfie: false, outside_radius: "review" } }));
  morning = await linked("LW-MORNING");
  afternoon = await linked("LW-AFTERNOON");
  reviewed = await linked("LW-REVIEW");
  holidayWorker = await linked("LW-HOLIDAY");
  await approvedHalfDay(morning, "morning");
  await approvedHalfDay(afternoon, "afternoon");
}, 120_000);

afterAll(async () => {
  await server?.stop();
  moved?.restore();
});

describe("check-in/out answers with the ledger's minutes", () => {
  test("approved morning leave, check-in 12:55 (the afternoon starts 13:00): late 0, in the answer and the records", async () => {
    clock(DAY, "08:20");
    await check(afternoon, "in");
    await check(reviewed, "in", FAR);
    clock(DAY, "12:55");
    const record = await check(morning, "in");
    expect(record).toMatchObject({ work_date: DAY, late_minutes: 0 });
    expect(await listed(morning, DAY)).toMatchObject({ late_minutes: 0 });
  });

  test("approved afternoon leave, check-out 12:55 (the morning ends at 12:00): early 0", async () => {
    clock(DAY, "12:55");
    const record = await check(afternoon, "out");
    expect(record).toMatchObject({ work_date: DAY, early_minutes: 0 });
    expect(await listed(afternoon, DAY)).toMatchObject({ early_minutes: 0 });
  });
});

describe("POST /api/checkin-out/:id/review with a side", () => {
  test("rejecting only the check-out leaves a missing check-out, the check-in standing; the other side is decided on its own", async () => {
    clock(DAY, "17:40");
    const out = await check(reviewed, "out", FAR);
    expect(out).toMatchObject({ checkin_review: "pending", checkout_review: "pending", review_status: "pending" });

    for (const side of ["both", "", 1]) {
      const bad = await review(out.id, { decision: "reject", side });
      expect(bad.status).toBe(400);
    }
    const rejected = await ok(await review(out.id, { decision: "reject", note: "รูปออกงานไม่ชัด", side: "out" }));
    expect(rejected.record).toMatchObject({ checkin_review: "pending", checkout_review: "rejected", review_status: "pending" });
    const again = await review(out.id, { decision: "accept", side: "out" });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("เวลาออกของรายการนี้ไม่ได้รอการตรวจสอบ");

    // The body without a side decides what still waits: the check-in.
    const accepted = await ok(await review(out.id, { decision: "accept" }));
    expect(accepted.record).toMatchObject({ checkin_review: "accepted", checkout_review: "rejected", review_status: "rejected" });
    expect((await review(out.id, { decision: "accept" })).status).toBe(409);

    clock(DAY, "18:30");
    const day = await dayStatus(reviewed, DAY);
    expect(day.status).toBe("missing_checkout");
    expect(day.reason).toContain("เวลาออกไม่ผ่านการตรวจสอบ");
  });
});

describe("later in the week", () => {
  test("a check-in at 10:00 on a public holiday: late 0, worked on a holiday", async () => {
    clock(HOLIDAY, "10:00");
    const record = await check(holidayWorker, "in");
    expect(record).toMatchObject({ work_date: HOLIDAY, late_minutes: 0 });
    const day = await dayStatus(holidayWorker, HOLIDAY);
    expect(day.status).toBe("present");
    expect(day.reason).toContain("ทำงานวันหยุด");
  });
});
