import sharp from "sharp";
import { startFakeLine, type FakeLine } from "../../../tests/fixtures/fake-line";
import { resetEnvCache } from "~/lib/env.server";
import { DomainError } from "~/lib/errors";
import { listAudit } from "~/models/audit/audit.server";
import { RICH_MENU_HEIGHT, RICH_MENU_MAX_BYTES, RICH_MENU_WIDTH } from "./rich-menu-image.server";
import { RICH_MENU_BUSY, RICH_MENU_NAME, RICH_MENU_NOT_CONFIGURED, setUpRichMenu } from "./rich-menu.server";
import { getSetting, setSetting } from "~/models/core/settings.server";

const admin = { type: "admin" as const, id: 0 };
const LIFF_ID = "1234567890-RichMenu";
let fake: FakeLine;

function useLine({ liff = true, bot = true } = {}) {
  process.env.LINE_API_BASE = fake.url;
  process.env.LINE_DATA_API_BASE = fake.url;
  if (bot) process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
  else delete process.env.LINE_CHANNEL_ACCESS_TOKEN;
  if (liff) process.env.LIFF_ID = LIFF_ID;
  else delete process.env.LIFF_ID;
  resetEnvCache();
}

beforeAll(async () => {
  fake = await startFakeLine();
});
afterAll(async () => {
  delete process.env.LIFF_ID;
  delete process.env.LINE_CHANNEL_ACCESS_TOKEN;
  resetEnvCache();
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.richMenus.clear();
  fake.defaultRichMenu = null;
  setSetting("line_rich_menu_id", "");
  useLine();
});

const calls = () => fake.requests.map((r) => `${r.method} ${r.path}`);

