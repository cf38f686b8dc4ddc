import { Alert, Badge, Box, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconMaximize, IconUserCheck, IconWifiOff } from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { appTimeZone, formatThaiDateLong } from "~/lib/thai-date";
import { KIOSK_LABELS, OFFICE_QR_STEP_MS } from "~/models/kiosk/labels";
import { kioskFetch } from "./kiosk-api";
import { KioskPinCheckin } from "./KioskPinCheckin";
import { KioskQr } from "./KioskQr";
import { nextFetchDelay, OFFLINE_RETRY_MS, serverOffset } from "./server-clock";

/** `GET /api/kiosk/qr`'s answer. */
export type KioskQrAnswer = { value: string; expires_at: string };

/** While the kiosk's office is gone from the settings (409), it asks again this often. */
const PROBLEM_RETRY_MS = 60_000;

const clock = () => new Intl.DateTimeFormat("en-GB", { timeZone: appTimeZone(), hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

type Wake = { release: () => Promise<void> };
type WakeNavigator = Navigator & { wakeLock?: { request: (type: "screen") => Promise<Wake> } };

/** Keeps a tablet's screen on while the kiosk shows (where the browser allows it). */
function useScreenAwake() {
  useEffect(() => {
    let lock: Wake | null = null;
    let live = true;
    const ask = () => {
      const wake = (navigator as WakeNavigator).wakeLock;
      if (!wake || document.visibilityState !== "visible") return;
      wake
        .request("screen")
        .then((l) => {
          if (live) lock = l;
          else void l.release();
        })
        .catch(() => {});
    };
    ask();
    document.addEventListener("visibilitychange", ask);
    return () => {
      live = false;
      document.removeEventListener("visibilitychange", ask);
      void lock?.release().catch(() => {});
    };
  }, []);
}

/**
 * The paired kiosk, full screen: the office's name, its QR (a new one every 30 s, asked for on
 * the server's clock), the server's time, "ออฟไลน์" while the server cannot be reached (the last
 * QR stays while it is still accepted), and the PIN check-in for staff without LINE.
 */
export function KioskScreen({ office, onUnpaired }: { office: string; onUnpaired: (message: string) => void }) {
  const [qr, setQr] = useState<KioskQrAnswer | null>(null);
  const [offline, setOffline] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [deviceNow, setDeviceNow] = useState<number | null>(null);
  const [pinOpen, setPinOpen] = useState(false);
  const offset = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const unpaired = useRef(onUnpaired);
  unpaired.current = onUnpaired;
  useScreenAwake();

  const load = useCallback(async () => {
    clearTimeout(timer.current);
    const answer = await kioskFetch<KioskQrAnswer>("/api/kiosk/qr");
    const again = (ms: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void load(), ms);
    };
    if (answer.ok) {
      offset.current = serverOffset(answer.date, answer.receivedAt) ?? offset.current;
      setQr(answer.data);
      setOffline(false);
      setProblem(null);
      again(nextFetchDelay(answer.data.expires_at, offset.current, Date.now()));
    } else if (answer.status === 401 || answer.status === 403) {
      unpaired.current(answer.error);
    } else if (answer.status === 409) {
      setProblem(answer.error);
      setOffline(false);
      again(PROBLEM_RETRY_MS);
    } else {
      setOffline(true);
      again(OFFLINE_RETRY_MS);
    }
  }, []);

  useEffect(() => {
    void load();
    const online = () => void load();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [load]);

  useEffect(() => {
    setDeviceNow(Date.now());
    const tick = setInterval(() => setDeviceNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);

  const serverNow = deviceNow === null ? null : deviceNow + offset.current;
  // The code on screen is accepted through the step after its own: past that it is only a picture.
  const stale = !!qr && serverNow !== null && serverNow > Date.parse(qr.expires_at) + OFFICE_QR_STEP_MS;

  return (
    <Box mih="100dvh" p="md" bg="gray.0" style={{ display: "flex", alignItems: "center", justifyContent: "center" }}>
      <Stack align="center" gap="sm" w="100%" maw={720}>
        <Text c="dimmed" fz="sm">
          {KIOSK_LABELS.kiosk}
        </Text>
        <Title order={1} ta="center" fz={{ base: 28, sm: 40 }} data-testid="kiosk-office">
          {office}
        </Title>
        <Text ta="center" fz={{ base: "md", sm: "lg" }}>
          {KIOSK_LABELS.scanHint}
        </Text>
        <Box w="min(80vw, 52vh)" h="min(80vw, 52vh)" bg="white" p={4} style={{ borderRadius: 12, display: "flex", alignItems: "center", justifyContent: "center" }}>
          {qr ? <KioskQr value={qr.value} label={`QR สำหรับลงเวลาที่${office}`} dimmed={stale || !!problem} /> : <Loader aria-label="กำลังโหลด QR" />}
        </Box>
        <Text fz={{ base: 40, sm: 56 }} fw={700} lh={1.1} data-testid="kiosk-clock" aria-label="เวลาของระบบ" style={{ fontVariantNumeric: "tabular-nums" }}>
          {serverNow === null ? "--:--:--" : clock().format(serverNow)}
        </Text>
        <Text c="dimmed">{serverNow === null ? "\u00a0" : formatThaiDateLong(new Date(serverNow))}</Text>
        <div role="status" data-testid="kiosk-status">
          {offline ? (
            <Badge color="red" size="xl" leftSection={<IconWifiOff size={18} />}>
              {KIOSK_LABELS.offline}
            </Badge>
          ) : null}
        </div>
        {problem ? (
          <Alert color="red" role="alert" w="100%">
            {problem}
          </Alert>
        ) : null}
        <Group justify="center">
          <Button size="lg" leftSection={<IconUserCheck />} onClick={() => setPinOpen(true)}>
            {KIOSK_LABELS.pinCheckin}
          </Button>
          <Button size="lg" variant="default" leftSection={<IconMaximize />} onClick={() => void document.documentElement.requestFullscreen?.().catch(() => {})}>
            เต็มจอ
          </Button>
        </Group>
      </Stack>
      <KioskPinCheckin opened={pinOpen} onClose={() => setPinOpen(false)} />
    </Box>
  );
}
