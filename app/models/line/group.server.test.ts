import { createAdmin } from "~/models/admins/admin.server";
import { setPushRetryDefaults } from "./notifier.server";
import { resetEnvCache } from "~/lib/env.server";
import { DomainError } from "~/lib/errors";
import { getUpload } from "~/lib/uploads.server";
import { startFakeLine, type FakeLine } from "../../../tests/fixtures/fake-line";
import { makeJpeg } from "../../../tests/fixtures/images";
import { listAudit } from "~/models/audit/audit.server";
import {
  DEFAULT_TEST_TEXT,
  getGroupByLineId,
  GroupUpdateSchema,
  listGroups,
  recordGroupJoin,
  recordGroupLeave,
  refreshGroup,
  sendGroupTestMessage,
  TestMessageSchema,
  updateGroup,
} from "./group.server";

const admin = { type: "admin" as const, id: 0 };
beforeAll(async () => {
  admin.id = (await createAdmin({ username: "group-admin", password: "group-admin-pw" })).id;
});
const VARS = ["LINE_API_BASE", "LINE_CHANNEL_ACCESS_TOKEN"] as const;
const saved = Object.fromEntries(VARS.map((k) => [k, process.env[k]]));
let fake: FakeLine;
let jpeg: Buffer;
let serial = 0;
const nextGroupId = () => `C${String(++serial).padStart(32, "0")}`;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
}

