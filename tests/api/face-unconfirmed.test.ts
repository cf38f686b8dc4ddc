// A face counts only once an admin has confirmed it (issue 38 §4): check-ins matched against a face
// nobody confirmed go to review, so a face registered on a colleague's phone cannot check in unseen.
import { linkedEmployee } from "../fixtures/employees";
import { faceSelfie, secondSelfieOfA } from "../fixtures/faces";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "unconfirmed-admin", password: "unconfirmed-admin-password" };
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
  employee = await linkedEmployee(server, admin, { code: "UNCONF-1", demoUser: "Udemo0201" });
  const form = new FormData();
  form.set("photo", new File([new Uint8Array(await faceSelfie("a"))], "face.jpg", { type: "image/jpeg" }));
  form.set("consent", "1");
  await ok(await post("/api/emp/face", form));
}, 120_000);
afterAll(() => server?.stop());

test("a match against an unconfirmed face goes to review; once an admin confirms it, a match stands", { timeout: 120_000 }, async () => {
  const checkIn = (await ok(await punch("in", await secondSelfieOfA()), 201)).record;
  expect(checkIn.checkin_match).toBe(1);
  expect(checkIn.flags).toEqual(["face_unconfirmed"]);
  expect(checkIn.checkin_review).toBe("pending");

  const { items } = await ok(await asAdmin("/api/face-review"));
  const face = items.find((i: { employee: { id: number } }) => i.employee.id === employee.id);
  await ok(await asAdmin(`/api/employee/${employee.id}/face/review`, { method: "POST", json: { decision: "confirm", face_url: face.face_url } }));

  const checkOut = (await ok(await punch("out", await secondSelfieOfA()), 201)).record;
  expect(checkOut.checkout_match).toBe(1);
  expect(checkOut.checkout_review).toBe("none");
  // The check-in's own flag and review stay as they were until an admin decides them.
  expect(checkOut.flags).toEqual(["face_unconfirmed"]);
  expect(checkOut.checkin_review).toBe("pending");
});
