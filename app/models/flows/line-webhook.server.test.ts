import { eq } from "drizzle-orm";
import { lineFollowers, lineWebhookEvents } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { signWebhook, startFakeLine, type FakeLine } from "../../../tests/fixtures/fake-line";
import { makeJpeg } from "../../../tests/fixtures/images";
import { getGroupByLineId } from "~/models/line/group.server";
import { ReplyCreateSchema } from "~/models/line/message-schema";
import { createReply, deleteReply, listReplies } from "~/models/line/reply-message.server";
import { eventKey, handleWebhookEvents, isSignedByLine, parseWebhookBody, type WebhookEvent } from "./line-webhook.server";

const SECRET = "unit-channel-secret";
const VARS = ["LINE_API_BASE", "LINE_CHANNEL_ACCESS_TOKEN", "LINE_CHANNEL_SECRET"] as const;
const saved = Object.fromEntries(VARS.map((k) => [k, process.env[k]]));
const admin = { type: "admin" as const, id: 1 };
let fake: FakeLine;
let serial = 0;

function textEvent(text: string, extra: Partial<WebhookEvent> = {}): WebhookEvent {
  serial += 1;
  return {
    type: "message",
    mode: "active",
    timestamp: Date.now(),
    webhookEventId: `01HUNIT${String(serial).padStart(19, "0")}`,
    replyToken: `reply-token-${serial}`,
    source: { type: "user", userId: "U1234567890abcdef1234567890abcdef" },
    message: { type: "text", id: `m${serial}`, text },
    ...extra,
  };
}

function useEnv(values: Partial<Record<(typeof VARS)[number], string>>) {
  for (const k of VARS) {
    if (values[k] === undefined) delete process.env[k];
    else process.env[k] = values[k];
  }
  resetEnvCache();
}

beforeAll(async () => {
  fake = await startFakeLine();
});
beforeEach(() => {
  useEnv({ LINE_API_BASE: fake.url, LINE_CHANNEL_ACCESS_TOKEN: "unit-token", LINE_CHANNEL_SECRET: SECRET });
  fake.reset();
  for (const r of listReplies().items) deleteReply(r.id, admin);
});
afterAll(async () => {
  useEnv(saved);
  await fake.close();
});

describe("signature (x-line-signature)", () => {
  const body = JSON.stringify({ destination: "U0", events: [textEvent("สวัสดี 😀 ลาป่วย")] });

  test("the HMAC of the exact bytes passes, as a string or as UTF-8 bytes (Thai and emoji included)", () => {
    const signature = signWebhook(body, SECRET);
    expect(isSignedByLine(body, signature)).toBe(true);
    expect(isSignedByLine(new TextEncoder().encode(body), signature)).toBe(true);
  });

  test("the right signature with anything around it fails (base64 decoding would skip it)", () => {
    const signature = signWebhook(body, SECRET);
    for (const spoiled of [`${signature}%00`, `${signature}!`, ` ${signature}`, `${signature}\n`, signature.replace("=", "")]) {
      expect(isSignedByLine(body, spoiled), spoiled).toBe(false);
    }
  });

  test("a tampered body fails", () => {
    const signature = signWebhook(body, SECRET);
    expect(isSignedByLine(body.replace("ลาป่วย", "ลากิจ"), signature)).toBe(false);
    expect(isSignedByLine(`${body} `, signature)).toBe(false);
  });

  test("the same JSON re-serialised with other spacing fails: the raw bytes are signed, not the content", () => {
    const respaced = JSON.stringify(JSON.parse(body), null, 2);
    expect(JSON.parse(respaced)).toEqual(JSON.parse(body));
    expect(isSignedByLine(respaced, signWebhook(body, SECRET))).toBe(false);
  });

  test("missing, empty, garbage or wrong-secret signatures fail", () => {
    expect(isSignedByLine(body, null)).toBe(false);
    expect(isSignedByLine(body, "")).toBe(false);
    expect(isSignedByLine(body, "not base64 at all!!")).toBe(false);
    expect(isSignedByLine(body, signWebhook(body, SECRET).slice(0, 20))).toBe(false);
    expect(isSignedByLine(body, signWebhook(body, "another-secret"))).toBe(false);
  });

  test("no channel secret configured: nothing passes", () => {
    useEnv({ LINE_API_BASE: fake.url });
    expect(isSignedByLine(body, signWebhook(body, SECRET))).toBe(false);
    expect(isSignedByLine(body, signWebhook(body, ""))).toBe(false);
  });

  test("the body must be {events:[...]}", () => {
    expect(parseWebhookBody(body)).toHaveLength(1);
    expect(parseWebhookBody('{"destination":"U0","events":[]}')).toEqual([]);
    expect(parseWebhookBody("not json")).toBeNull();
    expect(parseWebhookBody('{"events":{}}')).toBeNull();
  });
});

