import { Alert, Button, Divider, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBrandLine, IconInfoCircle } from "@tabler/icons-react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { PUSH_TEXT_MAX, pushTargetProblem, pushTextProblem } from "~/models/line/push-rules";
import type { PushDto } from "~/models/line/notifier.server";
import { useSubmitGuard } from "~/components/dialog-fetcher";
import { PushLog } from "./PushLog";

export const PUSH_ONE_ACTION = "/api/line/push-one";

/** Said at the top of the dialog (not in a tooltip, which the modal would cover). */
export const PUSH_LINE_OFF =
  "ยังไม่ได้ตั้งค่า LINE ของระบบ จึงส่งข้อความไม่ได้ กรุณาให้ผู้ดูแลเซิร์ฟเวอร์ตั้งค่าช่องทาง LINE ตามคู่มือ (README)";

export type PushTarget = { id: number; full_name: string; line_linked?: boolean; working?: boolean };

/** 200 {push}; otherwise {error, fields?} and, for 502/503, the failed push. */
type PushOneResult = { push?: PushDto; error?: string; fields?: Record<string, string> };

/**
 * "Send a LINE message" dialog: open while `employee` is set. Posts JSON to /api/line/push-one
 * with a fetcher; success shows a notification, calls onSent and closes; a failure stays inline.
 */
export function PushDialog({
  employee,
  onClose,
  onSent,
  lineConfigured = true,
}: {
  employee: PushTarget | null;
  onClose: () => void;
  onSent?: (push: PushDto) => void;
  /** false: the dialog says at its top that LINE is not set up, and nothing can be sent. */
  lineConfigured?: boolean;
}) {
  return (
    <Modal opened={employee != null} onClose={onClose} title={employee ? `ส่งข้อความ LINE ถึง ${employee.full_name}` : ""} size="lg">
      {employee ? <PushForm key={employee.id} employee={employee} onClose={onClose} onSent={onSent} lineConfigured={lineConfigured} /> : null}
    </Modal>
  );
}

function PushForm({
  employee,
  onClose,
  onSent,
  lineConfigured,
}: {
  employee: PushTarget;
  onClose: () => void;
  onSent?: (push: PushDto) => void;
  lineConfigured: boolean;
}) {
  const fetcher = useFetcher<PushOneResult>();
  const [text, setText] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  const { busy, claim } = useSubmitGuard(fetcher.state, fetcher.data);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const failed = result?.error ? { error: result.error, fields: result.fields } : null;
  const blocked = pushTargetProblem({ resigned: employee.working === false, linked: employee.line_linked !== false });

  useEffect(() => {
    const sent = fetcher.state === "idle" && fetcher.data && !fetcher.data.error ? fetcher.data.push : undefined;
    if (!sent) return;
    notifications.show({ color: "green", title: "ส่งข้อความแล้ว", message: `ส่งข้อความ LINE ถึง ${employee.full_name} แล้ว` });
    onSent?.(sent as PushDto);
    onClose();
    // Only a new answer should notify; the callbacks may change identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!lineConfigured) return;
    const problem = pushTextProblem(text);
    setLocalError(problem);
    if (problem || !claim()) return;
    fetcher.submit({ employee_id: employee.id, text: text.trim() }, { method: "post", action: PUSH_ONE_ACTION, encType: "application/json" });
  }

  const fieldError = localError ?? failed?.fields?.text;
  const over = text.trim().length > PUSH_TEXT_MAX;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {!lineConfigured ? (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
            {PUSH_LINE_OFF}
          </Alert>
        ) : blocked ? (
          <Alert color="yellow">{blocked}</Alert>
        ) : null}
        <Textarea
          label="ข้อความ"
          placeholder="พิมพ์ข้อความที่จะส่งทาง LINE"
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={PUSH_TEXT_MAX}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setLocalError(null);
          }}
          error={fieldError}
          disabled={busy || blocked != null || !lineConfigured}
          data-autofocus
        />
        <Text fz="xs" c={over ? "red" : "dimmed"} ta="right" aria-live="polite" data-testid="push-counter">
          {text.length.toLocaleString("th-TH")}/{PUSH_TEXT_MAX.toLocaleString("th-TH")} ตัวอักษร
        </Text>
        {failed && !failed.fields?.text ? (
          <Alert color="red" title="ส่งไม่สำเร็จ">
            {failed.error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            ยกเลิก
          </Button>
          <Button type="submit" color="green" leftSection={<IconBrandLine size={16} />} loading={busy} disabled={blocked != null || !lineConfigured}>
            ส่งข้อความ
          </Button>
        </Group>
        <Divider label="ข้อความที่ส่งล่าสุด" labelPosition="left" />
        <PushLog employeeId={employee.id} pageSize={5} />
      </Stack>
    </form>
  );
}
