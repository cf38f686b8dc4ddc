// The office QR kiosk (issue 38 §1, ADR 050) through the built server on a moved clock (libfaketime,
// its time read from a file the test rewrites, so the 30-second QR steps are where the test puts
// them): pairing (one use, expiry, throttle), the kiosk's QR and its revocation, check-ins placed by
// the QR (current and previous step, expired, forged, another office's, replayed, the position kept
// as evidence), and the PIN check-in at the kiosk with the face matched on the server.
import path from "node:path";
import Database from "better-sqlite3";
import { linkedEmployee } from "../fixtures/employees";
import { faceSelfie, secondSelfieOfA } from "../fixtures/faces";
import { makeJpeg } from "../fixtures/images";
import { adminCookie, apiClient, cookieFrom, movableClock, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "kiosk-admin", password: "kiosk-admin-password" };
const HQ = { name: "สำนักงานใหญ่", lat: 13.7563, lng: 100.5018, radius_m: 100 };
const BRANCH = { name: "สาขาบางนา", lat: 13.6685, lng: 100.6347, radius_m: 100 };
const FAR = { lat: HQ.lat + 0.009, lng: HQ.lng }; // about 1 km north of HQ
const DAY = "2026-12-08"; // a Tuesday
const THAI = /[\u0E00-\u0E7F]/;

let now = new Date();
let server: RunningServer;
let admin: string;
let moved: ReturnType<typeof movableClock>;
const api = apiClient(() => server, () => admin);

/** Moves the server's clock to `time` (HH:mm:ss) on `date` in Bangkok; it runs on from there. */
function clock(time: string, date = DAY) {
  now = new Date(`${date}T${time}+07:00`);
  moved.set(now);
}

async function answer(response: Response, status: number) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

function sqlite<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, "tn.sqlite"));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

const count = (table: string) => sqlite((db) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n);

/** The admin's pairing code for `office` (its name or index). */
async function pairingCode(office: string | number) {
  return (await answer(await api("/api/office/kiosk-pairing", { method: "POST", json: { office } }), 200)) as { code: string; expires_at: string; office: string };
}

const pair = (code: string) => api("/api/kiosk/pair", { method: "POST", anonymous: true, json: { code } });

/** A paired kiosk of `office`: its `tn_kiosk=…` cookie and id. */
async function pairedKiosk(office: string | number) {
  const { code } = await pairingCode(office);
  const response = await pair(code);
  const body = (await answer(response, 200)) as { kiosk: { id: number; office: string } };
  const cookie = cookieFrom(response, "tn_kiosk");
  if (!cookie) throw new Error("no kiosk cookie");
  return { cookie, ...body.kiosk };
}

const kioskQr = (cookie: string) => api("/api/kiosk/qr", { anonymous: true, headers: { Cookie: cookie } });

async function qrValue(cookie: string) {
  return (await answer(await kioskQr(cookie), 200)) as { value: string; expires_at: string };
}

type Punch = { type: "in" | "out"; qr?: string; where?: { lat: number; lng: number; accuracy: number } };

/** A LIFF check-in or check-out (multipart), with the office QR and/or a position. */
function punch(emp: string, p: Punch) {
  const form = new FormData();
  form.set("type", p.type);
  form.set("client_time", now.toISOString());
  if (p.qr !== undefined) form.set("qr", p.qr);
  if (p.where) {
    form.set("lat", String(p.where.lat));
    form.set("lng", String(p.where.lng));
    form.set("accuracy", String(p.where.accuracy));
    form.set("position_at", String(now.getTime()));
  }
  return api("/api/emp/checkin-out", { method: "POST", anonymous: true, headers: { Cookie: emp }, body: form });
}

function kioskPunch(cookie: string | null, fields: Record<string, string>, photo: Uint8Array | null) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (photo) form.set("photo", new File([new Uint8Array(photo)], "selfie.jpg", { type: "image/jpeg" }));
  return api("/api/kiosk/checkin", { method: "POST", anonymous: true, headers: cookie ? { Cookie: cookie } : {}, body: form });
}

