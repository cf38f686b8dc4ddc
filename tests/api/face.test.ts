import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { linkedEmployee } from "../fixtures/employees";
import { blankImage, faceSelfie, htmlFile, secondSelfieOfA, severalFacesImage } from "../fixtures/faces";
import { makeJpeg } from "../fixtures/images";
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

function uploadFace(bytes: Uint8Array, cookie = employeeCookie, consent: string | null = "1") {
  const form = new FormData();
  form.set("photo", new File([new Uint8Array(bytes)], "face.jpg", { type: "image/jpeg" }));
  if (consent !== null) form.set("consent", consent);
  return post("/api/emp/face", form, cookie ? { Cookie: cookie } : {});
}

function sqlite<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, "tn.sqlite"), { readonly: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

const faceState = () =>
  sqlite((db) => ({
    uploads: (db.prepare("select count(*) as n from uploads").get() as { n: number }).n,
    employee: db
      .prepare("select face_upload_id, face_consent_at, face_confirmed_at, face_confirmed_by from employees where id = ?")
      .get(employeeId) as { face_upload_id: string | null; face_consent_at: number | null; face_confirmed_at: number | null; face_confirmed_by: number | null },
    audit: (db.prepare("select count(*) as n from audit_log where entity = 'employee' and entity_id = ?").get(String(employeeId)) as { n: number }).n,
  }));

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

  test("without the consent tick (no stored consent either) → 400 in Thai and nothing is written", async () => {
    const before = faceState();
    for (const consent of [null, "0", "yes"]) {
      const response = await uploadFace(await faceSelfie("a"), employeeCookie, consent);
      expect(response.status, String(consent)).toBe(400);
      const body = await response.json();
      expect(body.error).toMatch(/ยินยอม/);
      expect(body.fields.consent).toMatch(/ยินยอม/);
    }
    expect(faceState()).toEqual(before);
    expect(before.employee.face_upload_id).toBeNull();
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
    const consentAt = faceState().employee.face_consent_at;
    expect(consentAt).toEqual(expect.any(Number));
    const consentLog = sqlite((db) =>
      db.prepare("select actor_type, changes from audit_log where action = 'face_consent' and entity_id = ?").get(String(employeeId)),
    );
    expect(consentLog).toEqual({ actor_type: "employee", changes: JSON.stringify({ face_consent_at: new Date(consentAt!).toISOString() }) });

    // a new photo later may rely on the stored consent
    const again = await uploadFace(await secondSelfieOfA(), employeeCookie, null);
    expect(again.status).toBe(200);
    expect(faceState().employee.face_consent_at).toBe(consentAt);

    // the admin resets it
    const reset = await fetch(`${server.baseUrl}/api/employee/${employeeId}/face`, { method: "DELETE", headers: { Cookie: admin } });
    expect(reset.status).toBe(200);
    expect((await reset.json()).employee.face_registered).toBe(false);
    // a reset withdraws the consent: the next registration asks for it again
    expect(faceState().employee.face_consent_at).toBeNull();
    expect((await uploadFace(await faceSelfie("a"), employeeCookie, null)).status).toBe(400);
    // and the old face photos are deleted: gone for the employee and for admins alike
    const { face_url: second } = await again.json();
    expect((await fetch(`${server.baseUrl}${second}`, { headers: { Cookie: admin } })).status).toBe(404);
    expect((await fetch(`${server.baseUrl}${face_url}`, { headers: { Cookie: employeeCookie } })).status).toBe(404);
    expect((await fetch(`${server.baseUrl}${face_url}`, { headers: { Cookie: admin } })).status).toBe(404);
  });
});

