import { Alert, Button, Center, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { KIOSK_LABELS, PAIRING_CODE_LENGTH } from "~/models/kiosk/labels";
import { kioskFetch } from "./kiosk-api";

/**
 * An unpaired kiosk: the pairing code an admin issued in the office's settings (ตั้งค่า tab of
 * ลงเวลาเข้า-ออก) binds this browser to that office.
 */
export function KioskPairForm({ notice, onPaired }: { notice: string | null; onPaired: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function pair(event: React.FormEvent) {
    event.preventDefault();
    setSending(true);
    setError(null);
    const answer = await kioskFetch<{ kiosk: { id: number; office: string } }>("/api/kiosk/pair", { method: "POST", json: { code } });
    setSending(false);
    if (answer.ok) onPaired();
    else setError(answer.fields.code ?? answer.error);
  }

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <form onSubmit={pair} noValidate aria-label="จับคู่เครื่องลงเวลา">
          <Stack>
            <div>
              <Title order={1} fz="h2">
                {KIOSK_LABELS.kiosk}
              </Title>
              <Text c="dimmed" fz="sm">
                ผู้ดูแลระบบออกรหัสจับคู่ได้ที่ ลงเวลาเข้า-ออก › ตั้งค่า › เครื่องลงเวลา
              </Text>
            </div>
            {notice ? (
              <Alert color="yellow" role="status">
                {notice}
              </Alert>
            ) : null}
            <TextInput
              label="รหัสจับคู่"
              description={`ตัวเลข ${PAIRING_CODE_LENGTH} หลัก ใช้ได้ 10 นาที`}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, "").slice(0, PAIRING_CODE_LENGTH))}
              error={error}
              inputMode="numeric"
              autoComplete="one-time-code"
              size="lg"
            />
            <Button type="submit" size="lg" loading={sending} disabled={code.length !== PAIRING_CODE_LENGTH}>
              จับคู่เครื่องนี้
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
