// The intents of /admin/line-reply.
import { z } from "zod";
import { intent, type Fields } from "~/http/page-action.server";
import { formFlag } from "~/lib/validation";
import type { Actor } from "~/models/audit/audit.server";
import { parseReplyInput, ReplyCreateSchema } from "~/models/line/message-schema";
import { createReply, deleteReply, syncReplies, updateReply } from "~/models/line/reply-message.server";

/** The form posts the reply's messages as one JSON field. */
function withMessages(fields: Fields) {
  let messages: unknown;
  try {
    messages = JSON.parse(fields.messages ?? "");
  } catch {
    messages = undefined; // the schema then says which messages are missing
  }
  return { ...fields, messages };
}

/** Same model functions as /api/message*: one way to create, edit, enable, delete or sync. */
export const lineReplyIntents = (actor: Actor) => ({
  create: intent({
    schema: (fields) => parseReplyInput(ReplyCreateSchema, withMessages(fields)),
    run: (input) => void createReply(input, actor),
    done: "เพิ่มข้อความตอบกลับแล้ว",
  }),
  update: intent({
    id: true,
    schema: (fields) => parseReplyInput(ReplyCreateSchema, withMessages(fields)),
    run: (input, ctx) => void updateReply(ctx.id(), input, actor),
    done: "บันทึกการแก้ไขแล้ว",
  }),
  toggle: intent({
    id: true,
    schema: z.object({ active: formFlag }),
    run: (input, ctx) => void updateReply(ctx.id(), { active: input.active }, actor),
    done: (_, input) => (input.active ? "เปิดใช้งานแล้ว" : "ปิดใช้งานแล้ว"),
  }),
  delete: intent({ id: true, run: (_, ctx) => deleteReply(ctx.id(), actor), done: "ลบข้อความตอบกลับแล้ว" }),
  sync: intent({
    run: () => syncReplies(actor),
    done: (sync) =>
      sync.invalid.length
        ? `ตรวจแล้ว ${sync.synced} รายการ ไม่ผ่าน ${sync.invalid.length} รายการ`
        : `ตรวจแล้ว ${sync.synced} รายการ ผ่านทั้งหมด`,
  }),
});
