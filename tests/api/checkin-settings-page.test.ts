import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "att-settings-admin", password: "att-settings-password" };
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  cookie = await adminCookie(server, ADMIN);
});
afterAll(async () => {
  await server?.stop();
});

const api = apiClient(() => server, () => cookie);

const pageAction = (fields: Record<string, string>) =>
  api("/admin/checkin-out?_data=routes%2Fadmin.checkin-out", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

const settingsNow = async () => (await (await api("/api/settings")).json()).settings;

describe("/admin/checkin-out settings intent", () => {
  test("saves through the same model as PUT /api/settings", async () => {
    const offices = [{ name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 150 }];
    const response = await pageAction({
      intent: "settings",
      settings: JSON.stringify({ offices, outside_radius: "reject", work_days: [1, 2, 3, 4, 5, 6], require_selfie: false }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, intent: "settings", message: "บันทึกการตั้งค่าแล้ว" });
    expect(await settingsNow()).toMatchObject({ offices, outside_radius: "reject", work_days: [1, 2, 3, 4, 5, 6], require_selfie: false });

    const page = await api("/admin/checkin-out?tab=settings&_data=routes%2Fadmin.checkin-out");
    expect((await page.json()).settings).toMatchObject({ offices, outside_radius: "reject" });
  });

  test("invalid values: 400 with a Thai message per field, nothing written", async () => {
    const before = await settingsNow();
    const response = await pageAction({
      intent: "settings",
      settings: JSON.stringify({ offices: [{ name: "", lat: 91, lng: 100, radius_m: 100 }], max_accuracy_m: null, work_start: "25:00" }),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ ok: false, intent: "settings" });
    expect(body.fields["offices.0.lat"]).toBe("ละติจูดต้องอยู่ระหว่าง -90 ถึง 90");
    expect(body.fields["offices.0.name"]).toMatch(/ชื่อสำนักงาน/);
    expect(body.fields.max_accuracy_m).toMatch(/ต้องเป็นตัวเลข/);
    expect(body.fields.work_start).toMatch(/ชช:นน/);
    expect(await settingsNow()).toEqual(before);
  });

  test("a settings field that is not JSON is refused as not this page's form", async () => {
    const response = await pageAction({ intent: "settings", settings: "{not json" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("ข้อมูลที่ส่งมาไม่ใช่ฟอร์มของหน้านี้ กรุณาโหลดหน้าใหม่แล้วลองอีกครั้ง");
  });
});