describe("POST /api/emp/face/precheck", { timeout: 120_000 }, () => {
  let other: { id: number; cookie: string };
  beforeAll(async () => {
    other = await linkedEmployee(server, admin, { code: "FACE-PRE", demoUser: "Udemo0005" });
  });

  const precheck = (bytes: Uint8Array, cookie = other.cookie) => {
    const form = new FormData();
    form.set("photo", new File([new Uint8Array(bytes)], "selfie.jpg", { type: "image/jpeg" }));
    return post("/api/emp/face/precheck", form, cookie ? { Cookie: cookie } : {});
  };
  const register = (bytes: Uint8Array) => {
    const form = new FormData();
    form.set("photo", new File([new Uint8Array(bytes)], "face.jpg", { type: "image/jpeg" }));
    form.set("consent", "1");
    return post("/api/emp/face", form, { Cookie: other.cookie });
  };
  const stored = () =>
    sqlite((db) => ({
      uploads: (db.prepare("select count(*) as n from uploads").get() as { n: number }).n,
      audit: (db.prepare("select count(*) as n from audit_log").get() as { n: number }).n,
    }));

  test("says what the registration then says: no face, several faces (dark too) refused in the same words, one face taken", async () => {
    const photos: [string, Uint8Array][] = [
      ["no face", await blankImage()],
      ["three faces", severalFacesImage()],
      // sample1 is already dark (mean ~37 of 255, the old browser check's "too dark"); darker still:
      ["three faces, darker", await sharp(severalFacesImage()).modulate({ brightness: 0.5 }).jpeg().toBuffer()],
      ["one face", await faceSelfie("c")],
    ];
    for (const [name, photo] of photos) {
      const before = stored();
      const checked = await precheck(photo);
      expect(checked.status, name).toBe(200);
      const answer = (await checked.json()) as { faces: number | null; message: string | null };
      expect(stored(), `${name}: the pre-check stores nothing`).toEqual(before);
      const real = await register(photo);
      if (real.status === 200) {
        expect(answer, name).toEqual({ faces: 1, message: null });
      } else {
        expect(real.status, name).toBe(422);
        expect(answer.message, name).toBe(((await real.json()) as { error: string }).error);
        expect(answer.faces, name).not.toBe(1);
      }
    }
  });

  test("the answers' shape: 0 faces, 3 faces, 1 face, each with the server's text", async () => {
    expect(await (await precheck(await blankImage())).json()).toEqual({ faces: 0, message: "ไม่พบใบหน้าในรูป กรุณาถ่ายให้เห็นใบหน้าชัดเจน" });
    expect(await (await precheck(severalFacesImage())).json()).toEqual({ faces: 3, message: "พบหลายใบหน้าในรูป กรุณาถ่ายเฉพาะตัวเอง" });
    expect(await (await precheck(await faceSelfie("a"))).json()).toEqual({ faces: 1, message: null });
  });

  test("401 without a LINE session; 405 for GET; 400 not multipart, no photo or not an image; 413 over 1 MB", async () => {
    expect((await precheck(await faceSelfie("a"), "")).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/emp/face/precheck`, { headers: { Cookie: other.cookie } })).status).toBe(405);
    const json = await post("/api/emp/face/precheck", JSON.stringify({ faces: 1 }), { "content-type": "application/json", Cookie: other.cookie });
    expect(json.status).toBe(400);
    const empty = new FormData();
    empty.set("note", "x");
    expect((await post("/api/emp/face/precheck", empty, { Cookie: other.cookie })).status).toBe(400);
    const html = await precheck(htmlFile());
    expect(html.status).toBe(400);
    expect((await html.json()).error).toBe("รองรับเฉพาะไฟล์รูปภาพ JPEG, PNG, WebP หรือ HEIC");
    const large = await makeJpeg({ width: 2400, height: 2400 });
    expect(large.byteLength).toBeGreaterThan(1024 * 1024);
    const tooLarge = await precheck(large);
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error).toBe("รูปสำหรับตรวจใบหน้าล่วงหน้าต้องไม่เกิน 1 MB");
  });
});

describe("face review: GET /api/face-review, POST /api/employee/:id/face/review", { timeout: 60_000 }, () => {
  const review = (id: number | string, body: unknown, headers: Record<string, string> = { Cookie: admin }) =>
    post(`/api/employee/${id}/face/review`, JSON.stringify(body), { "content-type": "application/json", ...headers });
  const queue = async (query = "") => {
    const response = await fetch(`${server.baseUrl}/api/face-review${query}`, { headers: { Cookie: admin } });
    expect(response.status).toBe(200);
    return (await response.json()) as { items: { employee: { id: number }; face_url: string; face_registered_at: string }[]; total: number; page: number; page_size: number };
  };

  test("401 without a session, 403 for a LINE user or a cross-origin post, 404 for an unknown employee, 400 for bad input", async () => {
    expect((await fetch(`${server.baseUrl}/api/face-review`)).status).toBe(401);
    expect((await review(employeeId, { decision: "confirm" }, {})).status).toBe(401);
    // A LINE user is signed in, with the wrong permission.
    const asEmployee = await fetch(`${server.baseUrl}/api/face-review`, { headers: { Cookie: employeeCookie } });
    expect(asEmployee.status).toBe(403);
    const employeePost = await review(employeeId, { decision: "confirm" }, { Cookie: employeeCookie });
    expect(employeePost.status).toBe(403);
    const crossOrigin = await review(employeeId, { decision: "confirm" }, { Cookie: admin, Origin: "https://evil.example" });
    expect(crossOrigin.status).toBe(403);
    const unknown = await review(999_999, { decision: "confirm" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toBe("ไม่พบพนักงาน");
    expect((await review("abc", { decision: "confirm" })).status).toBe(404);
    const bad = await review(employeeId, { decision: "accept" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.decision).toMatch(/confirm หรือ reject/);
    expect((await fetch(`${server.baseUrl}/api/face-review?page=abc`, { headers: { Cookie: admin } })).status).toBe(400);
  });

  test("a new face is listed once; confirm stores who and when; a second decision is a 409", async () => {
    expect((await uploadFace(await faceSelfie("a"))).status).toBe(200);
    const listed = await queue();
    const item = listed.items.find((i) => i.employee.id === employeeId)!;
    expect(item.face_url).toMatch(/^\/uploads\/employees\//);
    expect(listed).toMatchObject({ page: 1, page_size: 20, total: listed.items.length });

    const stale = await review(employeeId, { decision: "confirm", face_url: "/uploads/employees/00000000-0000-0000-0000-000000000000.jpg" });
    expect(stale.status).toBe(409);

    const confirmed = await review(employeeId, { decision: "confirm", face_url: item.face_url, note: "ตรงกับรูปพนักงาน" });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ decision: "confirm", employee: { id: employeeId, face_registered: true } });
    const state = faceState().employee;
    expect(state.face_confirmed_at).toEqual(expect.any(Number));
    expect(state.face_confirmed_by).toEqual(expect.any(Number));
    expect((await queue()).items.map((i) => i.employee.id)).not.toContain(employeeId);

    const twice = await review(employeeId, { decision: "confirm" });
    expect(twice.status).toBe(409);
    expect((await twice.json()).error).toBe("ยืนยันใบหน้านี้แล้ว");
  });

  test("reject deletes the face (the employee registers again); without a face it is a 409", async () => {
    const registered = await uploadFace(await secondSelfieOfA());
    expect(registered.status).toBe(200);
    const { face_url } = await registered.json();
    expect((await queue()).items.map((i) => i.employee.id)).toContain(employeeId);

    const rejected = await review(employeeId, { decision: "reject", note: "เป็นรูปคนอื่น" });
    expect(rejected.status).toBe(200);
    expect((await rejected.json()).employee).toMatchObject({ face_registered: false, face_url: null });
    expect((await fetch(`${server.baseUrl}${face_url}`, { headers: { Cookie: admin } })).status).toBe(404);
    expect(faceState().employee.face_consent_at).toBeNull();
    const me = await (await fetch(`${server.baseUrl}/api/emp/me`, { headers: { Cookie: employeeCookie } })).json();
    expect(me.employee.face_registered).toBe(false);

    const noFace = await review(employeeId, { decision: "confirm" });
    expect(noFace.status).toBe(409);
    expect((await noFace.json()).error).toBe("พนักงานคนนี้ยังไม่ได้ลงทะเบียนใบหน้า");
  });

  test("the admin page: the review tab's badge counts the face, the tab lists it, and its action confirms it", async () => {
    const page = () =>
      fetch(`${server.baseUrl}/admin/checkin-out?tab=review&_data=routes%2Fadmin.checkin-out`, { headers: { Cookie: admin } }).then(
        (r) => r.json() as Promise<{ pending: number; review: { faces: { items: { employee: { id: number }; face_url: string }[] } } }>,
      );
    const before = await page();
    const registered = await uploadFace(await faceSelfie("a"));
    expect(registered.status).toBe(200);
    const { face_url } = await registered.json();
    const listed = await page();
    expect(listed.pending).toBe(before.pending + 1);
    expect(listed.review.faces.items.find((i) => i.employee.id === employeeId)?.face_url).toBe(face_url);

    const action = await post(
      "/admin/checkin-out?_data=routes%2Fadmin.checkin-out",
      new URLSearchParams({ intent: "face_review", id: String(employeeId), decision: "confirm", note: "", face_url }),
      { "content-type": "application/x-www-form-urlencoded", Cookie: admin },
    );
    expect(action.status).toBe(200);
    expect(await action.json()).toMatchObject({ ok: true, message: "ยืนยันใบหน้าแล้ว" });
    const after = await page();
    expect(after.pending).toBe(before.pending);
    expect(after.review.faces.items.map((i) => i.employee.id)).not.toContain(employeeId);
  });
});
