import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AdminUsers } from "~/components/admins/AdminUsers";
import { PageFrame } from "~/components/PageFrame";
import { requireAdmin } from "~/http/guard.server";
import { adminLoader } from "~/http/page-loaders.server";
import { intent, pageAction } from "~/http/page-action.server";
import { PASSWORD_MIN_LENGTH } from "~/lib/password.server";
import type { SessionAdmin } from "~/lib/session.server";
import { addAdminUser, AdminCreateSchema, AdminPatchSchema, listAdminUsers, updateAdminUser } from "~/models/admins/users.server";

export const meta: MetaFunction = () => [{ title: "ผู้ดูแลระบบ · TN Management" }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ({ admin }) => json({ admins: listAdminUsers(), currentAdminId: admin.id, passwordMinLength: PASSWORD_MIN_LENGTH }));

/** Same model functions as /api/admin-user: one way to add, disable or reset an admin. */
const intents = (admin: SessionAdmin) => {
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

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, intents(admin));
}

export default function AdminUsersPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <PageFrame title="ผู้ดูแลระบบ" description="ผู้ที่เข้าสู่ระบบจัดการได้ เพิ่ม ปิดใช้งาน หรือตั้งรหัสผ่านใหม่">
      <AdminUsers admins={data.admins} currentAdminId={data.currentAdminId} passwordMinLength={data.passwordMinLength} />
    </PageFrame>
  );
}
