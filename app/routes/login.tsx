import { Alert } from "~mantine-core/components/Alert/Alert";
import { Button } from "~mantine-core/components/Button/Button";
import { Center } from "~mantine-core/components/Center/Center";
import { Paper } from "~mantine-core/components/Paper/Paper";
import { PasswordInput } from "~mantine-core/components/PasswordInput/PasswordInput";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { TextInput } from "~mantine-core/components/TextInput/TextInput";
import { Title } from "~mantine-core/components/Title/Title";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { signIn } from "~/http/auth.server";
import { safeRedirect } from "~/lib/redirect";
import { getSessionAdmin } from "~/lib/session.server";
import { LoginError } from "~/models/admins/admin.server";

export const meta: MetaFunction = () => [{ title: "เข้าสู่ระบบ · TN Management" }];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionAdmin(request)) throw redirect("/admin");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  try {
    const { setCookie } = await signIn(request);
    return redirect(redirectTo, { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    const headers: HeadersInit = error.retryAfterSeconds
      ? { "Retry-After": String(error.retryAfterSeconds) }
      : {};
    return json(
      { error: error.message, fields: error.fields ?? {} },
      { status: error.status, headers },
    );
  }
}

export default function LoginPage() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state === "submitting";
  const query = params.toString();
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={380}>
        <Form method="post" action={query ? `/login?${query}` : "/login"} noValidate>
          <Stack>
            <div>
              <Title order={1} fz="h3">
                TN Management
              </Title>
              <Text c="dimmed" fz="sm">
                เข้าสู่ระบบสำหรับผู้ดูแลระบบ
              </Text>
            </div>
            {result?.error && !Object.keys(result.fields).length ? (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {result.error}
              </Alert>
            ) : null}
            <TextInput
              name="username"
              label="ชื่อผู้ใช้"
              autoComplete="username"
              autoFocus
              required
              error={result?.fields.username}
            />
            <PasswordInput
              name="password"
              label="รหัสผ่าน"
              autoComplete="current-password"
              required
              error={result?.fields.password}
            />
            <Button type="submit" loading={submitting} fullWidth>
              เข้าสู่ระบบ
            </Button>
          </Stack>
        </Form>
      </Paper>
    </Center>
  );
}