describe("handling events", () => {
  function reply(keyword: string, match: "exact" | "contains", text: string, active = true) {
    return createReply(ReplyCreateSchema.parse({ keyword, match, messages: [{ type: "text", text }], active }), admin);
  }

  test("a text message gets the first matching active reply, with its reply token", async () => {
    reply("ลา", "contains", "inactive", false);
    reply("ลา", "contains", "ขั้นตอนการลา");
    reply("ลาป่วย", "exact", "later id");
    const event = textEvent(" ลาป่วย ");
    expect(await handleWebhookEvents([event])).toEqual(["handled"]);
    const replies = fake.find("/v2/bot/message/reply");
    expect(replies).toHaveLength(1);
    expect(replies[0].body).toEqual({ replyToken: event.replyToken, messages: [{ type: "text", text: "ขั้นตอนการลา" }] });
    expect(replies[0].headers.authorization).toBe("Bearer unit-token");
  });

  test("no match, a non-text message, or no reply token → no reply", async () => {
    reply("menu", "exact", "เมนู");
    await handleWebhookEvents([
      textEvent("something else"),
      textEvent("menu", { message: { type: "sticker", id: "s1" } }),
      textEvent("menu", { replyToken: undefined }),
    ]);
    expect(fake.find("/v2/bot/message/reply")).toHaveLength(0);
  });

  test("a redelivered event (same webhookEventId) is handled once, in one call or across calls", async () => {
    reply("menu", "exact", "เมนู");
    const event = textEvent("MENU");
    expect(await handleWebhookEvents([event, { ...event }])).toEqual(["handled", "duplicate"]);
    expect(await handleWebhookEvents([{ ...event, deliveryContext: { isRedelivery: true } }])).toEqual(["duplicate"]);
    expect(fake.find("/v2/bot/message/reply")).toHaveLength(1);
    const stored = db().select().from(lineWebhookEvents).where(eq(lineWebhookEvents.webhookEventId, event.webhookEventId!)).all();
    expect(stored).toEqual([expect.objectContaining({ type: "message", sourceType: "user", sourceId: event.source!.userId })]);
  });

  test("an event without webhookEventId is de-duplicated on a hash of the event", async () => {
    reply("menu", "exact", "เมนู");
    const { webhookEventId: _none, ...event } = textEvent("menu");
    const replayed = JSON.parse(JSON.stringify(event)) as WebhookEvent;
    const reordered = Object.fromEntries(Object.entries(event).reverse()) as WebhookEvent;
    expect(await handleWebhookEvents([event])).toEqual(["handled"]);
    expect(await handleWebhookEvents([replayed])).toEqual(["duplicate"]);
    expect(await handleWebhookEvents([{ ...reordered, deliveryContext: { isRedelivery: true } }])).toEqual(["duplicate"]);
    expect(fake.find("/v2/bot/message/reply")).toHaveLength(1);

    const key = eventKey(event);
    expect(key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(db().select().from(lineWebhookEvents).where(eq(lineWebhookEvents.webhookEventId, key)).all()).toHaveLength(1);

    // A different event (another message id and token) is not a duplicate.
    const { webhookEventId: _other, ...next } = textEvent("menu");
    expect(eventKey(next)).not.toBe(key);
    expect(await handleWebhookEvents([next])).toEqual(["handled"]);
    expect(fake.find("/v2/bot/message/reply")).toHaveLength(2);
  });

  test("standby events send nothing but are still recorded", async () => {
    reply("menu", "exact", "เมนู");
    const event = textEvent("menu", { mode: "standby" });
    expect(await handleWebhookEvents([event])).toEqual(["handled"]);
    expect(fake.find("/v2/bot/message/reply")).toHaveLength(0);
    expect(await handleWebhookEvents([{ ...event, mode: "active" }])).toEqual(["duplicate"]);
    expect(fake.find("/v2/bot/message/reply")).toHaveLength(0);
  });

  test("a failing reply is logged with console.warn and does not stop the next event", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    reply("menu", "exact", "เมนู");
    useEnv({ LINE_API_BASE: "http://127.0.0.1:9", LINE_CHANNEL_ACCESS_TOKEN: "t", LINE_CHANNEL_SECRET: SECRET });
    const follow: WebhookEvent = { type: "follow", webhookEventId: "01HFOLLOWFAIL", source: { type: "user", userId: "Ufailnext" } };
    expect(await handleWebhookEvents([textEvent("menu"), follow])).toEqual(["failed", "handled"]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("LINE webhook message"));
    warn.mockRestore();
  });

  test("join stores the group with name and picture; leave marks it left", async () => {
    const groupId = "Cwebhookjoin0000000000000000000001";
    fake.groups.set(groupId, { groupName: "ฝ่ายขาย", picture: await makeJpeg() });
    const source = { type: "group", groupId };
    await handleWebhookEvents([{ type: "join", webhookEventId: "01HJOIN1", replyToken: "rt", source }]);
    expect(getGroupByLineId(groupId)).toMatchObject({ name: "ฝ่ายขาย", active: true, left_at: null });
    expect(getGroupByLineId(groupId)?.picture_url).toMatch(/^\/uploads\/linegroups\//);
    await handleWebhookEvents([{ type: "leave", webhookEventId: "01HLEAVE1", source }]);
    expect(getGroupByLineId(groupId)).toMatchObject({ name: "ฝ่ายขาย", active: false });
    expect(getGroupByLineId(groupId)?.left_at).not.toBeNull();
    // a join from a room (no group summary) is ignored
    await handleWebhookEvents([{ type: "join", webhookEventId: "01HJOINROOM", source: { type: "room", roomId: "R1" } }]);
    expect(getGroupByLineId("R1")).toBeNull();
  });

  test("follow and unfollow keep line_followers up to date", async () => {
    const userId = "Ufollower00000000000000000000001";
    const follower = () => db().select().from(lineFollowers).where(eq(lineFollowers.lineUserId, userId)).get();
    await handleWebhookEvents([{ type: "follow", webhookEventId: "01HF1", replyToken: "r", source: { type: "user", userId } }]);
    expect(follower()?.following).toBe(true);
    await handleWebhookEvents([{ type: "unfollow", webhookEventId: "01HF2", source: { type: "user", userId } }]);
    expect(follower()?.following).toBe(false);
    await handleWebhookEvents([{ type: "follow", webhookEventId: "01HF3", source: { type: "user", userId } }]);
    expect(follower()?.following).toBe(true);
  });
});
