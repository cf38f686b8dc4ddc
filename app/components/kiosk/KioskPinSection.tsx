import { Alert, Badge, Button, Code, Group, Stack, Text, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useActionToasts, type ActionAnswer } from "~/components/action-toasts";
import { EMPLOYEE_ACTIONS_ROUTE } from "~/components/employees/employee-actions";
import { Section } from "~/components/employees/ProfileSections";
import { formatThaiDateTime } from "~/lib/thai-date";
import { PIN_MAX_LENGTH } from "~/models/kiosk/labels";

export const KIOSK_PIN_INTENT = "kiosk-pin";
export const KIOSK_PIN_CLEAR_INTENT = "kiosk-pin-clear";

type PinAnswer =
  | { ok: true; message?: string; intent?: string; data?: { pin: string; issued_at: string } }
  | { ok: false; error: string; fields?: Record<string, string> };

/**
 * On an employee's profile: the PIN for checking in at an office kiosk without LINE (ADR 050). The
 * admin sets one (or lets the system draw one) and sees it once, to hand to the employee.
 */
export function KioskPinSection({ employeeId, working, pin }: { employeeId: number; working: boolean; pin: { pin_set: boolean; issued_at: string | null } }) {
  const issue = useFetcher<PinAnswer>({ key: "kiosk-pin" });
  const clear = useFetcher<ActionAnswer>({ key: "kiosk-pin-clear" });
  const [chosen, setChosen] = useState("");
  useActionToasts(issue, { onSuccess: () => setChosen("") });
  useActionToasts(clear);
  const issued = issue.data?.ok && issue.data.intent === KIOSK_PIN_INTENT ? issue.data.data : undefined;
  const fieldError = issue.data && !issue.data.ok ? issue.data.fields?.pin : undefined;

  const confirmClear = () =>
    modals.openConfirmModal({
      title: "ยกเลิก PIN ลงเวลา",
      children: <Text fz="sm">พนักงานจะลงเวลาที่เครื่องลงเวลาด้วย PIN นี้ไม่ได้อีก</Text>,
      labels: { confirm: "ยกเลิก PIN", cancel: "ไม่ยกเลิก" },
      confirmProps: { color: "red" },
      onConfirm: () => clear.submit({ intent: KIOSK_PIN_CLEAR_INTENT, id: String(employeeId) }, { method: "post", action: EMPLOYEE_ACTIONS_ROUTE }),
    });

  return (
    <Section title="PIN ลงเวลาที่เครื่องลงเวลา">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light" color={pin.pin_set ? "green" : "gray"}>
            {pin.pin_set ? "มี PIN แล้ว" : "ยังไม่มี PIN"}
          </Badge>
          {pin.issued_at ? (
            <Text fz="sm" c="dimmed">
              ออกเมื่อ {formatThaiDateTime(pin.issued_at)} น.
            </Text>
          ) : null}
        </Group>
        <Text fz="sm">สำหรับพนักงานที่ไม่ใช้ LINE: ลงเวลาที่เครื่องลงเวลาของสำนักงานด้วยรหัสพนักงาน PIN และรูปถ่ายใบหน้า</Text>
        {issued ? (
          <Alert color="blue" role="status" title="PIN ใหม่ (แสดงครั้งเดียว)">
            <Code fz={28} fw={700} data-testid="kiosk-pin">
              {issued.pin}
            </Code>
          </Alert>
        ) : null}
        {working ? (
          <Group align="flex-end">
            <TextInput
              label="PIN ที่ต้องการ (ไม่บังคับ)"
              description="ตัวเลข 4–6 หลัก เว้นว่างให้ระบบสุ่ม"
              value={chosen}
              onChange={(e) => setChosen(e.currentTarget.value.replace(/\D/g, "").slice(0, PIN_MAX_LENGTH))}
              error={fieldError}
              inputMode="numeric"
              autoComplete="off"
              w={220}
            />
            <Button
              onClick={() => issue.submit({ intent: KIOSK_PIN_INTENT, id: String(employeeId), pin: chosen }, { method: "post", action: EMPLOYEE_ACTIONS_ROUTE })}
              loading={issue.state !== "idle"}
            >
              {pin.pin_set ? "ออก PIN ใหม่" : "ออก PIN"}
            </Button>
            {pin.pin_set ? (
              <Button variant="light" color="red" onClick={confirmClear} loading={clear.state !== "idle"}>
                ยกเลิก PIN
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Section>
  );
}
