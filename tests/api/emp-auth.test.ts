import { lineEnv, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { cookieFrom, startServer, type RunningServer } from "../fixtures/server";

const LINK_FAILED = "รหัสพนักงานหรือรหัสยืนยันไม่ถูกต้อง หรือรหัสยืนยันหมดอายุแล้ว กรุณาตรวจสอบ หรือขอรหัสใหม่จากผู้ดูแลระบบ";

const ADMIN = { ADMIN_USERNAME: "line-admin", ADMIN_PASSWORD: "line-admin-password" };
let fake: FakeLine;
let server: RunningServer;
let adminCookie: string;

async function post(path: string, body: unknown, cookie?: string) {
  return fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
    redirect: "manual",
  });
}

beforeAll(async () => {
  fake = await startFakeLine();
  server = await startServer(lineEnv(fake, ADMIN));
  const login = await post("/api/auth/login", { username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD });
  adminCookie = cookieFrom(login, "tn_admin")!;
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

async function newEmployee(code: string) {
  const response = await post("/api/employee", { code, title: 1, first_name: "ประยุทธ", last_name: "ขยัน" }, adminCookie);
  return (await response.json()).employee as { id: number; code: string };
}

async function authen(idToken: string) {
  const response = await post("/api/emp/authen", { idToken });
  return { response, body: await response.json(), cookie: cookieFrom(response, "tn_emp") };
}

describe("employee sign-in through LIFF (LINE configured)", () => {
  test("400 without an idToken, even with a lineUserId; 401 for tokens LINE rejects", async () => {
    const bare = await post("/api/emp/authen", { lineUserId: "Uabc" });
    expect(bare.status).toBe(400);
    expect(cookieFrom(bare, "tn_emp")).toBeNull();
    fake.tokens.set("wrong-aud", { sub: "Uabc", aud: "someone-else" });
    expect((await authen("forged")).response.status).toBe(401);
    expect((await authen("wrong-aud")).response.status).toBe(401);
    expect((await authen("demo:Udemo0001")).response.status).toBe(401);
  });

  test("unlinked → {isVerify:false}; link with the admin's code; then the spec's reply and /api/emp/me", async () => {
    fake.tokens.set("token-somsri", { sub: "U0000somsri", aud: "1234567890", name: "Somsri" });
    const first = await authen("token-somsri");
    expect(first.response.status).toBe(200);
    expect(first.body).toEqual({ isVerify: false });
    expect(first.cookie).toBeTruthy();
    const sentToLine = fake.find("/oauth2/v2.1/verify").at(-1)!;
    expect(sentToLine.body).toEqual({ id_token: "token-somsri", client_id: "1234567890" });

    // not linked yet: employee routes answer 403
    expect((await fetch(`${server.baseUrl}/api/emp/me`, { headers: { Cookie: first.cookie! } })).status).toBe(403);

    const employee = await newEmployee("LINE-1");
    const issued = await post(`/api/employee/${employee.id}/verify-code`, {}, adminCookie);
    expect(issued.status).toBe(200);
    const { code, expires_at } = await issued.json();
    expect(code).toMatch(/^\d{6}$/);
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);

    const wrong = await post("/api/emp/verify", { employee_code: "LINE-1", verify_code: code === "123456" ? "654321" : "123456" }, first.cookie!);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toMatch(/ไม่ถูกต้อง/);

    const linked = await post("/api/emp/verify", { employee_code: "line-1", verify_code: code }, first.cookie!);
    expect(linked.status).toBe(200);
    expect(await linked.json()).toEqual({
      isVerify: true,
      id: employee.id,
      title: 1,
      first_name: "ประยุทธ",
      last_name: "ขยัน",
      permission: "employee",
      code: "LINE-1",
      face_descriptor: null,
    });

    const again = await authen("token-somsri");
    expect(again.body.isVerify).toBe(true);
    const me = await fetch(`${server.baseUrl}/api/emp/me`, { headers: { Cookie: again.cookie! } });
    expect(me.status).toBe(200);
    expect((await me.json()).employee).toMatchObject({ id: employee.id, line_linked: true });

    // the admin list shows the link; a second code can't be issued while linked
    expect((await post(`/api/employee/${employee.id}/verify-code`, {}, adminCookie)).status).toBe(409);

    // an employee session is not an admin: admin APIs 403, admin pages → /login
    expect((await fetch(`${server.baseUrl}/api/user-auth`, { headers: { Cookie: again.cookie! } })).status).toBe(403);
    const page = await fetch(`${server.baseUrl}/admin`, { headers: { Cookie: again.cookie! }, redirect: "manual" });
    expect(page.headers.get("location")).toBe("/login");

    // admin unlinks → the employee is back to unverified
    const unlink = await post(`/api/employee/${employee.id}/unlink`, {}, adminCookie);
    expect(unlink.status).toBe(200);
    expect((await unlink.json()).employee.line_linked).toBe(false);
    expect((await fetch(`${server.baseUrl}/api/emp/me`, { headers: { Cookie: again.cookie! } })).status).toBe(403);
  });

  test("/api/emp/me and /api/emp/verify need a LINE session: 401 without one", async () => {
    expect((await fetch(`${server.baseUrl}/api/emp/me`)).status).toBe(401);
    expect((await post("/api/emp/verify", { employee_code: "X", verify_code: "123456" })).status).toBe(401);
  });

  test("a second LINE user cannot take a linked employee", async () => {
    fake.tokens.set("token-a", { sub: "U000000aaa", aud: "1234567890" });
    fake.tokens.set("token-b", { sub: "U000000bbb", aud: "1234567890" });
    const a = await authen("token-a");
    const b = await authen("token-b");
    const employee = await newEmployee("LINE-2");
    const { code } = await (await post(`/api/employee/${employee.id}/verify-code`, {}, adminCookie)).json();
    expect((await post("/api/emp/verify", { employee_code: "LINE-2", verify_code: code }, a.cookie!)).status).toBe(200);
    const stolen = await post("/api/emp/verify", { employee_code: "LINE-2", verify_code: code }, b.cookie!);
    // Contract change (issue 10): "linked elsewhere" gets the one answer of every failure (was 409).
    expect(stolen.status).toBe(400);
    expect((await stolen.json()).error).toBe(LINK_FAILED);
    expect((await (await post("/api/emp/authen", { idToken: "token-b" })).json()).isVerify).toBe(false);
  });

  test("unknown and real employee codes answer alike; a stranger's wrong tries are stopped and do not burn the code", async () => {
    fake.tokens.set("token-stranger", { sub: "U000000ccc", aud: "1234567890" });
    fake.tokens.set("token-owner", { sub: "U000000ddd", aud: "1234567890" });
    const stranger = await authen("token-stranger");
    const owner = await authen("token-owner");
    const employee = await newEmployee("LINE-3");
    const { code } = await (await post(`/api/employee/${employee.id}/verify-code`, {}, adminCookie)).json();
    const wrong = code === "123456" ? "654321" : "123456";

    const unknown = await post("/api/emp/verify", { employee_code: "NO-SUCH-CODE", verify_code: wrong }, stranger.cookie!);
    const real = await post("/api/emp/verify", { employee_code: "LINE-3", verify_code: wrong }, stranger.cookie!);
    expect([unknown.status, real.status]).toEqual([400, 400]);
    expect(await unknown.json()).toEqual(await real.json());
    for (let i = 0; i < 3; i++) {
      expect((await post("/api/emp/verify", { employee_code: "LINE-3", verify_code: wrong }, stranger.cookie!)).status).toBe(400);
    }
    const stopped = await post("/api/emp/verify", { employee_code: "LINE-3", verify_code: code }, stranger.cookie!);
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await stopped.json()).error).toMatch(/กรุณาลองใหม่ในอีก \d+ นาที/);

    const linked = await post("/api/emp/verify", { employee_code: "LINE-3", verify_code: code }, owner.cookie!);
    expect(linked.status).toBe(200);
    expect((await linked.json()).id).toBe(employee.id);
  });

  test("the verify page answers a body that is not a form with 400 in Thai, not 500", async () => {
    fake.tokens.set("token-page", { sub: "U000000eee", aud: "1234567890" });
    const { cookie } = await authen("token-page");
    const shapes: RequestInit[] = [
      { headers: { "content-type": "application/json", Cookie: cookie! }, body: JSON.stringify({ employee_code: "X", verify_code: "123456" }) },
      { headers: { "content-type": "text/plain", Cookie: cookie! }, body: "employee_code=X" },
      { headers: { Cookie: cookie! } },
    ];
    for (const init of shapes) {
      const response = await fetch(`${server.baseUrl}/employee/verify?_data=routes%2Femployee.verify`, { method: "POST", ...init });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("กรุณากรอกรหัสพนักงานและรหัสยืนยันในแบบฟอร์ม");
    }
  });
});

describe("demo mode (no LINE configured)", () => {
  test("demo identities are accepted and nothing is sent anywhere", async () => {
    const demo = await startServer(ADMIN);
    try {
      const response = await fetch(`${demo.baseUrl}/api/emp/authen`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ idToken: "demo:Udemo0001" }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ isVerify: false });
      const real = await fetch(`${demo.baseUrl}/api/emp/authen`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ idToken: "demo:U1234" }),
      });
      expect(real.status).toBe(401);

      // Signed in but not linked: every employee screen sends the user to the linking page.
      const cookie = cookieFrom(response, "tn_emp")!;
      for (const path of ["/employee", "/employee/checkin-out", "/employee/petition", "/employee/vending-machine", "/employee/face"]) {
        const page = await fetch(`${demo.baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
        expect([path, page.status, page.headers.get("location")]).toEqual([path, 302, "/employee/verify"]);
      }
      const verify = await fetch(`${demo.baseUrl}/employee/verify`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(verify.status).toBe(200);
    } finally {
      await demo.stop();
    }
  });
});
