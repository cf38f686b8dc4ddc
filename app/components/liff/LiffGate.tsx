import { Alert } from "~mantine-core/components/Alert/Alert";
import { Button } from "~mantine-core/components/Button/Button";
import { Center } from "~mantine-core/components/Center/Center";
import { Loader } from "~mantine-core/components/Loader/Loader";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { DEMO_USERS } from "~/lib/demo-users";
import { AuthenError, chosenDemoUser, DEMO_USER_STORAGE_KEY, signInWithLiff } from "./liff-client";
import { PlainSelect } from "./PlainSelect";

type Props = { liffId: string | null; demo: boolean; signedIn: boolean };

/**
 * Signs the LINE user in once per session, then lets the pages' loaders see the cookie (the
 * employee layout's loader sends a signed-in, unlinked user to /employee/verify).
 */
export function useLiffSignIn({ liffId, demo, signedIn }: Props) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(async () => {
    setError(null);
    try {
      const reply = await signInWithLiff({ liffId, demo });
      if (!reply) return;
      if (!reply.isVerify && pathname !== "/employee/verify") navigate("/employee/verify");
      else revalidator.revalidate();
    } catch (e) {
      const message = (e as Error).message;
      if (e instanceof AuthenError) setError(message);
      else window.alert(`LIFF Error: ${message}`);
    }
  }, [liffId, demo, pathname, navigate, revalidator]);

  useEffect(() => {
    if (!signedIn) void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn]);

  return { run, error };
}

export function SigningIn({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <Center mih="60vh">
      {error ? (
        <Stack align="center" maw={320} ta="center">
          <Alert color="red" title="เข้าสู่ระบบไม่สำเร็จ">
            {error}
          </Alert>
          <Button onClick={onRetry}>ลองใหม่</Button>
        </Stack>
      ) : (
        <Stack align="center" gap="xs">
          <Loader />
          <Text c="dimmed">กำลังเข้าสู่ระบบด้วย LINE…</Text>
        </Stack>
      )}
    </Center>
  );
}

/** Demo mode: a visible banner and a picker of the LINE user the mock plays. */
export function DemoBanner({ onSwitch }: { onSwitch: () => void }) {
  const [user, setUser] = useState<string>(DEMO_USERS[0].userId);
  useEffect(() => setUser(chosenDemoUser()), []);
  return (
    <Alert color="yellow" variant="light" radius={0} py={6} role="status" data-testid="demo-banner">
      <Stack gap={4}>
        <Text fw={700} fz="sm">
          โหมดทดลอง — ยังไม่ได้เชื่อมต่อ LINE จริง
        </Text>
        <PlainSelect
          size="xs"
          aria-label="เลือกผู้ใช้ LINE ทดลอง"
          data={DEMO_USERS.map((u) => ({ value: u.userId, label: `${u.displayName} (${u.userId})` }))}
          value={user}
          onChange={(event) => {
            const value = event.currentTarget.value;
            window.localStorage.setItem(DEMO_USER_STORAGE_KEY, value);
            setUser(value);
            onSwitch();
          }}
        />
      </Stack>
    </Alert>
  );
}
