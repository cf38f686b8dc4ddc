// A forgotten check-out on the employee's LIFF home, through the built server on a moved clock
// (libfaketime): the days of the last week the day ledger holds as missing_checkout are offered
// for a correction request, and a day drops off once its request is waiting for an admin.
import { adminCookie, apiClient, cookieFrom, movedClock, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "forgotten-admin", password: "forgotten-admin-password" };
// Thursday 17 Dec 2026, 09:00 in Bangkok (02:00 UTC).
const CLOCK = { ...movedClock("2026-12-17 02:00:00"), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

let server: RunningServer;
let cookie: string;
const api = apiClient(() => server, () => cookie);

async function ok(response: Response, status = 200) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

beforeAll(async () => {
  server = await startServer(CLOCK);
  cookie = await adminCookie(server, ADMIN);
});
afterAll(async () => {
  await server?.stop();
});

test("the home offers ขอแก้ไขเวลา for each missing check-out of the last 7 days, until its request is filed", async () => {
  await ok(await api("/api/settings", { method: "PUT", json: { attendance_start: "2026-12-01" } }));
  const { employee } = await ok(await api("/api/employee", { method: "POST", json: { code: "FC01", title: 1, first_name: "ลืมออก", last_name: "ทดสอบ" } }), 201);
  const correct = (date: string, times: Record<string, string>) =>
    api("/api/checkin-out/correct", { method: "POST", json: { employee_id: employee.id, work_date: date, ...times, note: "ลงเวลาแทน" } });
  await ok(await correct("2026-12-09", { checkin_at: "08:30" })); // 8 days back
  await ok(await correct("2026-12-14", { checkin_at: "08:30", checkout_at: "17:35" }));
  await ok(await correct("2026-12-15", { checkin_at: "08:25" }));
  await ok(await correct("2026-12-16", { checkin_at: "08:31" }));
  await ok(await correct("2026-12-17", { checkin_at: "08:30" })); // today: still open, not forgotten

  const { code } = await ok(await api(`/api/employee/${employee.id}/verify-code`, { method: "POST" }));
  const authen = await api("/api/emp/authen", { method: "POST", anonymous: true, json: { idToken: "demo:Udemo0071" } });
  const emp = cookieFrom(authen, "tn_emp");
  if (!emp) throw new Error("no employee session");
  await ok(await api("/api/emp/verify", { method: "POST", anonymous: true, headers: { Cookie: emp }, json: { employee_code: "FC01", verify_code: code } }));
  const home = async () =>
    (await ok(await api("/employee?_data=routes%2Femployee._index", { anonymous: true, headers: { Cookie: emp } }))) as {
      forgotten_checkouts: { work_date: string; checkin_at: string | null }[];
    };

  expect((await home()).forgotten_checkouts).toEqual([
    { work_date: "2026-12-16", checkin_at: "2026-12-16T01:31:00.000Z" },
    { work_date: "2026-12-15", checkin_at: "2026-12-15T01:25:00.000Z" },
  ]);

  await ok(
    await api("/api/emp/checkin-out/correction", {
      method: "POST",
      anonymous: true,
      headers: { Cookie: emp },
      json: { work_date: "2026-12-16", checkout_at: "17:30", reason: "ลืมลงเวลาออก" },
    }),
    201,
  );
  expect((await home()).forgotten_checkouts.map((d) => d.work_date)).toEqual(["2026-12-15"]);
});