beforeAll(async () => {
  fake = await startFakeLine();
  jpeg = await makeJpeg({ width: 200, height: 200 });
});
beforeEach(() => {
  process.env.LINE_API_BASE = fake.url;
  process.env.LINE_CHANNEL_ACCESS_TOKEN = "unit-token";
  resetEnvCache();
  fake.reset();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.mocked(console.warn).mockRestore());
afterAll(async () => {
  for (const k of VARS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvCache();
  await fake.close();
});

describe("join and leave", () => {
  test("join stores the group with LINE's name and picture; leave marks it left and keeps it", async () => {
    const groupId = nextGroupId();
    fake.groups.set(groupId, { groupName: "ทีมขาย ภาคเหนือ 🚚", picture: jpeg });
    const joinedAt = new Date("2026-03-01T02:00:00Z");
    const group = await recordGroupJoin(groupId, joinedAt);
    expect(group).toMatchObject({
      group_id: groupId,
      name: "ทีมขาย ภาคเหนือ 🚚",
      active: true,
      joined_at: joinedAt.toISOString(),
      left_at: null,
      notify_leave: false,
      notify_machine: false,
      notify_summary: false,
    });
    expect(group.picture_url).toMatch(/^\/uploads\/linegroups\/[0-9a-f-]{36}\.jpg$/);
    const uploadId = /linegroups\/(.+)\.jpg/.exec(group.picture_url!)![1];
    expect(getUpload(uploadId)).toMatchObject({ folder: "linegroups", mime: "image/jpeg", width: 200 });
    // a group picture belongs to no employee: admins only
    expect(getUpload(uploadId)?.ownerEmployeeId).toBeNull();
    expect(fake.find(`/v2/bot/group/${groupId}/summary`)).toHaveLength(1);

    const leftAt = new Date("2026-03-05T02:00:00Z");
    expect(recordGroupLeave(groupId, leftAt)).toMatchObject({ active: false, left_at: leftAt.toISOString() });
    expect(getGroupByLineId(groupId)).toMatchObject({ name: "ทีมขาย ภาคเหนือ 🚚", active: false });

    // joining again: active, not left, flags kept, one row
    updateGroup(group.id, { notify_leave: true }, admin);
    const again = await recordGroupJoin(groupId, new Date("2026-04-01T00:00:00Z"));
    expect(again).toMatchObject({ id: group.id, active: true, left_at: null, notify_leave: true });
    expect(listGroups().items.filter((g) => g.group_id === groupId)).toHaveLength(1);
    // the old picture is replaced, not kept forever
    expect(getUpload(uploadId)).toBeNull();
  });

  test("a failed picture download keeps the group (with its name)", async () => {
    const groupId = nextGroupId();
    fake.groups.set(groupId, { groupName: "กลุ่มรูปเสีย", picture: new Uint8Array([1, 2, 3, 4]) });
    const group = await recordGroupJoin(groupId);
    expect(group).toMatchObject({ name: "กลุ่มรูปเสีย", active: true, picture_url: null });
    expect(console.warn).toHaveBeenCalled();
  });

  test("a failed summary keeps the group without a name", async () => {
    const groupId = nextGroupId(); // unknown to the fake: 404
    const group = await recordGroupJoin(groupId);
    expect(group).toMatchObject({ group_id: groupId, name: "", active: true, picture_url: null });
  });

  test("leave of an unknown group changes nothing", () => {
    expect(recordGroupLeave("Cunknown")).toBeNull();
  });
});

describe("admin actions", () => {
  test("rename and flags; input is checked", async () => {
    const groupId = nextGroupId();
    fake.groups.set(groupId, { groupName: "เดิม" });
    const group = await recordGroupJoin(groupId);
    const input = GroupUpdateSchema.parse({ name: "  ฝ่ายบุคคล ", notify_leave: "true", notify_machine: false, notify_summary: "on" });
    expect(updateGroup(group.id, input, admin)).toMatchObject({ name: "ฝ่ายบุคคล", notify_leave: true, notify_machine: false, notify_summary: true });
    expect(GroupUpdateSchema.safeParse({ name: " " }).success).toBe(false);
    expect(GroupUpdateSchema.safeParse({ notify_leave: "maybe" }).success).toBe(false);
    expect(() => updateGroup(999_999, {}, admin)).toThrow(DomainError);
    expect(listAudit({ entity: "line_group", entityId: group.id })[0].action).toBe("update");
  });

  test("refresh reads the name and picture again; a left group → 409", async () => {
    const groupId = nextGroupId();
    fake.groups.set(groupId, { groupName: "ก่อน" });
    const group = await recordGroupJoin(groupId);
    fake.groups.set(groupId, { groupName: "หลัง", picture: jpeg });
    const refreshed = await refreshGroup(group.id, admin);
    expect(refreshed.name).toBe("หลัง");
    expect(refreshed.picture_url).toMatch(/^\/uploads\/linegroups\//);
    recordGroupLeave(groupId);
    const error = await rejection(refreshGroup(group.id, admin));
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(409);
  });

  test("refresh: LINE failure → 502, LINE not configured → 503", async () => {
    const groupId = nextGroupId();
    fake.groups.set(groupId, { groupName: "ชั่วคราว" });
    const group = await recordGroupJoin(groupId);
    fake.groups.delete(groupId);
    const failed = await rejection(refreshGroup(group.id, admin));
    expect(failed).toBeInstanceOf(DomainError);
    expect((failed as DomainError).status).toBe(502);
    expect((failed as DomainError).message).toContain("อ่านข้อมูลกลุ่ม LINE ไม่สำเร็จ");
    delete process.env.LINE_CHANNEL_ACCESS_TOKEN;
    resetEnvCache();
    expect(((await rejection(refreshGroup(group.id, admin))) as DomainError).status).toBe(503);
  });

  test("test message: pushed to the group with a fresh retry key each time; default text; left → 409", async () => {
    const groupId = nextGroupId();
    fake.groups.set(groupId, { groupName: "ทดสอบ" });
    const group = await recordGroupJoin(groupId);
    const first = await sendGroupTestMessage(group.id, "สวัสดีทุกคน 👋", admin);
    const second = await sendGroupTestMessage(group.id, TestMessageSchema.parse({ text: "  " }).text, admin);
    const pushes = fake.find("/v2/bot/message/push");
    expect(pushes).toHaveLength(2);
    expect(pushes[0].body).toEqual({ to: groupId, messages: [{ type: "text", text: "สวัสดีทุกคน 👋" }] });
    expect(pushes[1].body).toEqual({ to: groupId, messages: [{ type: "text", text: DEFAULT_TEST_TEXT }] });
    expect(pushes[0].headers["x-line-retry-key"]).toBe(first.retry_key);
    expect(first.retry_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.retry_key).not.toBe(first.retry_key);

    // retried with the same key by the notifier, then 502
    setPushRetryDefaults({ baseDelayMs: 1 });
    fake.pushPlan = [500, 500, 500];
    expect(((await rejection(sendGroupTestMessage(group.id, "x", admin))) as DomainError).status).toBe(502);
    expect(new Set(fake.find("/v2/bot/message/push").slice(2).map((r) => r.headers["x-line-retry-key"])).size).toBe(1);

    recordGroupLeave(groupId);
    const left = await rejection(sendGroupTestMessage(group.id, "x", admin));
    expect((left as DomainError).status).toBe(409);
    expect(fake.find("/v2/bot/message/push")).toHaveLength(5);
  });
});
