import { Anchor, Button, Center, Container, Group, Stack, Text, Title } from "@mantine/core";
import { IconChevronLeft } from "@tabler/icons-react";
import { isRouteErrorResponse, Link, Outlet, useLocation, useRouteError } from "@remix-run/react";
import { DemoBanner, SigningIn, useLiffSignIn } from "./LiffGate";

export const LIFF_HOME = "/employee";

// The linking page is where an unlinked user must stay; home would send them straight back.
const NO_HOME_LINK = new Set([LIFF_HOME, `${LIFF_HOME}/`, `${LIFF_HOME}/verify`]);

/** "‹ หน้าหลัก" above every employee sub-page: a LIFF window has no address bar to go back with. */
export function LiffHomeLink() {
  const { pathname } = useLocation();
  if (NO_HOME_LINK.has(pathname)) return null;
  return (
    <Anchor component={Link} to={LIFF_HOME} c="dimmed" fz="sm" mb="sm" display="inline-block">
      <Group gap={4} component="span">
        <IconChevronLeft size={18} />
        หน้าหลัก
      </Group>
    </Anchor>
  );
}

/** The spec's client layout (empty header and footer, main ≥ 80vh) around the LIFF sign-in. */
export function LiffLayout(props: { demo: boolean; liffId: string | null; signedIn: boolean }) {
  const { run, error } = useLiffSignIn(props);
  return (
    <>
      <header>{props.demo ? <DemoBanner onSwitch={run} /> : null}</header>
      <main className="client-main">
        <Container size="xs" py="md">
          {props.signedIn ? (
            <>
              <LiffHomeLink />
              <Outlet />
            </>
          ) : (
            <SigningIn error={error} onRetry={run} />
          )}
        </Container>
      </main>
      <footer />
    </>
  );
}

const MESSAGES: Record<number, { title: string; body: string }> = {
  404: { title: "ไม่พบหน้าที่ต้องการ", body: "ลิงก์อาจไม่ถูกต้อง หรือหน้านี้ถูกย้ายไปแล้ว" },
  403: { title: "ไม่มีสิทธิ์เข้าถึง", body: "บัญชีของคุณไม่มีสิทธิ์ใช้หน้านี้" },
};

/** Errors on the employee pages: Thai text and a way back to the employee home, not the admin's. */
export function LiffErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = MESSAGES[status] ?? { title: "เกิดข้อผิดพลาด", body: "ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง" };
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Text c="dimmed" fz={40} fw={700} data-testid="error-status">
          {status}
        </Text>
        <Title order={2}>{message.title}</Title>
        <Text c="dimmed">{message.body}</Text>
        <Button component={Link} to={LIFF_HOME} variant="light">
          กลับหน้าหลัก
        </Button>
      </Stack>
    </Center>
  );
}
