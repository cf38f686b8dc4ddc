import { Alert } from "~mantine-core/components/Alert/Alert";
import { Button } from "~mantine-core/components/Button/Button";
import { Input } from "~mantine-core/components/Input/Input";
import { SegmentedControl } from "~mantine-core/components/SegmentedControl/SegmentedControl";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { Textarea } from "~mantine-core/components/Textarea/Textarea";
import IconSend from "@tabler/icons-react/dist/esm/icons/IconSend.mjs";
import { useEffect, useMemo, useState } from "react";
import type { DayOfWeek } from "@mantine/dates";
import { UPLOAD_MESSAGES } from "~/lib/uploads-shared";
import { LeaveType } from "~/lib/enums";
import type { LeaveHalf } from "~/models/leave/days";
import { MAX_REASON, certificateMessage, eventWindowEnd, needsCertificate } from "~/models/leave/rules";
import { empFetch, type EmpFields } from "~/components/liff/emp-api";
import { CertificateField } from "./CertificateField";
import { DateField } from "./DateField";
import { HALF_LABELS } from "~/models/leave/labels";
import { previewLeave } from "./leave-preview";
import type { LeaveCalendar, LeaveTypeRules, Petition } from "./leave-types";
import { LeavePreview } from "./LeavePreview";
import { LeaveTypeChoice } from "./LeaveTypeChoice";
import { EVENT_MESSAGES, certificateRule, eventDateProblems } from "./petition-checks";
import type { LeaveYears } from "./use-leave-years";

const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export const PETITION_MESSAGES = {
  startMissing: "กรุณาเลือกวันที่เริ่มลา",
  endMissing: "กรุณาเลือกวันที่สิ้นสุดการลา",
  reasonMissing: "กรุณากรอกเหตุผลการลา",
  check: "กรุณาตรวจสอบข้อมูลที่กรอก",
  halfOneDay: "ลาครึ่งวันได้เฉพาะเมื่อเริ่มและสิ้นสุดวันเดียวกัน",
  /** As the server refuses it: `ลาคลอดลาครึ่งวันไม่ได้`. */
  noHalfDay: (name: string) => `${name}ลาครึ่งวันไม่ได้`,
  noTypes: "ขณะนี้ยังไม่มีประเภทการลาที่เปิดให้ยื่น กรุณาติดต่อฝ่ายบุคคล",
} as const;

type Half = "full" | LeaveHalf;
type Problem = { error: string; fields: EmpFields };

type Props = {
  calendar: LeaveCalendar;
  /** The leave types that are on (the loader's, refreshed with each year's history). */
  types: readonly LeaveTypeRules[];
  /** The year the page opened on: its balances show beside the types until a date is chosen. */
  thisYear: number;
  /** The balances the preview shows are those of the start date's year. */
  leave: LeaveYears;
  onFiled: (petition: Petition) => void;
};

/** ISO weekday numbers not worked, as the pickers' 0 = Sunday … 6 = Saturday. */
const daysOff = (workDays: readonly number[]): DayOfWeek[] =>
  ([1, 2, 3, 4, 5, 6, 0] as const).filter((d) => !workDays.includes(d === 0 ? 7 : d));

const firstType = (types: readonly LeaveTypeRules[]) => (types.some((t) => t.id === LeaveType.business) ? LeaveType.business : (types[0]?.id ?? LeaveType.business));

/** The petition form, or a note when no leave type is on. */
export function PetitionForm(props: Props) {
  if (props.types.length === 0) {
    return (
      <Alert color="gray" data-testid="no-leave-types">
        {PETITION_MESSAGES.noTypes}
      </Alert>
    );
  }
  return <PetitionFields {...props} />;
}

/**
 * Type, dates, the event's date (per-event types), half day (where the type allows it), reason,
 * certificate; a preview in the type's unit with what the employee should know, then the server decides.
 */
