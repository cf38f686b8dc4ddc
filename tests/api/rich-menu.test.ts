// POST /api/line/rich-menu against the built server and the fake LINE: admins only; the menu is
// created, its picture uploaded and made the default; a second call replaces the first.
import sharp from "sharp";
import { lineEnv, startFakeLine, type FakeLine } from "../fixtures/fake-line";
import { adminCookie, apiClient, startServer, type RunningServer } from "../fixtures/server";

const ADMIN = { username: "rich-menu-admin", password: "rich-menu-password-1" };
let fake: FakeLine;
let server: RunningServer;
let admin: string;
const api = apiClient(() => server, () => admin);

beforeAll(async () => {
  fake = await startFakeLine();
  server = await startServer(lineEnv(fake, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }));
  admin = await adminCookie(server, ADMIN);
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe("POST /api/line/rich-menu", () => {
  test("401 without a session, 405 for GET; nothing reaches LINE", async () => {
    const anonymous = await fetch(`${server.baseUrl}/api/line/rich-menu`, { method: "POST" });
    expect(anonymous.status).toBe(401);
    expect((await api("/api/line/rich-menu")).status).toBe(405);
    expect(fake.find("/v2/bot/richmenu", "POST")).toHaveLength(0);
  });

  test("creates the four-area menu, uploads a 2500×843 PNG, makes it the default; a second call replaces the first", async () => {
    const first = await api("/api/line/rich-menu", { method: "POST" });
    expect(first.status).toBe(200);
    const { rich_menu_id: id } = (await first.json()) as { rich_menu_id: string };
    expect(fake.defaultRichMenu).toBe(id);
    const created = fake.find("/v2/bot/richmenu", "POST")[0];
    const menu = created.body as { size: { width: number; height: number }; areas: { action: { uri: string } }[] };
    expect(menu.size).toEqual({ width: 2500, height: 843 });
    expect(menu.areas.map((a) => a.action.uri)).toEqual([
      "https://liff.line.me/1234567890-AbCdEfGh/checkin-out",
      "https://liff.line.me/1234567890-AbCdEfGh/petition",
      "https://liff.line.me/1234567890-AbCdEfGh/vending-machine",
      "https://liff.line.me/1234567890-AbCdEfGh",
    ]);
    const upload = fake.find(new RegExp(`/v2/bot/richmenu/${id}/content$`), "POST")[0];
    const image = await sharp(upload.bytes).metadata();
    expect([image.format, image.width, image.height]).toEqual(["png", 2500, 843]);

    const second = await api("/api/line/rich-menu", { method: "POST" });
    expect(second.status).toBe(200);
    const next = ((await second.json()) as { rich_menu_id: string }).rich_menu_id;
    expect(next).not.toBe(id);
    expect(fake.defaultRichMenu).toBe(next);
    expect(fake.find(new RegExp(`/v2/bot/richmenu/${id}$`), "DELETE")).toHaveLength(1);
  });
});

describe("three set-ups at once", () => {
  test("one runs, the other two are a Thai 409 at once; LINE is left with exactly one menu of ours, the default", async () => {
    fake.reset();
    // A slow LINE keeps the first set-up running while the other two arrive.
    fake.delays.set("/v2/bot/richmenu", 500);
    const answers = await Promise.all([1, 2, 3].map(() => api("/api/line/rich-menu", { method: "POST" })));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { rich_menu_id?: string; error?: string }[];
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(bodies.filter((b) => b.error).map((b) => b.error)).toEqual(["กำลังตั้งค่าเมนูอยู่ กรุณารอสักครู่แล้วดูผลอีกครั้ง", "กำลังตั้งค่าเมนูอยู่ กรุณารอสักครู่แล้วดูผลอีกครั้ง"]);
    const made = bodies.find((b) => b.rich_menu_id)!.rich_menu_id;
    expect(fake.find("/v2/bot/richmenu", "POST")).toHaveLength(1);
    expect([...fake.richMenus.keys()]).toEqual([made]);
    expect(fake.defaultRichMenu).toBe(made);
  });
});
