import { Alert } from "~mantine-core/components/Alert/Alert";
import { Button } from "~mantine-core/components/Button/Button";
import { Paper } from "~mantine-core/components/Paper/Paper";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { TextInput } from "~mantine-core/components/TextInput/TextInput";
import { Title } from "~mantine-core/components/Title/Title";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { getEmployeeSession } from "~/http/guard.server";
import { pageActionError } from "~/http/answers.server";
import { linkFromPageForm } from "~/http/link-form.server";
import { employeeRouteHandle } from "~/components/liff/employee-shared";

// One chunk for what the employee pages share (ADR 038).
export const handle = employeeRouteHandle;

export const meta: MetaFunction = () => [{ title: "ยืนยันตัวตนพนักงาน · TN Management" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getEmployeeSession(request);
  if (session?.employee) throw redirect("/employee");
  return json({ name: session?.identity.name ?? "" });
}

/** The same model function as POST /api/emp/verify. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    await linkFromPageForm(request);
  } catch (error) {
    return pageActionError(error);
  }
  // Linked: next, the face the check-ins will be matched against.
  return redirect("/employee/face");
}

export default function VerifyPage() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <Stack>
      <div>
        <Title order={2}>ยืนยันตัวตนพนักงาน</Title>
        <Text c="dimmed">เชื่อมบัญชี LINE ของคุณกับข้อมูลพนักงาน (ทำครั้งเดียว)</Text>
      </div>
      <Paper withBorder p="lg" radius="md">
        <Form method="post" noValidate>
          <Stack>
            {result?.error && !Object.keys(result.fields).length ? (
              <Alert color="red" role="alert">
                {result.error}
              </Alert>
            ) : null}
            <TextInput
              name="employee_code"
              label="รหัสพนักงาน"
              size="md"
              autoCapitalize="characters"
              autoComplete="off"
              required
              error={result?.fields.employee_code}
            />
            <TextInput
              name="verify_code"
              label="รหัสยืนยัน 6 หลัก (ขอจากผู้ดูแลระบบ)"
              size="md"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              styles={{ input: { letterSpacing: "0.5em", fontSize: 24, textAlign: "center" } }}
              error={result?.fields.verify_code}
            />
            <Button type="submit" size="lg" loading={navigation.state === "submitting"}>
              ยืนยัน
            </Button>
          </Stack>
        </Form>
      </Paper>
    </Stack>
  );
}