function PetitionFields({ calendar, types, thisYear, leave, onFiled }: Props) {
  const [type, setType] = useState<number>(() => firstType(types));
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [endChosen, setEndChosen] = useState(false);
  const [eventDate, setEventDate] = useState<string | null>(null);
  const [half, setHalf] = useState<Half>("full");
  const [reason, setReason] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [noCertificate, setNoCertificate] = useState(false);
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  // A type turned off since the page loaded falls back to the first that is on.
  const rules = types.find((t) => t.id === type) ?? types[0]!;
  const oneDay = !!start && start === end;
  const halfAllowed = oneDay && rules.half_day;
  useEffect(() => {
    if (!halfAllowed) setHalf("full");
  }, [halfAllowed]);

  const preview = useMemo(
    () => previewLeave({ start, end, half: half === "full" ? null : half }, calendar, rules.unit),
    [start, end, half, calendar, rules.unit],
  );
  const days = preview && "days" in preview ? preview.days : 0;
  const certificateRequired = needsCertificate(rules, days);
  const perEvent = rules.per === "event";
  const eventWindow = rules.event_window_days;
  // Spouse-birth leave must end within its window from the birth: the end's picker stops there.
  const lastDate = perEvent && eventWindow !== null && eventDate ? eventWindowEnd(eventDate, eventWindow) : null;
  const year = start ? Number(start.slice(0, 4)) : null;
  const fieldError = (name: string) => problem?.fields[name];
  const { ensure } = leave;
  useEffect(() => {
    if (year !== null) ensure(year);
  }, [year, ensure]);

  function changeStart(value: string | null) {
    setStart(value);
    // The end follows the start until it is chosen on its own, and never stays before it.
    if (value && (!endChosen || !end || end < value)) setEnd(value);
  }

  function chooseFile(next: File | null) {
    if (next && next.size > MAX_ATTACHMENT_BYTES) {
      setProblem({ error: UPLOAD_MESSAGES.tooLarge, fields: { attachment: UPLOAD_MESSAGES.tooLarge } });
      return;
    }
    setFile(next);
    if (problem?.fields.attachment) setProblem(null);
  }

  function check(): EmpFields {
    const fields: EmpFields = {};
    if (!start) fields.start_date = PETITION_MESSAGES.startMissing;
    if (!end) fields.end_date = PETITION_MESSAGES.endMissing;
    if (preview && "error" in preview) fields[preview.field] = preview.error;
    for (const [name, message] of Object.entries(eventDateProblems(rules, eventDate, start, end))) fields[name] ??= message;
    if (!reason.trim()) fields.reason = PETITION_MESSAGES.reasonMissing;
    const explained = noCertificate && note.trim() !== "";
    if (certificateRequired && !file && !explained) {
      fields[noCertificate ? "certificate_note" : "attachment"] = certificateMessage(rules);
    }
    return fields;
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sending) return;
    const missing = check();
    if (Object.keys(missing).length > 0) return setProblem({ error: PETITION_MESSAGES.check, fields: missing });
    const fields = {
      type: rules.id,
      start_date: start,
      end_date: end,
      half,
      reason,
      ...(perEvent && eventDate ? { event_date: eventDate } : {}),
      ...(certificateRequired && noCertificate ? { certificate_note: note } : {}),
    };
    setSending(true);
    setProblem(null);
    let body: FormData | undefined;
    if (file) {
      body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, String(v));
      body.set("attachment", file, file.name);
    }
    const answer = await empFetch<{ petition: Petition }>(
      "/api/emp/leave/petition",
      body ? { method: "POST", body } : { method: "POST", json: fields },
    );
    setSending(false);
    if (answer.ok) return onFiled(answer.data.petition);
    setProblem({ error: answer.error, fields: answer.fields });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="ยื่นคำขอลา">
      <Stack>
      <LeaveTypeChoice
        types={types}
        balances={leave.get(year ?? thisYear)?.balances ?? null}
        value={rules.id}
        onChange={setType}
        error={fieldError("type")}
        disabled={sending}
      />
      {perEvent ? (
        <DateField
          label={EVENT_MESSAGES.label}
          withAsterisk={eventWindow !== null}
          value={eventDate}
          onChange={setEventDate}
          maxDate={calendar.max_date}
          description={eventWindow !== null ? EVENT_MESSAGES.window(eventWindow, eventDate) : undefined}
          error={fieldError("event_date")}
          disabled={sending}
        />
      ) : null}
      <DateField
        label="วันที่เริ่มลา"
        withAsterisk
        value={start}
        onChange={changeStart}
        minDate={calendar.min_date}
        maxDate={calendar.max_date}
        weekendDays={daysOff(calendar.work_days)}
        error={fieldError("start_date")}
        disabled={sending}
      />
      <DateField
        label="ถึงวันที่"
        withAsterisk
        value={end}
        onChange={(v) => {
          setEnd(v);
          setEndChosen(v !== null);
        }}
        minDate={start ?? calendar.min_date}
        maxDate={lastDate && lastDate < calendar.max_date ? lastDate : calendar.max_date}
        weekendDays={daysOff(calendar.work_days)}
        error={fieldError("end_date")}
        disabled={sending}
      />
      <Input.Wrapper
        label="ช่วงเวลา"
        description={!rules.half_day ? PETITION_MESSAGES.noHalfDay(rules.name_th) : oneDay ? undefined : PETITION_MESSAGES.halfOneDay}
        error={fieldError("half")}
      >
        <SegmentedControl
          fullWidth
          mt={4}
          value={half}
          onChange={(v) => setHalf(v === "morning" || v === "afternoon" ? v : "full")}
          data={(["full", "morning", "afternoon"] as const).map((h) => ({
            value: h,
            label: HALF_LABELS[h],
            disabled: h !== "full" && !halfAllowed,
          }))}
          disabled={sending}
        />
      </Input.Wrapper>
      <Textarea
        label="เหตุผลการลา"
        withAsterisk
        autosize
        minRows={3}
        maxLength={MAX_REASON}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        description={`${reason.length}/${MAX_REASON}`}
        error={fieldError("reason")}
        disabled={sending}
      />
      <CertificateField
        file={file}
        onFile={chooseFile}
        required={certificateRequired}
        rule={certificateRule(rules)}
        noCertificate={noCertificate}
        onNoCertificate={setNoCertificate}
        note={note}
        onNote={setNote}
        error={fieldError("attachment")}
        noteError={fieldError("certificate_note")}
        disabled={sending}
      />
      {preview && year !== null ? (
        <LeavePreview preview={preview} type={rules} balances={leave.get(year)?.balances ?? null} balanceError={leave.error(year)} />
      ) : (
        <Text c="dimmed" fz="sm">
          เลือกวันที่เพื่อดูจำนวนวันลาและวันลาคงเหลือ
        </Text>
      )}
      {problem ? (
        <Alert color="red" role="alert" title="ส่งคำขอลาไม่สำเร็จ">
          {problem.error}
        </Alert>
      ) : null}
      <Button type="submit" size="lg" fullWidth leftSection={<IconSend />} loading={sending} disabled={sending}>
        ส่งคำขอลา
      </Button>
      </Stack>
    </form>
  );
}