describe("setUpRichMenu", () => {
  test("creates the menu, uploads its picture and makes it the default, in that order, then lists LINE's menus", async () => {
    const result = await setUpRichMenu(admin);
    const id = result.rich_menu_id;
    expect(calls()).toEqual([
      "POST /v2/bot/richmenu",
      `POST /v2/bot/richmenu/${id}/content`,
      `POST /v2/bot/user/all/richmenu/${id}`,
      "GET /v2/bot/richmenu/list",
    ]);
    expect(fake.defaultRichMenu).toBe(id);
    expect(fake.requests.every((r) => r.headers.authorization === "Bearer unit-token")).toBe(true);
    expect(getSetting("line_rich_menu_id")).toBe(id);
    expect(result.replaced).toBeNull();
    expect(listAudit({ entity: "settings" })[0]?.changes).toMatchObject({ line_rich_menu_id: { to: id } });
  });

  test("four areas side by side over the whole picture, each opening its LIFF page", async () => {
    await setUpRichMenu(admin);
    const menu = fake.find("/v2/bot/richmenu", "POST")[0].body as {
      size: { width: number; height: number };
      selected: boolean;
      chatBarText: string;
      areas: { bounds: { x: number; y: number; width: number; height: number }; action: { type: string; label: string; uri: string } }[];
    };
    expect(menu.size).toEqual({ width: 2500, height: 843 });
    expect(menu.selected).toBe(true);
    expect([...menu.chatBarText].length).toBeLessThanOrEqual(14);
    expect(menu.areas.map((a) => a.bounds)).toEqual([
      { x: 0, y: 0, width: 625, height: 843 },
      { x: 625, y: 0, width: 625, height: 843 },
      { x: 1250, y: 0, width: 625, height: 843 },
      { x: 1875, y: 0, width: 625, height: 843 },
    ]);
    expect(menu.areas.map((a) => a.action)).toEqual([
      { type: "uri", label: "ลงเวลา", uri: `https://liff.line.me/${LIFF_ID}/checkin-out` },
      { type: "uri", label: "ลางาน", uri: `https://liff.line.me/${LIFF_ID}/petition` },
      { type: "uri", label: "ตู้", uri: `https://liff.line.me/${LIFF_ID}/vending-machine` },
      { type: "uri", label: "หน้าหลัก", uri: `https://liff.line.me/${LIFF_ID}` },
    ]);
  });

  test("the picture is a PNG of the declared size, within LINE's 1 MB", async () => {
    await setUpRichMenu(admin);
    const upload = fake.find(/\/content$/, "POST")[0];
    expect(upload.headers["content-type"]).toBe("image/png");
    expect(upload.bytes.byteLength).toBeLessThanOrEqual(RICH_MENU_MAX_BYTES);
    const meta = await sharp(upload.bytes).metadata();
    expect(meta).toMatchObject({ format: "png", width: RICH_MENU_WIDTH, height: RICH_MENU_HEIGHT });
    // Not a blank canvas: the tiles are coloured.
    const stats = await sharp(upload.bytes).stats();
    expect(stats.channels[0].stdev).toBeGreaterThan(10);
  });

  test("deletes the menu made before once the new one is the default", async () => {
    const first = await setUpRichMenu(admin);
    fake.reset();
    const second = await setUpRichMenu(admin);
    expect(second.replaced).toBe(first.rich_menu_id);
    expect(calls()).toEqual([
      "POST /v2/bot/richmenu",
      `POST /v2/bot/richmenu/${second.rich_menu_id}/content`,
      `POST /v2/bot/user/all/richmenu/${second.rich_menu_id}`,
      "GET /v2/bot/richmenu/list",
      `DELETE /v2/bot/richmenu/${first.rich_menu_id}`,
    ]);
    expect([...fake.richMenus.keys()]).toEqual([second.rich_menu_id]);
    expect(getSetting("line_rich_menu_id")).toBe(second.rich_menu_id);
  });

  test("deletes every other menu of ours on LINE (left by a set-up cut short), never another's", async () => {
    const orphan = { name: RICH_MENU_NAME, size: { width: 2500, height: 843 }, areas: [] };
    fake.richMenus.set("richmenu-orphan-1", { menu: orphan });
    fake.richMenus.set("richmenu-orphan-2", { menu: orphan });
    fake.richMenus.set("richmenu-campaign", { menu: { ...orphan, name: "โปรโมชั่น" } });
    const result = await setUpRichMenu(admin);
    expect(result.replaced).toBeNull();
    expect(fake.find(/^\/v2\/bot\/richmenu\/[^/]+$/, "DELETE").map((r) => r.path)).toEqual([
      "/v2/bot/richmenu/richmenu-orphan-1",
      "/v2/bot/richmenu/richmenu-orphan-2",
    ]);
    expect([...fake.richMenus.keys()].sort()).toEqual(["richmenu-campaign", result.rich_menu_id].sort());
  });

  test("the list not answering still deletes the previous menu by its id; the new menu stands", async () => {
    const first = await setUpRichMenu(admin);
    fake.reset();
    process.env.LINE_TIMEOUT_SECONDS = "0.5";
    resetEnvCache();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      fake.stallAfterHeaders = ["/v2/bot/richmenu/list"];
      const second = await setUpRichMenu(admin);
      expect(second.replaced).toBe(first.rich_menu_id);
      expect(fake.defaultRichMenu).toBe(second.rich_menu_id);
      expect([...fake.richMenus.keys()]).toEqual([second.rich_menu_id]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("Could not list the rich menus on LINE: ติดต่อ LINE ไม่ได้: LINE ไม่ตอบภายใน"));
    } finally {
      warn.mockRestore();
      delete process.env.LINE_TIMEOUT_SECONDS;
      resetEnvCache();
    }
  });

  test("one set-up at a time: a second while one runs is a Thai 409 and sends nothing; afterwards it runs", async () => {
    const running = setUpRichMenu(admin);
    const second = await setUpRichMenu(admin).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(DomainError);
    expect(second).toMatchObject({ status: 409, message: RICH_MENU_BUSY });
    const first = await running;
    expect(fake.find("/v2/bot/richmenu", "POST")).toHaveLength(1);
    expect([...fake.richMenus.keys()]).toEqual([first.rich_menu_id]);
    const after = await setUpRichMenu(admin);
    expect(after.replaced).toBe(first.rich_menu_id);
  });

  test("a previous menu LINE no longer has is not an error", async () => {
    setSetting("line_rich_menu_id", "richmenu-gone");
    const result = await setUpRichMenu(admin);
    expect(calls().at(-1)).toBe("DELETE /v2/bot/richmenu/richmenu-gone");
    expect(fake.defaultRichMenu).toBe(result.rich_menu_id);
  });

  test.each([
    ["no LIFF app (demo mode)", { liff: false, bot: true }],
    ["no bot", { liff: true, bot: false }],
  ])("%s → 409 in Thai, nothing sent to LINE", async (_, setup) => {
    useLine(setup);
    const error = await setUpRichMenu(admin).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ status: 409, message: RICH_MENU_NOT_CONFIGURED });
    expect(RICH_MENU_NOT_CONFIGURED).toMatch(/^ยังไม่ได้ตั้งค่า LINE/);
    expect(fake.requests).toEqual([]);
  });

  test("LINE refusing the menu → 502 with LINE's reason; the stored menu stays", async () => {
    setSetting("line_rich_menu_id", "richmenu-old");
    fake.richMenuPlan = [400];
    const error = await setUpRichMenu(admin).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ status: 502 });
    expect((error as Error).message).toMatch(/สร้างริชเมนูไม่สำเร็จ.*LINE ตอบ HTTP 400/);
    expect(getSetting("line_rich_menu_id")).toBe("richmenu-old");
    expect(fake.find(/^\/v2\/bot\/richmenu\/richmenu-old$/)).toEqual([]);
  });

  test("LINE unavailable → 503", async () => {
    fake.richMenuPlan = [503];
    await expect(setUpRichMenu(admin)).rejects.toMatchObject({ status: 503 });
  });

  test("a failure after creating deletes the half-made menu", async () => {
    // The picture is refused: the menu never had an image, so setting it as the default fails.
    const original = fake.richMenus.set.bind(fake.richMenus);
    let created = "";
    fake.richMenus.set = (id, menu) => {
      created = id;
      return original(id, { ...menu, image: { contentType: "image/png", bytes: Buffer.alloc(0) } });
    };
    const error = await setUpRichMenu(admin).catch((e: unknown) => e);
    fake.richMenus.set = original;
    expect(error).toMatchObject({ status: 502 });
    expect(calls()).toEqual([
      "POST /v2/bot/richmenu",
      `POST /v2/bot/richmenu/${created}/content`,
      `DELETE /v2/bot/richmenu/${created}`,
    ]);
    expect(fake.richMenus.size).toBe(0);
    expect(getSetting("line_rich_menu_id")).toBe("");
  });
});
