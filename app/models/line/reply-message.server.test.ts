import { resetEnvCache } from "~/lib/env.server";
import { DomainError } from "~/lib/errors";
import { startFakeLine, type FakeLine } from "../../../tests/fixtures/fake-line";
import { listAudit } from "~/models/audit/audit.server";
import {
  DUPLICATE_KEYWORD_ERROR,
  MESSAGE_COUNT_ERROR,
  parseReplyInput,
  ReplyCreateSchema,
  ReplyUpdateSchema,
} from "./message-schema";
import {
  createReply,
  deleteReply,
  findReplyFor,
  getReply,
  listReplies,
  pickReply,
  syncReplies,
  updateReply,
} from "./reply-message.server";

const admin = { type: "admin" as const, id: 1 };
const text = (t: string) => ({ type: "text", text: t });

function parseError(input: unknown): DomainError {
  try {
    parseReplyInput(ReplyCreateSchema, input);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error("expected a DomainError");
}

function make(keyword: string, match: "exact" | "contains" = "exact", messages = [text(`ตอบ ${keyword}`)], active = true) {
  return createReply(parseReplyInput(ReplyCreateSchema, { keyword, match, messages, active }), admin);
}

describe("message objects (LINE: 1 to 5, each with a type)", () => {
  test("0 and 6 objects are refused with the Thai and LINE's English count message", () => {
    for (const messages of [[], Array.from({ length: 6 }, (_, i) => text(`m${i}`))]) {
      const error = parseError({ keyword: "a", messages });
      expect(error.status).toBe(400);
      expect(error.message).toBe(MESSAGE_COUNT_ERROR);
      expect(error.message).toContain("Number of messages should be in range 1 to 5.");
      expect(error.message).toContain("จำนวนข้อความต้องอยู่ระหว่าง 1 ถึง 5");
      expect(error.fields?.messages).toBe(MESSAGE_COUNT_ERROR);
    }
    expect(parseError({ keyword: "a" }).message).toBe(MESSAGE_COUNT_ERROR);
    expect(parseError({ keyword: "a", messages: "hello" }).message).toBe(MESSAGE_COUNT_ERROR);
  });

  test("1 and 5 objects are accepted", () => {
    expect(parseReplyInput(ReplyCreateSchema, { keyword: "a", messages: [text("x")] }).messages).toHaveLength(1);
    const five = Array.from({ length: 5 }, (_, i) => text(`m${i}`));
    const parsed = parseReplyInput(ReplyCreateSchema, { keyword: "a", messages: five });
    expect(parsed.messages).toEqual(five);
    expect(parsed).toMatchObject({ match: "exact", active: true });
  });

  test("an object without a type, or not an object, names the message in Thai", () => {
    const error = parseError({ keyword: "a", messages: [text("ok"), { text: "no type" }] });
    expect(error.message).toBe("ข้อความที่ 2: ต้องระบุประเภทข้อความ (type)");
    expect(error.fields).toEqual({ "messages.1.type": "ต้องระบุประเภทข้อความ (type)" });
    expect(parseError({ keyword: "a", messages: ["hi"] }).message).toBe("ข้อความที่ 1: ต้องระบุประเภทข้อความ (type)");
    expect(parseError({ keyword: "a", messages: [{ type: "" }] }).message).toContain("ต้องระบุประเภทข้อความ");
    expect(parseError({ keyword: "a", messages: [{ type: "toString" }] }).message).toContain('ไม่รองรับข้อความประเภท "toString"');
  });

  test("text needs a non-blank text of at most 5000 characters", () => {
    expect(parseError({ keyword: "a", messages: [text("")] }).message).toBe("ข้อความที่ 1: กรุณากรอกข้อความ");
    expect(parseError({ keyword: "a", messages: [text("  \n ")] }).message).toBe("ข้อความที่ 1: กรุณากรอกข้อความ");
    expect(parseError({ keyword: "a", messages: [{ type: "text" }] }).message).toBe("ข้อความที่ 1: กรุณากรอกข้อความ");
    expect(parseError({ keyword: "a", messages: [text("ก".repeat(5001))] }).message).toContain("ยาวเกิน");
    expect(parseReplyInput(ReplyCreateSchema, { keyword: "a", messages: [text("ก".repeat(5000))] })).toBeTruthy();
  });

  test("stickers need ids, images need https URLs; extra LINE fields pass through", () => {
    expect(parseError({ keyword: "a", messages: [{ type: "sticker", packageId: "446" }] }).fields).toHaveProperty("messages.0.stickerId");
    const image = { type: "image", originalContentUrl: "http://x.test/a.jpg", previewImageUrl: "https://x.test/p.jpg" };
    expect(parseError({ keyword: "a", messages: [image] }).fields).toHaveProperty("messages.0.originalContentUrl");
    const ok = [
      { type: "sticker", packageId: "446", stickerId: 1988 },
      { ...image, originalContentUrl: "https://x.test/a.jpg" },
      { type: "text", text: "สวัสดี", quickReply: { items: [] } },
    ];
    expect(parseReplyInput(ReplyCreateSchema, { keyword: "a", messages: ok }).messages).toEqual(ok);
  });

  test("keyword and match are checked; a partial update needs none of them", () => {
    expect(parseError({ keyword: "  ", messages: [text("x")] }).fields).toHaveProperty("keyword");
    expect(parseError({ keyword: "a", match: "regex", messages: [text("x")] }).fields).toHaveProperty("match");
    expect(parseReplyInput(ReplyUpdateSchema, { active: "false" })).toEqual({ active: false });
    expect(() => parseReplyInput(ReplyUpdateSchema, { messages: [] })).toThrow(MESSAGE_COUNT_ERROR);
  });
});

describe("matching an incoming text", () => {
  const reply = (id: number, keyword: string, match: "exact" | "contains", active = true) => ({ id, keyword, match, active });

  test("exact: the trimmed text equals the keyword, ignoring Latin case; contains: the text includes it", () => {
    const replies = [reply(1, "Hello", "exact"), reply(2, "ลา", "contains")];
    expect(pickReply("  hello \n", replies)?.id).toBe(1);
    expect(pickReply("HELLO", replies)?.id).toBe(1);
    expect(pickReply("hello there", replies)).toBeNull();
    expect(pickReply("ขอลาป่วยครับ", replies)?.id).toBe(2);
    expect(pickReply("สวัสดี", replies)).toBeNull();
    expect(pickReply("", replies)).toBeNull();
  });

  test("contains ignores Latin case too; exact does not match a longer text", () => {
    expect(pickReply("please send the MENU", [reply(1, "menu", "contains")])?.id).toBe(1);
    expect(pickReply("ขอเมนู", [reply(1, "เมนู", "exact")])).toBeNull();
  });

  test("inactive replies are ignored; the first match by id wins", () => {
    const replies = [reply(5, "ลา", "contains"), reply(3, "ลางาน", "exact", false), reply(4, "ลางาน", "contains")];
    expect(pickReply("ลางาน", replies)?.id).toBe(4);
    expect(pickReply("ลางาน", replies.filter((r) => r.id !== 4))?.id).toBe(5);
  });

  test("findReplyFor reads the active replies from the database in id order", () => {
    const later = make("สวัสดี", "contains", [text("second")]);
    const first = make("สวัสดีครับ", "exact", [text("first")]);
    expect(first.id).toBeGreaterThan(later.id);
    expect(findReplyFor("สวัสดีครับ")?.id).toBe(later.id);
    updateReply(later.id, { active: false }, admin);
    expect(findReplyFor("สวัสดีครับ")?.messages).toEqual([text("first")]);
    deleteReply(first.id, admin);
    expect(findReplyFor("สวัสดีครับ")).toBeNull();
  });
});

describe("CRUD", () => {
  test("create, partial update, delete; changes are audited", () => {
    const created = make("ราคา", "contains");
    expect(created).toMatchObject({ keyword: "ราคา", match: "contains", active: true, sync_error: null, synced_at: null });
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    const updated = updateReply(created.id, { active: false }, admin);
    expect(updated).toMatchObject({ keyword: "ราคา", active: false, messages: created.messages });
    expect(listReplies().items.map((r) => r.id)).toContain(created.id);
    deleteReply(created.id, admin);
    expect(getReply(created.id)).toBeNull();
    expect(() => deleteReply(created.id, admin)).toThrow(DomainError);
    expect(() => updateReply(created.id, { active: true }, admin)).toThrow("ไม่พบข้อความตอบกลับ");
    expect(listAudit({ entity: "reply_message", entityId: created.id }).map((a) => a.action)).toEqual(["delete", "update", "create"]);
  });
});

function restore(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

describe("sync with LINE", () => {
  let fake: FakeLine;
  const saved = { base: process.env.LINE_API_BASE, token: process.env.LINE_CHANNEL_ACCESS_TOKEN };
  beforeAll(async () => {
    fake = await startFakeLine();
  });
  beforeEach(() => {
    for (const r of listReplies().items) deleteReply(r.id, admin);
    process.env.LINE_API_BASE = fake.url;
    process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
    resetEnvCache();
    fake.reset();
  });
  afterAll(async () => {
    restore("LINE_API_BASE", saved.base);
    restore("LINE_CHANNEL_ACCESS_TOKEN", saved.token);
    resetEnvCache();
    await fake.close();
  });

  test("validates every active reply, stores the outcome, reports the invalid ones", async () => {
    const good = make("ดี");
    const bad = make("เสีย", "exact", [text(`x ${fake.invalidMarker}`)]);
    make("ปิด", "exact", [text(fake.invalidMarker)], false);
    const result = await syncReplies(admin, () => new Date("2026-01-02T03:04:05Z"));
    expect(result.synced).toBe(2);
    expect(result.invalid).toHaveLength(1);
    expect(result.invalid[0].id).toBe(bad.id);
    expect(result.invalid[0].error).toContain("messages[0].text");
    expect(fake.find("/v2/bot/message/validate/reply")).toHaveLength(2);
    expect(getReply(good.id)).toMatchObject({ sync_error: null, synced_at: "2026-01-02T03:04:05.000Z" });
    expect(getReply(bad.id)?.sync_error).toContain("invalid");
    // new messages forget the old verdict
    expect(updateReply(bad.id, { messages: [text("แก้แล้ว")] }, admin)).toMatchObject({ sync_error: null, synced_at: null });
  });

  test("LINE not configured → 503; LINE unreachable → 502 (Thai messages)", async () => {
    make("ดี");
    delete process.env.LINE_CHANNEL_ACCESS_TOKEN;
    resetEnvCache();
    const unconfigured = await syncReplies(admin).catch((e: unknown) => e);
    expect(unconfigured).toBeInstanceOf(DomainError);
    expect((unconfigured as DomainError).status).toBe(503);
    expect((unconfigured as DomainError).message).toContain("ยังไม่ได้ตั้งค่า LINE");

    process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
    process.env.LINE_API_BASE = "http://127.0.0.1:9"; // nothing listens on the discard port
    resetEnvCache();
    const down = await syncReplies(admin).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(DomainError);
    expect((down as DomainError).status).toBe(502);
    expect((down as DomainError).message).toContain("ติดต่อ LINE ไม่ได้");
  });
});

describe("duplicate keywords", () => {
  function conflict(fn: () => unknown): DomainError {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      return error as DomainError;
    }
    throw new Error("expected a 409");
  }

  test("an active reply with the same keyword (as the matcher compares it) and mode is a 409 unless added anyway", () => {
    const first = make("Promo ลดราคา", "exact");
    const before = listReplies().total;
    for (const keyword of ["Promo ลดราคา", "  promo ลดราคา ", "PROMO ลดราคา".normalize("NFD")]) {
      const error = conflict(() => make(keyword, "exact"));
      expect(error.status).toBe(409);
      expect(error.message).toBe(DUPLICATE_KEYWORD_ERROR);
      expect(error.fields?.keyword).toBe(DUPLICATE_KEYWORD_ERROR);
      expect(error.extra.body).toEqual({ duplicate_of: first.id });
    }
    expect(listReplies().total).toBe(before);

    // Another mode, an inactive one, or "add anyway" are saved.
    expect(make("promo ลดราคา", "contains").id).toBeGreaterThan(first.id);
    expect(make("promo ลดราคา", "exact", [text("ปิดไว้")], false).active).toBe(false);
    const anyway = createReply(
      parseReplyInput(ReplyCreateSchema, { keyword: "PROMO ลดราคา", messages: [text("ซ้ำ")], allow_duplicate: "true" }),
      admin,
    );
    expect(anyway.keyword).toBe("PROMO ลดราคา");
  });

  test("updates are checked too: renaming onto, or switching on, a twin is a 409; saving itself is not", () => {
    const a = make("สาขา", "exact");
    const b = make("ที่ตั้ง", "exact");
    const off = make("สาขา", "exact", [text("ปิด")], false);
    expect(updateReply(a.id, { keyword: "สาขา", match: "exact", active: true }, admin).id).toBe(a.id);
    expect(conflict(() => updateReply(b.id, { keyword: " สาขา " }, admin)).status).toBe(409);
    expect(conflict(() => updateReply(off.id, { active: true }, admin)).status).toBe(409);
    expect(getReply(off.id)?.active).toBe(false);
    expect(updateReply(off.id, { active: true, allow_duplicate: true }, admin).active).toBe(true);
    expect(updateReply(b.id, { messages: [text("แก้ข้อความ")] }, admin).keyword).toBe("ที่ตั้ง");
  });
});
