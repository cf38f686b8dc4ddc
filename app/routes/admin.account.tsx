import { Alert, Button, Paper, PasswordInput, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { LineLinkPanel } from "~/components/account/LineLinkPanel";
import { SessionsPanel } from "~/components/account/SessionsPanel";
import { PageFrame } from "~/components/PageFrame";
import { requireAdmin } from "~/http/guard.server";
import { clientIp } from "~/http/request.server";
import { intent, PAGE_ACTION_MESSAGES, pageAction } from "~/http/page-action.server";
import { PASSWORD_MIN_LENGTH } from "~/lib/password.server";
import { fieldErrors } from "~/lib/validation";
import type { SessionAdmin } from "~/lib/session.server";
import { adminLineState, issueAdminLineCode, unlinkAdminLine } from "~/models/admins/line-account.server";
import { endOtherSessions, endOwnSession, listOwnSessions } from "~/models/admins/sessions.server";
import { changeOwnPassword, ChangePasswordSchema, LoginError } from "~/models/admins/admin.server";
import type { Actor } from "~/models/audit/audit.server";

export const meta: MetaFunction = () => [{ title: "บัญชีผู้ใช้ · TN Management" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const { sessions, total } = listOwnSessions(admin);
  return json({
    username: admin.username,
    passwordMinLength: PASSWORD_MIN_LENGTH,
    line: adminLineState(admin.id),
    sessions,
    sessionsTotal: total,
  });
}

const lineIntents = (adminId: number, actor: Actor) => ({
  "line-code": intent({
    run: () => issueAdminLineCode(adminId),
    done: "ออกรหัสเชื่อมบัญชี LINE แล้ว",
  }),
  "line-unlink": intent({
    run: () => void unlinkAdminLine(adminId, actor),
    done: "ยกเลิกการเชื่อมบัญชี LINE แล้ว",
  }),
});

/** The same model functions as /api/admin/session: an admin ends only their own sessions. */
const sessionIntents = (admin: SessionAdmin) => ({
  "session-end": intent({
    schema: z.object({ key: z.string({ error: "ไม่พบการเข้าสู่ระบบนี้" }).min(1, "ไม่พบการเข้าสู่ระบบนี้").max(64, "ไม่พบการเข้าสู่ระบบนี้") }),
    run: (input) => endOwnSession(admin, input.key),
    done: "ออกจากระบบอุปกรณ์นั้นแล้ว",
  }),
  "session-end-others": intent({
    run: () => endOtherSessions(admin),
    done: (ended) => (ended > 0 ? `ออกจากระบบอุปกรณ์อื่น ${ended} เครื่องแล้ว` : "ไม่มีอุปกรณ์อื่นที่เข้าสู่ระบบอยู่"),
  }),
});

const notAForm = () =>
  json({ ok: false as const, error: PAGE_ACTION_MESSAGES.badBody, fields: {} as Record<string, string>, revoked: 0 }, { status: 400 });

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    return notAForm();
  }
  let posted: FormDataEntryValue | null;
  try {
    posted = (await request.clone().formData()).get("intent");
  } catch {
    return notAForm();
  }
  if (typeof posted === "string" && posted.startsWith("line-")) {
    return pageAction(request, lineIntents(admin.id, { type: "admin", id: admin.id }));
  }
  if (typeof posted === "string" && posted.startsWith("session-")) {
    return pageAction(request, sessionIntents(admin));
  }
  return changePassword(request, admin);
}

async function changePassword(request: Request, admin: { id: number; sessionId: string }) {
  const form = await request.formData();
  const parsed = ChangePasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return json({ ok: false as const, fields: fieldErrors(parsed.error), revoked: 0 }, { status: 400 });
  }
  let result;
  try {
    result = await changeOwnPassword({
      adminId: admin.id,
      sessionId: admin.sessionId,
      currentPassword: parsed.data.current_password,
      newPassword: parsed.data.new_password,
      ip: clientIp(request),
    });
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    return json(
      { ok: false as const, fields: { current_password: error.message } as Record<string, string>, revoked: 0 },
      { status: error.status, headers: error.extra.headers },
    );
  }
  if (!result.ok) return json({ ...result, revoked: 0 }, { status: 400 });
  return json({ ok: true as const, fields: {} as Record<string, string>, revoked: result.revoked });
}

export default function AccountPage() {
  const { username, passwordMinLength, line, sessions, sessionsTotal } = useLoaderData<typeof loader>();
  const result = useActionData<typeof changePassword>();
  const navigation = useNavigation();
  return (
    <PageFrame title="บัญชีผู้ใช้" description={`เปลี่ยนรหัสผ่านของ ${username}`}>
      <Paper withBorder p="lg" radius="md" maw={440}>
        <Form method="post" noValidate key={result?.ok ? "done" : "form"}>
          <Stack>
            {result?.ok ? (
              <Alert color="green" role="status">
                เปลี่ยนรหัสผ่านแล้ว
                {result.revoked > 0 ? ` และออกจากระบบบนอุปกรณ์อื่น ${result.revoked} เครื่อง` : ""}
              </Alert>
            ) : null}
            <PasswordInput
              name="current_password"
              label="รหัสผ่านปัจจุบัน"
              autoComplete="current-password"
              required
              error={result?.fields.current_password}
            />
            <PasswordInput
              name="new_password"
              label="รหัสผ่านใหม่"
              description={`อย่างน้อย ${passwordMinLength} ตัวอักษร ไม่ซ้ำกับชื่อผู้ใช้หรือรหัสผ่านเดิม และไม่ใช่รหัสผ่านที่เดาง่าย`}
              autoComplete="new-password"
              required
              error={result?.fields.new_password}
            />
            <PasswordInput
              name="confirm_password"
              label="ยืนยันรหัสผ่านใหม่"
              autoComplete="new-password"
              required
              error={result?.fields.confirm_password}
            />
            <Text fz="xs" c="dimmed">
              เมื่อเปลี่ยนรหัสผ่าน อุปกรณ์อื่นที่เข้าสู่ระบบด้วยบัญชีนี้จะถูกออกจากระบบ
            </Text>
            <Button type="submit" loading={navigation.state === "submitting"}>
              บันทึกรหัสผ่านใหม่
            </Button>
          </Stack>
        </Form>
      </Paper>
      <LineLinkPanel linked={line.linked} linkedAt={line.linked_at} />
      <SessionsPanel sessions={sessions} total={sessionsTotal} />
    </PageFrame>
  );
}
