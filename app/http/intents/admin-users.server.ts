// The intents of /admin/users.
import { z } from "zod";
import { intent } from "~/http/page-action.server";
import type { SessionAdmin } from "~/lib/session.server";
import { addAdminUser, AdminCreateSchema, AdminPatchSchema, updateAdminUser } from "~/models/admins/users.server";

/** Same model functions as /api/admin-user: one way to add, disable or reset an admin. */
export const adminUserIntents = (admin: SessionAdmin) => {
  const actor = { type: "admin" as const, id: admin.id };
  return {
    add: intent({
      schema: AdminCreateSchema,
      run: (input) => addAdminUser(input, actor),
      done: (result) => `เพิ่มผู้ดูแลระบบ ${result.admin.username} แล้ว`,
    }),
    active: intent({
      id: true,
      schema: z.object({ active: AdminPatchSchema.shape.active.unwrap() }),
      run: (input, ctx) => updateAdminUser(ctx.id(), { active: input.active }, actor),
      done: (result) => (result.admin.active ? `เปิดใช้งาน ${result.admin.username} แล้ว` : `ปิดใช้งาน ${result.admin.username} แล้ว`),
    }),
    reset: intent({
      id: true,
      run: (_, ctx) => updateAdminUser(ctx.id(), { password: null }, actor, { keepSessionId: admin.sessionId }),
      done: (result) => `ตั้งรหัสผ่านใหม่ให้ ${result.admin.username} แล้ว`,
    }),
  };
};