/** The admin's view of the employee's record of DAY. */
async function recordOf(employeeId: number) {
  const { items } = await answer(await api(`/api/checkin-out?from=${DAY}&to=${DAY}&employee_id=${employeeId}`), 200);
  return items[0]?.record as Record<string, unknown>;
}

let hqKiosk: { cookie: string; id: number; office: string };
let branchKiosk: { cookie: string; id: number; office: string };
let onlyHq: { id: number; cookie: string };
let anyOffice: { id: number; cookie: string };
let third: { id: number; cookie: string };

beforeAll(async () => {
  moved = movableClock();
  clock("07:30:00");
  server = await startServer({
    ...moved.env,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  admin = await adminCookie(server, ADMIN);
  await answer(await api("/api/settings", { method: "PUT", json: { offices: [HQ, BRANCH], require_selfie: false, outside_radius: "review", max_accuracy_m: 100 } }), 200);
  onlyHq = await linkedEmployee(server, admin, { code: "KQ-HQ", demoUser: "Udemo0301" });
  await answer(await api(`/api/employee/${onlyHq.id}`, { method: "PATCH", json: { office_names: [HQ.name] } }), 200);
  anyOffice = await linkedEmployee(server, admin, { code: "KQ-ANY", demoUser: "Udemo0302" });
  third = await linkedEmployee(server, admin, { code: "KQ-3RD", demoUser: "Udemo0303" });
  hqKiosk = await pairedKiosk(HQ.name);
  branchKiosk = await pairedKiosk(1);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  moved?.restore();
});

describe("pairing", () => {
  test("the admin's code (by name or index) pairs one kiosk with its office and sets an httpOnly cookie; a second use is refused", async () => {
    expect(branchKiosk.office).toBe(BRANCH.name);
    const { code, expires_at } = await pairingCode(HQ.name);
    expect(code).toMatch(/^\d{6}$/);
    expect(Date.parse(expires_at) - Date.parse(now.toISOString())).toBeGreaterThanOrEqual(9 * 60_000);
    const first = await pair(code);
    const body = await answer(first, 200);
    expect(body).toEqual({ kiosk: { id: expect.any(Number), office: HQ.name } });
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith("tn_kiosk="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // Only hashes are stored: neither the code nor the token is in the database.
    const token = decodeURIComponent(cookieFrom(first, "tn_kiosk")!.slice("tn_kiosk=".length));
    const stored = sqlite((db) => JSON.stringify(db.prepare("select * from kiosks union all select id, code_hash, office, expires_at, created_by, created_at, used_at, kiosk_id from kiosk_pairings").all()));
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(token);

    const again = await answer(await pair(code), 400);
    expect(again.error).toMatch(/ถูกใช้ไปแล้ว/);
    expect(again.fields.code).toBe(again.error);
  });

  test("an expired code, an unknown one and a malformed one are 400 in Thai; the admin's route needs an admin", async () => {
    const { code } = await pairingCode(0);
    clock("07:41:00"); // 11 minutes later
    const late = await answer(await pair(code), 400);
    expect(late.error).toMatch(/หมดอายุ/);
    const unknown = await answer(await pair(code === "123456" ? "654321" : "123456"), 400);
    expect(unknown.error).toMatch(/ไม่ถูกต้อง/);
    const malformed = await answer(await pair("12ab"), 400);
    expect(malformed.fields.code).toMatch(THAI);
    await answer(await api("/api/office/kiosk-pairing", { method: "POST", anonymous: true, json: { office: HQ.name } }), 401);
    const badOffice = await answer(await api("/api/office/kiosk-pairing", { method: "POST", json: { office: "ไม่มีสาขานี้" } }), 400);
    expect(badOffice.fields.office).toMatch(THAI);
    await answer(await api("/api/office/kiosk-pairing", { method: "POST", json: { office: 5 } }), 400);
  });
});

describe("the kiosk's QR", () => {
  test("401 without a paired kiosk's cookie (or with a forged one); with it the current code, as a link to the check-in page", async () => {
    await answer(await api("/api/kiosk/qr", { anonymous: true }), 401);
    await answer(await kioskQr("tn_kiosk=forged.value"), 401);
    clock("08:00:05");
    const qr = await qrValue(hqKiosk.cookie);
    expect(qr.value.startsWith(`${server.baseUrl}/employee/checkin-out?qr=`)).toBe(true);
    expect(qr.expires_at).toBe(new Date(`${DAY}T08:00:30+07:00`).toISOString());
    clock("08:00:31");
    expect((await qrValue(hqKiosk.cookie)).value).not.toBe(qr.value);
  });

  test("the kiosk's last_seen_at is written by its requests, at most once a minute", async () => {
    const seen = () => sqlite((db) => (db.prepare("select last_seen_at as t from kiosks where id = ?").get(branchKiosk.id) as { t: number | null }).t);
    clock("08:10:00");
    await qrValue(branchKiosk.cookie);
    const first = seen();
    expect(Math.abs(first! - now.getTime())).toBeLessThan(5_000);
    clock("08:10:30");
    await qrValue(branchKiosk.cookie);
    expect(seen()).toBe(first);
    clock("08:11:30");
    await qrValue(branchKiosk.cookie);
    expect(seen()! - first!).toBeGreaterThanOrEqual(60_000);
    const { items } = await answer(await api("/api/office/kiosks"), 200);
    expect(items.find((k: { id: number }) => k.id === branchKiosk.id)).toMatchObject({ office: BRANCH.name, last_seen_at: new Date(seen()!).toISOString(), revoked_at: null });
  });
});

describe("check-in by the office QR", () => {
  test("a current code places the employee inside its office whatever the GPS says; the position is kept as evidence", async () => {
    clock("08:20:05");
    const { value } = await qrValue(hqKiosk.cookie);
    const body = await answer(await punch(onlyHq.cookie, { type: "in", qr: value, where: { ...FAR, accuracy: 500 } }), 201);
    expect(body.record).toMatchObject({
      checkin_proof: "qr",
      checkin_geofence: "inside",
      checkin_office: HQ.name,
      checkin_lat: FAR.lat,
      checkin_lng: FAR.lng,
      checkin_accuracy: 500,
      checkin_review: "none",
    });
    expect(body.record.checkin_distance_m).toBeGreaterThan(900);
    expect(body.record.flags).not.toContain("outside");
    expect(body.record.flags).not.toContain("uncertain");
  });

  test("the same employee cannot use a code twice for the same side; the day's record refuses a second check-in anyway", async () => {
    clock("08:21:05");
    const { value } = await qrValue(hqKiosk.cookie);
    const twice = await answer(await punch(onlyHq.cookie, { type: "in", qr: value }), 409);
    expect(twice.error).toMatch(THAI);
    // Even with the day's record gone (as if it never was), the QR's use of the morning stands.
    sqlite((db) => {
      db.prepare("delete from attendance_days where employee_id = ?").run(onlyHq.id);
      db.prepare("delete from attendance where employee_id = ?").run(onlyHq.id);
    });
    const replay = await answer(await punch(onlyHq.cookie, { type: "in", qr: value }), 409);
    expect(replay.error).toBe("ใช้รหัส QR ลงเวลานี้ไปแล้ววันนี้");
    expect(replay.fields.qr).toBe(replay.error);
    expect(count("attendance")).toBe(0);
    // The other side is its own use.
    const byGps = await answer(await punch(onlyHq.cookie, { type: "in", where: { lat: HQ.lat, lng: HQ.lng, accuracy: 10 } }), 201);
    expect(byGps.record.checkin_proof).toBe("gps");
    const out = await answer(await punch(onlyHq.cookie, { type: "out", qr: value }), 201);
    expect(out.record).toMatchObject({ checkout_proof: "qr", checkout_geofence: "inside", checkout_office: HQ.name, checkout_lat: null });
  });

  test("the previous step's code is accepted; a code two steps old is expired; a forged one is refused", async () => {
    clock("08:30:05");
    const { value: older } = await qrValue(hqKiosk.cookie);
    clock("08:30:35"); // the next step: the code just shown is still good
    const previous = await answer(await punch(anyOffice.cookie, { type: "in", qr: older }), 201);
    expect(previous.record).toMatchObject({ checkin_proof: "qr", checkin_office: HQ.name });

    clock("08:31:05"); // two steps on
    const expired = await answer(await punch(anyOffice.cookie, { type: "out", qr: older }), 400);
    expect(expired.error).toMatch(/หมดอายุ/);
    expect(expired.fields.qr).toBe(expired.error);

    const { value: current } = await qrValue(hqKiosk.cookie);
    const url = new URL(current);
    const code = url.searchParams.get("qr")!;
    const [step, office, mac] = code.split(".");
    const forgedMac = `${mac!.slice(0, -1)}${mac!.endsWith("A") ? "B" : "A"}`;
    const forgedOffice = `${step}.${Buffer.from(BRANCH.name).toString("base64url")}.${mac}`;
    for (const forged of [`${step}.${office}.${forgedMac}`, forgedOffice, "hello", `${Number(step) + 1}.${office}.${mac}`]) {
      url.searchParams.set("qr", forged);
      const refused = await answer(await punch(anyOffice.cookie, { type: "out", qr: url.toString() }), 400);
      expect(refused.error, forged).toMatch(/ไม่ถูกต้อง/);
    }
    const done = await answer(await punch(anyOffice.cookie, { type: "out", qr: current }), 201);
    expect(done.record.checkout_proof).toBe("qr");
  });

  test("another office's code is refused for an employee limited to one office", async () => {
    clock("08:40:05");
    const { value } = await qrValue(branchKiosk.cookie);
    const refused = await answer(await punch(third.cookie, { type: "in", where: { lat: HQ.lat, lng: HQ.lng, accuracy: 10 } }), 201);
    expect(refused.record.checkin_proof).toBe("gps");
    await answer(await api(`/api/employee/${third.id}`, { method: "PATCH", json: { office_names: [HQ.name] } }), 200);
    const other = await answer(await punch(third.cookie, { type: "out", qr: value }), 400);
    expect(other.error).toBe(`รหัส QR นี้เป็นของสำนักงาน "${BRANCH.name}" ซึ่งไม่ใช่สำนักงานที่คุณลงเวลาได้`);
    expect(other.fields.qr).toBe(other.error);
  });
});

describe("PIN check-in at the kiosk (staff without LINE)", { timeout: 120_000 }, () => {
  let face: { id: number; cookie: string };

  beforeAll(async () => {
    face = await linkedEmployee(server, admin, { code: "KQ-FACE", demoUser: "Udemo0304" });
    const form = new FormData();
    form.set("photo", new File([new Uint8Array(await faceSelfie("a"))], "face.jpg", { type: "image/jpeg" }));
    form.set("consent", "1");
    await answer(await api("/api/emp/face", { method: "POST", anonymous: true, headers: { Cookie: face.cookie }, body: form }), 200);
    const { items } = await answer(await api("/api/face-review"), 200);
    const registered = items.find((i: { employee: { id: number } }) => i.employee.id === face.id);
    await answer(await api(`/api/employee/${face.id}/face/review`, { method: "POST", json: { decision: "confirm", face_url: registered.face_url } }), 200);
  }, 120_000);

  test("the admin issues a PIN (shown once); code + PIN + a selfie check in at the kiosk's office with proof pin and the face matched on the server", async () => {
    const issued = await answer(await api(`/api/employee/${face.id}/pin`, { method: "POST", json: { pin: "2580" } }), 200);
    expect(issued).toEqual({ pin: "2580", issued_at: expect.any(String) });
    expect(sqlite((db) => JSON.stringify(db.prepare("select * from employee_pins").all()))).not.toContain("2580");

    clock("09:00:00");
    const inside = await answer(await kioskPunch(branchKiosk.cookie, { employee_code: "kq-face", pin: "2580", type: "in" }, await secondSelfieOfA()), 201);
    expect(inside.checkin).toEqual({ type: "in", at: expect.any(String), office: BRANCH.name, full_name: expect.stringContaining("KQ-FACE"), review: false });
    expect(Math.abs(Date.parse(inside.checkin.at) - now.getTime())).toBeLessThan(60_000);
    const record = await recordOf(face.id);
    expect(record).toMatchObject({
      checkin_proof: "pin",
      checkin_geofence: "inside",
      checkin_office: BRANCH.name,
      checkin_match: 1,
      checkin_lat: null,
      checkin_review: "none",
    });
    expect(record.checkin_photo_url).toMatch(/^\/uploads\/checkinouts\//);

    // Someone else's face at the PIN: recorded, and an admin will look at it.
    clock("17:40:00");
    const other = await answer(await kioskPunch(branchKiosk.cookie, { employee_code: "KQ-FACE", pin: "2580", type: "out" }, await faceSelfie("b")), 201);
    expect(other.checkin).toMatchObject({ type: "out", review: true });
    expect(await recordOf(face.id)).toMatchObject({ checkout_proof: "pin", checkout_match: 0, checkout_review: "pending" });
  });

  test("no photo, no kiosk, a wrong PIN: refused in Thai with nothing written; five wrong PINs throttle the code at that kiosk", async () => {
    await answer(await api(`/api/employee/${third.id}/pin`, { method: "POST", json: { pin: "1357" } }), 200);
    const jpeg = await makeJpeg();
    const before = { attendance: count("attendance"), uploads: count("uploads") };
    const noPhoto = await answer(await kioskPunch(hqKiosk.cookie, { employee_code: "KQ-3RD", pin: "1357", type: "out" }, null), 400);
    expect(noPhoto.fields.photo).toMatch(THAI);
    expect((await answer(await kioskPunch(null, { employee_code: "KQ-3RD", pin: "1357", type: "out" }, jpeg), 401)).error).toMatch(THAI);
    for (let i = 0; i < 5; i++) {
      const wrong = await answer(await kioskPunch(hqKiosk.cookie, { employee_code: "KQ-3RD", pin: "9753", type: "out" }, jpeg), 400);
      expect(wrong.error).toBe("รหัสพนักงานหรือ PIN ไม่ถูกต้อง");
    }
    const limited = await kioskPunch(hqKiosk.cookie, { employee_code: "KQ-3RD", pin: "1357", type: "out" }, jpeg);
    expect((await answer(limited, 429)).error).toMatch(/หลายครั้งเกินไป/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect({ attendance: count("attendance"), uploads: count("uploads") }).toEqual(before);
  });
});

describe("revocation", () => {
  test("a revoked kiosk's cookie gets no QR and no check-in; the list shows it revoked; revoking again is 409", async () => {
    const kiosk = await pairedKiosk(HQ.name);
    await qrValue(kiosk.cookie);
    const { kiosk: revoked } = await answer(await api(`/api/office/kiosks/${kiosk.id}/revoke`, { method: "POST" }), 200);
    expect(revoked).toMatchObject({ id: kiosk.id, office: HQ.name, revoked_at: expect.any(String) });
    const refused = await answer(await kioskQr(kiosk.cookie), 403);
    expect(refused.error).toMatch(/ยกเลิก/);
    await answer(await kioskPunch(kiosk.cookie, { employee_code: "KQ-3RD", pin: "1357", type: "out" }, await makeJpeg()), 403);
    await answer(await api(`/api/office/kiosks/${kiosk.id}/revoke`, { method: "POST" }), 409);
    await answer(await api("/api/office/kiosks/999999/revoke", { method: "POST" }), 404);
    const { items } = await answer(await api("/api/office/kiosks"), 200);
    expect(items.at(-1)).toMatchObject({ id: kiosk.id, revoked_at: revoked.revoked_at });
    // The other kiosks go on.
    await qrValue(hqKiosk.cookie);
  });
});
