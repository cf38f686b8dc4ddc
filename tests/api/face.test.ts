import { blankImage, faceSelfie, severalFacesImage } from "../fixtures/faces";
import { cookieFrom, startServer, type RunningServer } from "../fixtures/server";

// Demo mode: the LINE identity is a demo user, which is all this API needs.
const ADMIN = { ADMIN_USERNAME: "face-admin", ADMIN_PASSWORD: "face-admin-password" };
let server: RunningServer;
let admin: string;
let employeeCookie: string;
let employeeId: number;

async function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${server.baseUrl}${path}`, { method: "POST", body, headers });
}

beforeAll(async () => {
  server = await startServer(ADMIN);
  const login = await post("/api/auth/login", JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }), { "content-type": "application/json" });
  admin = cookieFrom(login, "tn_admin")!;
  const created = await post("/api/employee", JSON.stringify({ code: "FACE-1", title: 1, first_name: "ใบหน้า", last_name: "ทดสอบ" }), { "content-type": "application/json", Cookie: admin });
  employeeId = (await created.json()).employee.id;
  const { code } = await (await post(`/api/employee/${employeeId}/verify-code`, "", { Cookie: admin })).json();
  const authen = await post("/api/emp/authen", JSON.stringify({ idToken: "demo:Udemo0004" }), { "content-type": "application/json" });
  employeeCookie = cookieFrom(authen, "tn_emp")!;
  const linked = await post("/api/emp/verify", JSON.stringify({ employee_code: "FACE-1", verify_code: code }), { "content-type": "application/json", Cookie: employeeCookie });
  expect(linked.status).toBe(200);
}, 60_000);
afterAll(() => server?.stop());

function uploadFace(bytes: Uint8Array, cookie = employeeCookie) {
  const form = new FormData();
  form.set("photo", new File([new Uint8Array(bytes)], "face.jpg", { type: "image/jpeg" }));
  return post("/api/emp/face", form, cookie ? { Cookie: cookie } : {});
}

describe("POST /api/emp/face", { timeout: 60_000 }, () => {
  test("401 without a LINE session", async () => {
    expect((await uploadFace(await faceSelfie("a"), "")).status).toBe(401);
  });

  test("a descriptor posted as JSON is refused", async () => {
    const response = await post("/api/emp/face", JSON.stringify({ descriptor: Array(128).fill(0.1) }), {
      "content-type": "application/json",
      Cookie: employeeCookie,
    });
    expect(response.status).toBe(400);
    const me = await (await fetch(`${server.baseUrl}/api/emp/me`, { headers: { Cookie: employeeCookie } })).json();
    expect(me.employee.face_registered).toBe(false);
  });

  test("no face and several faces → 422 with Thai messages", async () => {
    const blank = await uploadFace(await blankImage());
    expect(blank.status).toBe(422);
    expect((await blank.json()).error).toMatch(/ไม่พบใบหน้า/);
    const crowd = await uploadFace(severalFacesImage());
    expect(crowd.status).toBe(422);
    expect((await crowd.json()).error).toMatch(/หลายใบหน้า/);
  });

  test("one face registers: authen then carries the 128-number descriptor; the employee sees their face photo", async () => {
    const response = await uploadFace(await faceSelfie("a"));
    expect(response.status).toBe(200);
    const { face_url } = await response.json();
    const authen = await (await post("/api/emp/authen", JSON.stringify({ idToken: "demo:Udemo0004" }), { "content-type": "application/json" })).json();
    expect(authen.isVerify).toBe(true);
    expect(authen.face_descriptor).toHaveLength(128);
    expect(authen.face_descriptor.every((x: unknown) => typeof x === "number" && Number.isFinite(x))).toBe(true);
    expect((await fetch(`${server.baseUrl}${face_url}`, { headers: { Cookie: employeeCookie } })).status).toBe(200);

    // the admin resets it
    const reset = await fetch(`${server.baseUrl}/api/employee/${employeeId}/face`, { method: "DELETE", headers: { Cookie: admin } });
    expect(reset.status).toBe(200);
    expect((await reset.json()).employee.face_registered).toBe(false);
    // and the old face photo is deleted: gone for the employee and for admins alike
    expect((await fetch(`${server.baseUrl}${face_url}`, { headers: { Cookie: employeeCookie } })).status).toBe(404);
    expect((await fetch(`${server.baseUrl}${face_url}`, { headers: { Cookie: admin } })).status).toBe(404);
  });
});
