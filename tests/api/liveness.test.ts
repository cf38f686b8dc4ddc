// The selfie liveness score (issue 38 §3, docs/decisions/051-selfie-liveness-score.md): every
// check-in selfie is scored by the server's face engine, the score is stored with the record, and a
// score below the `liveness_threshold` setting flags liveness_low for review (never a refusal).
// A low score is made certain by the setting (1: every score is below it), not by faking the model.
import { DEFAULT_LIVENESS_THRESHOLD } from "~/lib/face.server";
import { linkedEmployee } from "../fixtures/employees";
import { faceSelfie, secondSelfieOfA } from "../fixtures/faces";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "liveness-admin", password: "liveness-admin-password" };
const HQ = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
let server: RunningServer;
let admin: string;
let employee: { id: number; cookie: string };
const asAdmin = apiClient(() => server, () => admin);

async function ok(response: Response, status = 200) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

function post(path: string, form: FormData) {
  return fetch(`${server.baseUrl}${path}`, { method: "POST", body: form, headers: { Cookie: employee.cookie } });
}

function punch(type: "in" | "out", photo: Uint8Array) {
  const form = new FormData();
  const now = String(Date.now());
  for (const [k, v] of Object.entries({ type, lat: String(HQ.lat), lng: String(HQ.lng), accuracy: "12", position_at: now, client_time: now })) {
    form.set(k, v);
  }
  form.set("photo", new File([new Uint8Array(photo)], "selfie.jpg", { type: "image/jpeg" }));
  return post("/api/emp/checkin-out", form);
}

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await adminCookie(server, ADMIN);
  await ok(await asAdmin("/api/settings", { method: "PUT", json: { offices: [HQ], outside_radius: "review" } }));
  employee = await linkedEmployee(server, admin, { code: "LIVE-1", demoUser: "Udemo0381" });
  const form = new FormData();
  form.set("photo", new File([new Uint8Array(await faceSelfie("a"))], "face.jpg", { type: "image/jpeg" }));
  form.set("consent", "1");
  await ok(await post("/api/emp/face", form));
  // A confirmed face, so that the only flag in play is the liveness one.
  const { items } = await ok(await asAdmin("/api/face-review"));
  const face = items.find((i: { employee: { id: number } }) => i.employee.id === employee.id);
  await ok(await asAdmin(`/api/employee/${employee.id}/face/review`, { method: "POST", json: { decision: "confirm", face_url: face.face_url } }));
}, 120_000);
afterAll(() => server?.stop());

test("a real selfie's score is stored and not flagged; below the threshold it is flagged liveness_low for review", { timeout: 120_000 }, async () => {
  expect((await ok(await asAdmin("/api/settings"))).settings.liveness_threshold).toBe(DEFAULT_LIVENESS_THRESHOLD);

  const checkIn = (await ok(await punch("in", await secondSelfieOfA()), 201)).record;
  expect(checkIn.checkin_match).toBe(1);
  expect(checkIn.checkin_liveness).toEqual(expect.any(Number));
  expect(checkIn.checkin_liveness).toBeGreaterThanOrEqual(DEFAULT_LIVENESS_THRESHOLD);
  expect(checkIn.checkin_liveness).toBeLessThan(1);
  expect(checkIn.flags).toEqual([]);
  expect(checkIn.checkin_review).toBe("none");
  expect(checkIn.checkout_liveness).toBeNull();

  await ok(await asAdmin("/api/settings", { method: "PUT", json: { liveness_threshold: 1 } }));
  try {
    const checkOut = (await ok(await punch("out", await secondSelfieOfA()), 201)).record;
    expect(checkOut.checkout_match).toBe(1);
    expect(checkOut.checkout_liveness).toBeLessThan(1);
    expect(checkOut.checkout_liveness).toBeGreaterThanOrEqual(DEFAULT_LIVENESS_THRESHOLD);
    expect(checkOut.flags).toEqual(["liveness_low"]);
    expect(checkOut.checkout_review).toBe("pending");
    expect(checkOut.checkin_liveness).toBe(checkIn.checkin_liveness);
    expect(checkOut.checkin_review).toBe("none");
  } finally {
    await ok(await asAdmin("/api/settings", { method: "PUT", json: { liveness_threshold: DEFAULT_LIVENESS_THRESHOLD } }));
  }
  expect((await ok(await asAdmin("/api/settings"))).settings.liveness_threshold).toBe(DEFAULT_LIVENESS_THRESHOLD);
});
