// Cabinet visit reports against the built server: the employee's list, the report's rules (the
// radius rule for type 2), what a refusal leaves behind, the problem notice on the fake LINE,
// and the admins' reads.
import { eq } from "drizzle-orm";
import { lineGroups, machines, machineVisits, uploads } from "../../db/schema";
import { linkedEmployee } from "../fixtures/employees";
import { lineEnv, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { makeJpeg } from "../fixtures/images";
import { assignMachine, insertMachine, north, SITE, withServerDb, type MachineDb } from "../fixtures/machines";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "visit-admin", password: "visit-admin-password-1" };
const CHANNEL = "1234567890";
const THAI = /[\u0E00-\u0E7F]/;
let fake: FakeLine;
let server: RunningServer;
let admin: string;
let alice: { id: number; cookie: string };
let bob: { id: number; cookie: string };
let jpeg: Buffer;
let problemGroups: string[];

const asAdmin = apiClient(() => server, () => admin);
const asAlice = apiClient(() => server, () => alice.cookie);
const asBob = apiClient(() => server, () => bob.cookie);
const onDb = <T>(fn: (d: MachineDb) => T) => withServerDb(server.dataDir, fn);

type Fields = Record<string, string | number>;
function report(client: typeof asAlice, fields: Fields, photo?: Uint8Array | null) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  if (photo) form.set("photo", new File([new Uint8Array(photo)], "machine.jpg", { type: "image/jpeg" }));
  return client("/api/emp/machine", { method: "POST", body: form });
}
const at = (metres: number, accuracy = 10) => {
  const p = north(metres);
  return { lat: p.lat, lng: p.lng, accuracy };
};

function counts() {
  return onDb((d) => ({ visits: d.select().from(machineVisits).all().length, uploads: d.select().from(uploads).all().length }));
}

/** An active type-2 machine (at SITE, radius 100) assigned to Alice. */
const aliceMachine = (values: Parameters<typeof insertMachine>[1] = {}) =>
  onDb((d) => {
    const m = insertMachine(d, values);
    assignMachine(d, m.id, alice.id);
    return m;
  });

type Push = { to: string; messages: { type: string; altText: string; contents: { header: { contents: { text: string }[] }; body: { contents: { contents: { text: string }[] }[] } } }[] };
const pushes = () => fake.find("/v2/bot/message/push", "POST").map((r) => r.body as Push);

