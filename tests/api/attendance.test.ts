// Check-in/out and the settings API against the built server, with a fake geocoder on 127.0.0.1.
import path from "node:path";
import Database from "better-sqlite3";
import { FAKE_ADDRESS, startFakeGeocoder, type FakeGeocoder } from "../fixtures/fake-geocoder";
import { makeJpeg } from "../fixtures/images";
import { cookieFrom, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = {
  ADMIN_USERNAME: "att-admin",
  ADMIN_PASSWORD: "att-admin-password-1",
};
const HQ = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
let server: RunningServer;
let geocoder: FakeGeocoder;
let admin: string;
let alice: string;
let bob: string;

const JSON_TYPE = { "content-type": "application/json" };
const call = (p: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${p}`, init);

async function linkEmployee(code: string, demoUser: string) {
  const created = await call("/api/employee", {
    method: "POST",
    headers: { ...JSON_TYPE, Cookie: admin },
    body: JSON.stringify({
      code,
      title: 1,
      first_name: "ลงเวลา",
      last_name: code,
    }),
  });
  const { id } = (await created.json()).employee;
  const { code: verify } = await (
    await call(`/api/employee/${id}/verify-code`, {
      method: "POST",
      headers: { Cookie: admin },
    })
  ).json();
  const authen = await call("/api/emp/authen", {
    method: "POST",
    headers: JSON_TYPE,
    body: JSON.stringify({ idToken: `demo:${demoUser}` }),
  });
  const cookie = cookieFrom(authen, "tn_emp")!;
  const linked = await call("/api/emp/verify", {
    method: "POST",
    headers: { ...JSON_TYPE, Cookie: cookie },
    body: JSON.stringify({ employee_code: code, verify_code: verify }),
  });
  expect(linked.status).toBe(200);
  return cookie;
}

function counts() {
  const sqlite = new Database(path.join(server.dataDir, "tn.sqlite"), {
    readonly: true,
  });
  try {
    const one = (sql: string) => (sqlite.prepare(sql).get() as { n: number }).n;
    return {
      rows: one("select count(*) as n from attendance"),
      uploads: one("select count(*) as n from uploads"),
    };
  } finally {
    sqlite.close();
  }
}

type Fields = Record<string, string>;
function fields(over: Fields = {}): Fields {
  const now = String(Date.now());
  return {
    type: "in",
    lat: String(HQ.lat),
    lng: String(HQ.lng),
    accuracy: "12",
    position_at: now,
    client_time: new Date().toISOString(),
    ...over,
  };
}

function checkIn(cookie: string, f: Fields, photo?: Uint8Array) {
  const form = new FormData();
  for (const [k, v] of Object.entries(f)) form.set(k, v);
  if (photo) form.set("photo", new File([new Uint8Array(photo)], "selfie.jpg", { type: "image/jpeg" }));
  return call("/api/emp/checkin-out", {
    method: "POST",
    body: form,
    headers: { Cookie: cookie },
  });
}

const putSettings = (body: unknown) =>
  call("/api/settings", {
    method: "PUT",
    headers: { ...JSON_TYPE, Cookie: admin },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  geocoder = await startFakeGeocoder();
  server = await startServer({ ...ADMIN, GEOCODER_URL: geocoder.url });
  const login = await call("/api/auth/login", {
    method: "POST",
    headers: JSON_TYPE,
    body: JSON.stringify({
      username: ADMIN.ADMIN_USERNAME,
      password: ADMIN.ADMIN_PASSWORD,
    }),
  });
  admin = cookieFrom(login, "tn_admin")!;
  alice = await linkEmployee("ATT-1", "Udemo0001");
  bob = await linkEmployee("ATT-2", "Udemo0002");
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await geocoder?.close();
});

describe("GET|PUT /api/settings", () => {
  test("admins only", async () => {
    expect((await call("/api/settings")).status).toBe(401);
    expect((await call("/api/settings", { headers: { Cookie: alice } })).status).toBe(403);
  });

  test("defaults, a refused partial update with Thai fields, then an accepted one answering every setting", async () => {
    const initial = (await (await call("/api/settings", { headers: { Cookie: admin } })).json()).settings;
    expect(initial).toMatchObject({
      offices: [],
      outside_radius: "review",
      max_accuracy_m: 100,
      require_selfie: true,
      work_start: "08:30",
    });

    const bad = await putSettings({
      offices: [{ ...HQ, lat: 91 }],
      work_start: "18:00",
    });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.error).toBe("ค่าการตั้งค่าไม่ถูกต้อง");
    expect(body.fields["offices.0.lat"]).toMatch(/ละติจูด/);

    const order = await putSettings({ work_start: "18:00" });
    expect(order.status).toBe(400);
    expect((await order.json()).fields).toEqual({
      work_start: "เวลาเข้างานต้องก่อนเวลาเริ่มพัก",
    });

    const ok = await putSettings({ offices: [HQ], require_selfie: false });
    expect(ok.status).toBe(200);
    const { settings } = await ok.json();
    expect(settings).toMatchObject({
      offices: [HQ],
      require_selfie: false,
      work_end: "17:30",
      face_threshold: 0.5,
    });
  });
});

describe("check-in/out", { timeout: 30_000 }, () => {
  test("today before anything: next is in, with the page's settings", async () => {
    expect((await call("/api/emp/checkin-out/today")).status).toBe(401);
    const today = await (await call("/api/emp/checkin-out/today", { headers: { Cookie: alice } })).json();
    expect(today).toMatchObject({
      record: null,
      next: "in",
      offices: [HQ],
      settings: { require_selfie: false, max_accuracy_m: 100 },
    });
  });

  test("bad input: a Thai error and nothing written", async () => {
    const before = counts();
    const cases: [Fields, string][] = [
      [fields({ lat: "" }), "lat"],
      [fields({ lat: "abc" }), "lat"],
      [fields({ lng: "1e2" }), "lng"],
      [fields({ lat: "91" }), "lat"],
      [fields({ accuracy: "0" }), "accuracy"],
      [fields({ type: "x" }), "type"],
      [fields({ client_time: "yesterday" }), "client_time"],
    ];
    for (const [f, field] of cases) {
      const response = await checkIn(alice, f);
      expect(response.status, JSON.stringify(f)).toBe(400);
      const body = await response.json();
      expect(body.error).toBe("ข้อมูลการลงเวลาไม่ถูกต้อง");
      expect(body.fields[field]).toMatch(/[\u0E00-\u0E7F]/);
    }
    const { lat: _, ...noLat } = fields();
    expect((await checkIn(alice, noLat)).status).toBe(400);

    const notImage = await checkIn(alice, fields(), new TextEncoder().encode("<html>not a picture</html>"));
    expect(notImage.status).toBe(400);
    expect((await notImage.json()).error).toMatch(/[\u0E00-\u0E7F]/);

    const huge = await checkIn(alice, fields(), new Uint8Array(20 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toMatch(/[\u0E00-\u0E7F]/);

    const asJson = await call("/api/emp/checkin-out", {
      method: "POST",
      headers: { ...JSON_TYPE, Cookie: alice },
      body: JSON.stringify(fields()),
    });
    expect(asJson.status).toBe(400);

    const poor = await checkIn(alice, fields({ accuracy: "250" }));
    expect(poor.status).toBe(422);
    expect((await poor.json()).error).toMatch(/ลองใหม่ในที่โล่ง/);

    expect(counts()).toEqual(before);
  });

  test("a hanging geocoder: the check-in still answers within 2.5 s without an address; the check-out gets one", async () => {
    geocoder.mode = "hang";
    const started = Date.now();
    const response = await checkIn(alice, fields());
    expect(Date.now() - started).toBeLessThan(2500);
    expect(response.status).toBe(201);
    const { record } = await response.json();
    expect(record).toMatchObject({
      checkin_geofence: "inside",
      checkin_office: HQ.name,
      checkin_address: null,
      flags: ["no_selfie"],
      checked: 0,
    });
    expect(Object.keys(record)).toEqual(
      expect.arrayContaining([
        "checkin_at",
        "checkin_photo_url",
        "checkin_match",
        "checkin_face_distance",
        "checkout_at",
        "late_minutes",
        "early_minutes",
        "flags",
        "checked",
        "work_date",
        "review_status",
      ])
    );

    const again = await checkIn(alice, fields());
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("วันนี้ลงเวลาเข้างานแล้ว");

    geocoder.mode = "ok";
    const out = await checkIn(alice, fields({ type: "out" }));
    expect(out.status).toBe(201);
    expect((await out.json()).record.checkout_address).toBe(FAKE_ADDRESS);
    expect(geocoder.requests.at(-1)?.get("accept-language")).toBe("th");

    const twice = await checkIn(alice, fields({ type: "out" }));
    expect(twice.status).toBe(409);
    const today = await (await call("/api/emp/checkin-out/today", { headers: { Cookie: alice } })).json();
    expect(today.next).toBe("done");
  });

  test("check-out before check-in is a 409", async () => {
    const response = await checkIn(bob, fields({ type: "out" }));
    expect(response.status).toBe(409);
    expect((await response.json()).error).toMatch(/ยังไม่ได้ลงเวลาเข้างาน/);
  });

  test("a selfie, when required: missing is 400; a photo without a face goes to review; only its owner and admins see it", async () => {
    expect((await putSettings({ require_selfie: true })).status).toBe(200);
    const before = counts();
    const missing = await checkIn(bob, fields());
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields.photo).toBe("กรุณาถ่ายรูปใบหน้าเพื่อลงเวลา");
    expect(counts()).toEqual(before);

    const response = await checkIn(bob, fields(), await makeJpeg());
    expect(response.status).toBe(201);
    const { record } = await response.json();
    expect(record).toMatchObject({
      checkin_match: null,
      flags: ["face_review"],
      review_status: "pending",
    });
    expect(counts()).toEqual({
      rows: before.rows + 1,
      uploads: before.uploads + 1,
    });
    expect((await call(record.checkin_photo_url, { headers: { Cookie: bob } })).status).toBe(200);
    expect((await call(record.checkin_photo_url, { headers: { Cookie: admin } })).status).toBe(200);
    expect((await call(record.checkin_photo_url, { headers: { Cookie: alice } })).status).toBe(404);
  });

  test("outside the fence under reject: 422 with the distance", async () => {
    expect((await putSettings({ outside_radius: "reject", require_selfie: false })).status).toBe(200);
    const cookie = await linkEmployee("ATT-3", "Udemo0003");
    const response = await checkIn(cookie, fields({ lat: String(HQ.lat + 0.01) }));
    expect(response.status).toBe(422);
    expect((await response.json()).error).toMatch(/ห่างจากสำนักงานใหญ่ประมาณ 1,112 เมตร/);
  });

  test("history: own rows only, at most 62 days", async () => {
    const own = await (await call("/api/emp/checkin-out", { headers: { Cookie: alice } })).json();
    expect(own.items).toHaveLength(1);
    expect(own.items[0].checkout_address).toBe(FAKE_ADDRESS);
    const bobs = await (await call("/api/emp/checkin-out", { headers: { Cookie: bob } })).json();
    expect(bobs.items.map((r: { employee_id: number }) => r.employee_id)).not.toContain(own.items[0].employee_id);
    const wide = await call("/api/emp/checkin-out?from=2026-01-01&to=2026-06-01", { headers: { Cookie: alice } });
    expect(wide.status).toBe(400);
    const bad = await call("/api/emp/checkin-out?from=2026-02-30", {
      headers: { Cookie: alice },
    });
    expect(bad.status).toBe(400);
    expect((await call("/api/emp/checkin-out")).status).toBe(401);
  });
});
