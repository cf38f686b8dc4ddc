// The intents of /admin/line-group.
import { z } from "zod";
import { intent } from "~/http/page-action.server";
import { formFlag } from "~/lib/validation";
import type { Actor } from "~/models/audit/audit.server";
import { GroupUpdateSchema, refreshGroup, sendGroupTestMessage, TestMessageSchema, updateGroup } from "~/models/line/group.server";
import { setUpRichMenu } from "~/models/line/rich-menu.server";

/** Same model functions as /api/line-group* and /api/line/rich-menu: one way to rename, flag, refresh or test a group. */
export const lineGroupIntents = (actor: Actor) => ({
  rename: intent({
    id: true,
    schema: z.object({ name: GroupUpdateSchema.shape.name.unwrap() }),
    invalid: "กรุณากรอกชื่อกลุ่ม",
    run: (input, ctx) => void updateGroup(ctx.id(), { name: input.name }, actor),
    done: "เปลี่ยนชื่อกลุ่มแล้ว",
  }),
  flag: intent({
    id: true,
    schema: z.object({
      flag: z.enum(["notify_machine", "notify_leave", "notify_summary"], { error: "ไม่รู้จักการแจ้งเตือนนี้" }),
      value: formFlag,
    }),
    run: (input, ctx) => void updateGroup(ctx.id(), { [input.flag]: input.value }, actor),
    done: "บันทึกการแจ้งเตือนแล้ว",
  }),
  refresh: intent({
    id: true,
    run: (_, ctx) => refreshGroup(ctx.id(), actor),
    done: (group) => `ดึงข้อมูลกลุ่ม “${group.name}” จาก LINE แล้ว`,
  }),
  test: intent({
    id: true,
    schema: TestMessageSchema,
    invalid: "ข้อความทดสอบไม่ถูกต้อง",
    run: (input, ctx) => sendGroupTestMessage(ctx.id(), input.text, actor).then(() => undefined),
    done: "ส่งข้อความทดสอบแล้ว",
  }),
  rich_menu: intent({
    run: () => setUpRichMenu(actor),
    done: "ตั้งค่าริชเมนูแล้ว พนักงานจะเห็นเมนูใหม่ในแชท LINE",
  }),
});