beforeAll(async () => {
  fake = await startFakeLine();
  server = await startServer(lineEnv(fake, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }));
  admin = await adminCookie(server, ADMIN);
  const users = [`U${"c".repeat(32)}`, `U${"d".repeat(32)}`];
  for (const u of users) fake.tokens.set(`demo:${u}`, { sub: u, aud: CHANNEL, name: u });
  alice = await linkedEmployee(server, admin, { code: "VM-A", demoUser: users[0] });
  bob = await linkedEmployee(server, admin, { code: "VM-B", demoUser: users[1] });
  jpeg = await makeJpeg();
  problemGroups = [`C${"4".repeat(32)}`, `C${"5".repeat(32)}`];
  onDb((d) =>
    d
      .insert(lineGroups)
      .values([
        { groupId: problemGroups[0], name: "ทีมตู้", notifyMachine: true },
        { groupId: problemGroups[1], name: "ทีมซ่อม", notifyMachine: true },
        { groupId: `C${"6".repeat(32)}`, name: "กลุ่มลา", notifyLeave: true },
        { groupId: `C${"7".repeat(32)}`, name: "กลุ่มเก่า", notifyMachine: true, active: false },
      ])
      .run(),
  );
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe("GET /api/emp/machine", () => {
  test("only the employee's open assignments of active machines; nearest first with a position, by code without", async () => {
    const [near, far, unlocated] = onDb((d) => {
      const near = insertMachine(d, { code: "L-ZZZ", ...north(30) });
      const far = insertMachine(d, { code: "L-AAA", ...north(5000), type: 1 });
      const unlocated = insertMachine(d, { code: "L-MMM", type: 1, lat: null, lng: null });
      const ended = insertMachine(d, { code: "L-END" });
      const inactive = insertMachine(d, { code: "L-OFF", active: false });
      const others = insertMachine(d, { code: "L-BOB" });
      for (const m of [near, far, unlocated, inactive]) assignMachine(d, m.id, bob.id);
      assignMachine(d, ended.id, bob.id, new Date());
      assignMachine(d, others.id, alice.id);
      return [near, far, unlocated];
    });
    const plain = await asBob("/api/emp/machine");
    expect(plain.status).toBe(200);
    const { items } = (await plain.json()) as { items: { id: number; code: string; distance_m: number | null }[] };
    expect(items.map((i) => i.code)).toEqual(["L-AAA", "L-MMM", "L-ZZZ"]);
    expect(items.every((i) => i.distance_m === null)).toBe(true);

    const located = await asBob(`/api/emp/machine?lat=${SITE.lat}&lng=${SITE.lng}`);
    const body = (await located.json()) as { items: { id: number; distance_m: number | null; type_label: string; map_url: string | null; last_visit: unknown; due_date: string | null }[] };
    expect(body.items.map((i) => i.id)).toEqual([near.id, far.id, unlocated.id]);
    expect(body.items[0].distance_m).toBeCloseTo(30, 0);
    expect(body.items[1].distance_m).toBeCloseTo(5000, -1);
    expect(body.items[2]).toMatchObject({ distance_m: null, map_url: null, last_visit: null, due_date: null });
    expect(body.items[0].type_label).toBe("ผูกกับตู้");
  });

  test("a bad position is a 400 in Thai", async () => {
    for (const query of ["lat=abc&lng=100", "lat=95&lng=100", "lat=13", "lng=100.5"]) {
      const response = await asAlice(`/api/emp/machine?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(THAI);
    }
  });

  test("without the employee session: 401", async () => {
    expect((await asAlice("/api/emp/machine", { anonymous: true })).status).toBe(401);
  });
});

describe("POST /api/emp/machine", () => {
  test("201 with the visit; the machine's last visit and the employee's list follow", async () => {
    const m = aliceMachine({ visitEveryDays: 7 });
    const response = await report(asAlice, { machine_id: m.id, status: "refilled", note: "เติมน้ำ 20 ขวด", ...at(20) }, jpeg);
    expect(response.status).toBe(201);
    const { visit } = (await response.json()) as { visit: Record<string, unknown> & { id: number; photo_url: string } };
    expect(visit).toMatchObject({
      machine: { id: m.id, code: m.code },
      employee: { id: alice.id, code: "VM-A" },
      status: "refilled",
      status_label: "เติมสินค้าแล้ว",
      note: "เติมน้ำ 20 ขวด",
      geofence: "inside",
      flags: [],
    });
    expect(visit.distance_m).toBeCloseTo(20, 0);
    expect(visit.photo_url).toMatch(/^\/uploads\/machines\/[0-9a-f-]{36}\.jpg$/);
    expect(onDb((d) => d.select().from(machines).where(eq(machines.id, m.id)).get()?.lastVisitId)).toBe(visit.id);

    const photo = await asAlice(visit.photo_url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toMatch(/image\/jpeg/);

    const list = (await (await asAlice("/api/emp/machine")).json()) as { items: { id: number; last_visit: { status: string; employee_name: string; visit_date: string } | null; due_date: string | null; overdue: boolean }[] };
    const mine = list.items.find((i) => i.id === m.id)!;
    expect(mine.last_visit).toMatchObject({ status: "refilled", employee_name: "นายทดสอบ VM-A" });
    const due = new Date(`${mine.last_visit!.visit_date}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 7);
    expect(mine.due_date).toBe(due.toISOString().slice(0, 10));
    expect(mine.overdue).toBe(false);
  });

  test("type 1 by JSON without a photo or a position, and from 50 km away: accepted, the position recorded", async () => {
    // Someone with no earlier position: Alice's reports at the site seconds ago would make 50 km an impossible trip.
    const user = `U${"e".repeat(32)}`;
    fake.tokens.set(`demo:${user}`, { sub: user, aud: CHANNEL, name: user });
    const carol = await linkedEmployee(server, admin, { code: "VM-C", demoUser: user });
    const asCarol = apiClient(() => server, () => carol.cookie);
    const m = onDb((d) => {
      const machine = insertMachine(d, { type: 1 });
      assignMachine(d, machine.id, carol.id);
      return machine;
    });
    const bare = await asCarol("/api/emp/machine", { method: "POST", json: { machine_id: m.id, status: "normal" } });
    expect(bare.status).toBe(201);
    expect(((await bare.json()) as { visit: { flags: string[]; lat: null } }).visit).toMatchObject({ flags: ["no_position"], lat: null, geofence: null });

    const far = await report(asCarol, { machine_id: m.id, status: "normal", ...at(50_000, 500) });
    expect(far.status).toBe(201);
    const { visit } = (await far.json()) as { visit: { distance_m: number; geofence: string; flags: string[] } };
    expect(visit.geofence).toBe("outside");
    expect(visit.distance_m).toBeCloseTo(50_000, -1);
    expect(visit.flags).toEqual([]);
  });

  test("the type-2 radius rule at radius ± accuracy ± 1 m (radius 100, accuracy 10)", async () => {
    const m = aliceMachine();
    const send = (metres: number) => report(asAlice, { machine_id: m.id, status: "normal", ...at(metres) }, jpeg);

    const inside = await send(89);
    expect(inside.status).toBe(201);
    expect(((await inside.json()) as { visit: { geofence: string; flags: string[] } }).visit).toMatchObject({ geofence: "inside", flags: [] });
    for (const metres of [91, 109]) {
      const uncertain = await send(metres);
      expect(uncertain.status, `${metres} m`).toBe(201);
      expect(((await uncertain.json()) as { visit: { geofence: string; flags: string[] } }).visit).toMatchObject({ geofence: "uncertain", flags: ["uncertain"] });
    }
    const before = counts();
    const outside = await send(111);
    expect(outside.status).toBe(422);
    const body = (await outside.json()) as { error: string };
    expect(body.error).toContain("111 เมตร");
    expect(body.error).toContain("นอกพื้นที่");
    expect(counts()).toEqual(before);
  });

  test("type 2: a position worse than the accuracy setting is a 422; no position or no photo is a 400", async () => {
    const m = aliceMachine();
    const before = counts();
    const blurry = await report(asAlice, { machine_id: m.id, status: "normal", ...at(0, 150) }, jpeg);
    expect(blurry.status).toBe(422);
    expect(((await blurry.json()) as { error: string }).error).toContain("ลองใหม่ในที่โล่ง");

    const noPhoto = await report(asAlice, { machine_id: m.id, status: "normal", ...at(0) });
    expect(noPhoto.status).toBe(400);
    const noPhotoBody = (await noPhoto.json()) as { error: string; fields: Record<string, string> };
    expect(noPhotoBody.error).toBe("กรุณาแนบรูปถ่ายตู้");
    expect(noPhotoBody.fields.photo).toBe("กรุณาแนบรูปถ่ายตู้");

    const noPosition = await report(asAlice, { machine_id: m.id, status: "normal" }, jpeg);
    expect(noPosition.status).toBe(400);
    expect(((await noPosition.json()) as { error: string }).error).toMatch(THAI);
    expect(counts()).toEqual(before);
  });

  test("someone else's machine (or one no longer assigned) → 403; unknown or inactive → 404; nothing written", async () => {
    const [bobs, ended, inactive] = onDb((d) => {
      const bobs = insertMachine(d, { type: 1 });
      assignMachine(d, bobs.id, bob.id);
      const ended = insertMachine(d, { type: 1 });
      assignMachine(d, ended.id, alice.id, new Date());
      const inactive = insertMachine(d, { type: 1, active: false });
      assignMachine(d, inactive.id, alice.id);
      return [bobs, ended, inactive];
    });
    const before = counts();
    for (const [id, status] of [
      [bobs.id, 403],
      [ended.id, 403],
      [inactive.id, 404],
      [999_999, 404],
    ] as const) {
      const response = await report(asAlice, { machine_id: id, status: "broken", ...at(0) }, jpeg);
      expect(response.status, `machine ${id}`).toBe(status);
      expect(((await response.json()) as { error: string }).error).toMatch(THAI);
    }
    expect(counts()).toEqual(before);
  });

  test("bad fields, a non-image and a 20 MB photo: a Thai error, nothing written", async () => {
    const m = aliceMachine({ type: 1 });
    const before = counts();
    const bad: Fields[] = [
      { machine_id: m.id, status: "lost" },
      { machine_id: "abc", status: "normal" },
      { machine_id: m.id, status: "normal", note: "ก".repeat(501) },
      { machine_id: m.id, status: "normal", lat: 91, lng: 100, accuracy: 5 },
      { machine_id: m.id, status: "normal", lat: 13, lng: 100, accuracy: 0 },
      { machine_id: m.id, status: "normal", lat: 13 },
    ];
    for (const fields of bad) {
      const response = await report(asAlice, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(Object.values(body.fields).join(" ")).toMatch(THAI);
    }
    const text = await report(asAlice, { machine_id: m.id, status: "normal" }, new TextEncoder().encode("not a picture at all"));
    expect(text.status).toBe(400);
    expect(((await text.json()) as { error: string }).error).toMatch(THAI);
    const huge = await report(asAlice, { machine_id: m.id, status: "normal" }, new Uint8Array(20 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: string }).error).toMatch(THAI);
    expect(counts()).toEqual(before);
  });
});

describe("problem notices", () => {
  async function waitForPushes(n: number) {
    const deadline = Date.now() + 10_000;
    while (pushes().length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 200));
    expect(pushes()).toHaveLength(n);
  }

  test("broken: one card to each group flagged notify_machine, with the machine, status, note and who", async () => {
    fake.reset();
    const m = aliceMachine({ name: "ตู้หน้าตึก A" });
    const response = await report(asAlice, { machine_id: m.id, status: "broken", note: "หน้าจอไม่ติด", ...at(5) }, jpeg);
    expect(response.status).toBe(201);
    await waitForPushes(2);
    expect(pushes().map((p) => p.to).sort()).toEqual([...problemGroups].sort());
    for (const push of pushes()) {
      const [message] = push.messages;
      expect(message.type).toBe("flex");
      expect(message.contents.header.contents[0].text).toBe("แจ้งปัญหาตู้");
      const texts = message.contents.body.contents.map((row) => row.contents.map((c) => c.text).join(": "));
      expect(texts).toContain(`ตู้: ${m.code} ตู้หน้าตึก A`);
      expect(texts).toContain("สถานะ: ชำรุด");
      expect(texts).toContain("หมายเหตุ: หน้าจอไม่ติด");
      expect(texts).toContain("ผู้รายงาน: นายทดสอบ VM-A (VM-A)");
      expect(message.altText).toContain(m.code);
    }
  });

  test("normal and refilled reports send nothing", async () => {
    fake.reset();
    const m = aliceMachine({ type: 1 });
    expect((await report(asAlice, { machine_id: m.id, status: "normal" })).status).toBe(201);
    expect((await report(asAlice, { machine_id: m.id, status: "refilled" })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    expect(pushes()).toHaveLength(0);
  });
});

describe("GET /api/machine/visits (admins)", () => {
  test("a machine's history, a day's list, the open problems until a later normal report, and the CSV", async () => {
    const m = aliceMachine({ type: 1, code: "HIST-1", name: "ตู้ประวัติ" });
    await report(asAlice, { machine_id: m.id, status: "out_of_stock", note: "น้ำหมด", ...at(3) }, jpeg);
    await report(asAlice, { machine_id: m.id, status: "broken", note: "ประตูค้าง" });

    const history = await asAdmin(`/api/machine/visits?machine_id=${m.id}`);
    expect(history.status).toBe(200);
    const h = (await history.json()) as { machine: { code: string }; items: { status: string; photo_url: string | null; distance_m: number | null }[]; total: number };
    expect(h.machine.code).toBe("HIST-1");
    expect(h.total).toBe(2);
    expect(h.items.map((i) => i.status)).toEqual(["broken", "out_of_stock"]);
    expect(h.items[1].photo_url).toMatch(/^\/uploads\/machines\//);
    expect(h.items[1].distance_m).toBeCloseTo(3, 0);

    const today = ((await (await asAdmin("/api/machine/visits")).json()) as { date: string; items: { machine: { id: number } }[] });
    expect(today.items.some((i) => i.machine.id === m.id)).toBe(true);
    const sameDay = (await (await asAdmin(`/api/machine/visits?date=${today.date}&page_size=200`)).json()) as { total: number };
    expect(sameDay.total).toBeGreaterThanOrEqual(2);
    const otherDay = (await (await asAdmin("/api/machine/visits?date=2020-01-01")).json()) as { total: number };
    expect(otherDay.total).toBe(0);

    const open = async () => ((await (await asAdmin("/api/machine/visits?problems=1")).json()) as { items: { machine: { id: number }; visit: { status: string; note: string } }[] }).items;
    expect((await open()).find((p) => p.machine.id === m.id)?.visit).toMatchObject({ status: "broken", note: "ประตูค้าง" });
    await report(asAlice, { machine_id: m.id, status: "normal" });
    expect((await open()).some((p) => p.machine.id === m.id)).toBe(false);

    const csv = await asAdmin(`/api/machine/visits?format=csv&machine_id=${m.id}&from=${today.date}&to=${today.date}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toMatch(/^วันที่,วันที่ \(ค\.ศ\.\),เวลา,รหัสตู้,ชื่อตู้/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain("สินค้าหมด");
    expect(lines[1]).toContain("น้ำหมด");
    expect(lines[3]).toContain("ปกติ");
  });

  test("bad queries are 400s in Thai; an employee cookie is not an admin", async () => {
    for (const query of ["date=2025-02-30", "machine_id=abc", "problems=yes", "format=xml", "from=2025-01-01&to=2026-06-01&format=csv"]) {
      const response = await asAdmin(`/api/machine/visits?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(THAI);
    }
    expect((await asAdmin("/api/machine/visits?machine_id=999999")).status).toBe(404);
    expect([401, 403]).toContain((await asBob("/api/machine/visits")).status);
  });
});
