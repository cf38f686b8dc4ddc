// The selfie's evidence at check-in (issue 38), through the built server:
// - a face counts only once an admin has confirmed it (§4): check-ins matched against a face nobody
//   confirmed go to review, so a face registered on a colleague's phone cannot check in unseen;
// - the liveness score (§3, ADR 051): every check-in selfie is scored by the server's face engine,
//   the score is stored with the record, and a score below the `liveness_threshold` setting flags
//   liveness_low for review (never a refusal). A low score is made certain by the setting (1: every
//   score is below it), not by faking the model.
import { DEFAULT_LIVENESS_THRESHOLD } from "~/lib/face.server";
import { linkedEmployee } from "../fixtures/employees";
import { faceSelfie, secondSelfieOfA } from "../fixtures/faces";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

type Employee = { id: number; cookie: string };
const ADMIN = { username: "selfie-admin", password: "selfie-admin-password" };
const HQ = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
let server: RunningServer;
let admin: string;
let unconfirmed: Employee;
let confirmed: Employee;
let employee: Employee;
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

/** A linked employee with a registered face (consented), `employee` for the calls after it. */
async function withFace(code: string, demoUser: string) {
  employee = await linkedEmployee(server, admin, { code, demoUser });
  const form = new FormData();
  form.set("photo", new File([new Uint8Array(await faceSelfie("a"))], "face.jpg", { type: "image/jpeg" }));
  form.set("consent", "1");
  await ok(await post("/api/emp/face", form));
  return employee;
}

async function confirmFace(e: Employee) {
  const { items } = await ok(await asAdmin("/api/face-review"));
  const face = items.find((i: { employee: { id: number } }) => i.employee.id === e.id);
  await ok(await asAdmin(`/api/employee/${e.id}/face/review`, { method: "POST", json: { decision: "confirm", face_url: face.face_url } }));
}

beforeAll(async () => {
  server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  admin = await adminCookie(server, ADMIN);
  await ok(await asAdmin("/api/settings", { method: "PUT", json: { offices: [HQ], outside_radius: "review" } }));
  unconfirmed = await withFace("UNCONF-1", "Udemo0201");
  confirmed = await withFace("LIVE-1", "Udemo0381");
  // A confirmed face, so that the only flag in play is the liveness one.
  await confirmFace(confirmed);
}, 120_000);
afterAll(() => server?.stop());

test("a match against an unconfirmed face goes to review; once an admin confirms it, a match stands", { timeout: 120_000 }, async () => {
  employee = unconfirmed;
  const checkIn = (await ok(await punch("in", await secondSelfieOfA()), 201)).record;
  expect(checkIn.checkin_match).toBe(1);
  expect(checkIn.flags).toEqual(["face_unconfirmed"]);
  expect(checkIn.checkin_review).toBe("pending");

  await confirmFace(unconfirmed);

  const checkOut = (await ok(await punch("out", await secondSelfieOfA()), 201)).record;
  expect(checkOut.checkout_match).toBe(1);
  expect(checkOut.checkout_review).toBe("none");
  // The check-in's own flag and review stay as they were until an admin decides them.
  expect(checkOut.flags).toEqual(["face_unconfirmed"]);
  expect(checkOut.checkin_review).toBe("pending");
});

test("a real selfie's score is stored and not flagged; below the threshold it is flagged liveness_low for review", { timeout: 120_000 }, async () => {
  employee = confirmed;
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
