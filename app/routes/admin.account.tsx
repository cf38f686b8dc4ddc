import { Alert, Button, Paper, PasswordInput, Stack, Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LineLinkPanel } from "~/components/account/LineLinkPanel";
import { SessionsPanel } from "~/components/account/SessionsPanel";
import { PageFrame } from "~/components/PageFrame";
import { requireAdmin } from "~/http/guard.server";
import { accountIntents, accountPageData } from "~/http/intents/account.server";
import { pageAction } from "~/http/page-action.server";

export const meta: MetaFunction = () => [{ title: "บัญชีผู้ใช้ · TN Management" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(accountPageData(await requireAdmin(request)));
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, accountIntents(admin, request), { untitled: "password" });
}

export default function AccountPage() {
  const { username, passwordMinLength, line, sessions, sessionsTotal } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const fields = result && !result.ok ? result.fields : {};
  const changed = result?.ok === true && result.intent === "password";
  const revoked = changed && result.data ? result.data.revoked : 0;
  const navigation = useNavigation();
  return (
    <PageFrame title="บัญชีผู้ใช้" description={`เปลี่ยนรหัสผ่านของ ${username}`}>
      <Paper withBorder p="lg" radius="md" maw={440}>
        <Form method="post" noValidate key={changed ? "done" : "form"}>
          <Stack>
            {changed ? (
              <Alert color="green" role="status">
                เปลี่ยนรหัสผ่านแล้ว
                {revoked > 0 ? ` และออกจากระบบบนอุปกรณ์อื่น ${revoked} เครื่อง` : ""}
              </Alert>
            ) : null}
            <PasswordInput
              name="current_password"
              label="รหัสผ่านปัจจุบัน"
              autoComplete="current-password"
              required
              error={fields.current_password}
            />
            <PasswordInput
              name="new_password"
              label="รหัสผ่านใหม่"
              description={`อย่างน้อย ${passwordMinLength} ตัวอักษร ไม่ซ้ำกับชื่อผู้ใช้หรือรหัสผ่านเดิม และไม่ใช่รหัสผ่านที่เดาง่าย`}
              autoComplete="new-password"
              required
              error={fields.new_password}
            />
            <PasswordInput
              name="confirm_password"
              label="ยืนยันรหัสผ่านใหม่"
              autoComplete="new-password"
              required
              error={fields.confirm_password}
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
