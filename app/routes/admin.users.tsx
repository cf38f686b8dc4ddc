import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminUsers } from "~/components/admins/AdminUsers";
import { PageFrame } from "~/components/PageFrame";
import { requireAdmin } from "~/http/guard.server";
import { adminLoader } from "~/http/page-loaders.server";
import { pageAction } from "~/http/page-action.server";
import { adminUserIntents } from "~/http/intents/admin-users.server";
import { PASSWORD_MIN_LENGTH } from "~/lib/password.server";
import { listAdminUsers } from "~/models/admins/users.server";

export const meta: MetaFunction = () => [{ title: "ผู้ดูแลระบบ · TN Management" }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ({ admin }) => json({ admins: listAdminUsers(), currentAdminId: admin.id, passwordMinLength: PASSWORD_MIN_LENGTH }));

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, adminUserIntents(admin));
}

export default function AdminUsersPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <PageFrame title="ผู้ดูแลระบบ" description="ผู้ที่เข้าสู่ระบบจัดการได้ เพิ่ม ปิดใช้งาน หรือตั้งรหัสผ่านใหม่">
      <AdminUsers admins={data.admins} currentAdminId={data.currentAdminId} passwordMinLength={data.passwordMinLength} />
    </PageFrame>
  );
}
