import { Alert } from "~mantine-core/components/Alert/Alert";
import { Button } from "~mantine-core/components/Button/Button";
import { Group } from "~mantine-core/components/Group/Group";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { Textarea } from "~mantine-core/components/Textarea/Textarea";
import IconSend from "@tabler/icons-react/dist/esm/icons/IconSend.mjs";
import { useState, type FormEvent } from "react";
import { TimeField } from "~/components/TimeField";
import { empFetch, type EmpFields } from "~/components/liff/emp-api";
import { DateField } from "~/components/liff/leave/DateField";
import type { OvertimeView } from "~/components/overtime/overtime-types";
import { CLOCK, crossesMidnight, durationText, MAX_OVERTIME_REASON, MAX_WINDOW_MINUTES, windowMinutes } from "~/models/overtime/window";

export const OVERTIME_FORM_MESSAGES = {
  date: "กรุณาเลือกวันที่",
  start: "กรุณากรอกเวลาเริ่ม เช่น 17:30",
  end: "กรุณากรอกเวลาสิ้นสุด เช่น 20:00",
  same: "เวลาเริ่มและเวลาสิ้นสุดต้องไม่เท่ากัน",
  tooLong: `ขอได้ครั้งละไม่เกิน ${MAX_WINDOW_MINUTES / 60} ชั่วโมง`,
  reason: "กรุณากรอกเหตุผลหรืองานที่จะทำ",
  check: "กรุณาตรวจสอบข้อมูลที่กรอก",
} as const;

type Problem = { error: string; fields: EmpFields };

/** What the form checks before posting (the server checks it all again). */
export function checkOvertimeForm(v: { date: string | null; start: string; end: string; reason: string }): EmpFields {
  const fields: EmpFields = {};
  if (!v.date) fields.date = OVERTIME_FORM_MESSAGES.date;
  if (!CLOCK.test(v.start)) fields.start = OVERTIME_FORM_MESSAGES.start;
  if (!CLOCK.test(v.end)) fields.end = OVERTIME_FORM_MESSAGES.end;
  else if (!fields.start && v.start === v.end) fields.end = OVERTIME_FORM_MESSAGES.same;
  else if (!fields.start && windowMinutes(v.start, v.end) > MAX_WINDOW_MINUTES) fields.end = OVERTIME_FORM_MESSAGES.tooLong;
  if (!v.reason.trim()) fields.reason = OVERTIME_FORM_MESSAGES.reason;
  return fields;
}

/** The request form: the date, from–to (an end at or before the start is the next morning), the reason. */
export function OvertimeForm({ minDate, maxDate, onSent }: { minDate: string; maxDate: string; onSent: (overtime: OvertimeView) => void }) {
  const [date, setDate] = useState<string | null>(null);
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [reason, setReason] = useState("");
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const fieldError = (name: string) => problem?.fields[name];
  const span = CLOCK.test(start) && CLOCK.test(end) && start !== end ? { minutes: windowMinutes(start, end), overnight: crossesMidnight(start, end) } : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const fields = checkOvertimeForm({ date, start, end, reason });
    if (Object.keys(fields).length > 0) return setProblem({ error: OVERTIME_FORM_MESSAGES.check, fields });
    setSending(true);
    setProblem(null);
    const answer = await empFetch<{ overtime: OvertimeView }>("/api/emp/overtime", { method: "POST", json: { date, start, end, reason } });
    setSending(false);
    if (answer.ok) return onSent(answer.data.overtime);
    setProblem({ error: answer.error, fields: answer.fields });
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="ขอทำงานล่วงเวลา">
      <Stack>
        <DateField
          label="วันที่ทำงานล่วงเวลา"
          withAsterisk
          value={date}
          onChange={setDate}
          minDate={minDate}
          maxDate={maxDate}
          error={fieldError("date")}
          disabled={sending}
        />
        <Group grow align="flex-start" wrap="nowrap">
          <TimeField label="ตั้งแต่" withAsterisk value={start} onChange={setStart} error={fieldError("start")} disabled={sending} />
          <TimeField label="ถึง" withAsterisk value={end} onChange={setEnd} error={fieldError("end")} disabled={sending} />
        </Group>
        <Text fz="sm" c={span && span.minutes > MAX_WINDOW_MINUTES ? "red.8" : "dimmed"} data-testid="overtime-duration">
          {span
            ? `รวม ${durationText(span.minutes)}${span.overnight ? " (ถึงเช้าวันถัดไป)" : ""}`
            : "กรอกเวลาแบบ 24 ชั่วโมง เช่น 17:30 ถึง 20:00 (เวลาสิ้นสุดก่อนเวลาเริ่ม = เช้าวันถัดไป)"}
        </Text>
        <Textarea
          label="เหตุผล / งานที่จะทำ"
          withAsterisk
          autosize
          minRows={3}
          maxLength={MAX_OVERTIME_REASON}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          description={`${reason.length}/${MAX_OVERTIME_REASON}`}
          error={fieldError("reason")}
          disabled={sending}
        />
        {problem ? (
          <Alert color="red" role="alert" title="ส่งคำขอไม่สำเร็จ">
            {problem.error}
          </Alert>
        ) : null}
        <Button type="submit" size="lg" fullWidth leftSection={<IconSend />} loading={sending} disabled={sending}>
          ส่งคำขอทำงานล่วงเวลา
        </Button>
      </Stack>
    </form>
  );
}
