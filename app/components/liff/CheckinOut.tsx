import { Alert } from "~mantine-core/components/Alert/Alert";
import { Anchor } from "~mantine-core/components/Anchor/Anchor";
import { Badge } from "~mantine-core/components/Badge/Badge";
import { Button } from "~mantine-core/components/Button/Button";
import { Group } from "~mantine-core/components/Group/Group";
import { Loader } from "~mantine-core/components/Loader/Loader";
import { Paper } from "~mantine-core/components/Paper/Paper";
import { Stack } from "~mantine-core/components/Stack/Stack";
import { Text } from "~mantine-core/components/Text/Text";
import { Title } from "~mantine-core/components/Title/Title";
import IconCurrentLocation from "@tabler/icons-react/dist/esm/icons/IconCurrentLocation.mjs";
import IconLogin from "@tabler/icons-react/dist/esm/icons/IconLogin.mjs";
import IconLogout from "@tabler/icons-react/dist/esm/icons/IconLogout.mjs";
import IconMapPin from "@tabler/icons-react/dist/esm/icons/IconMapPin.mjs";
import IconQrcode from "@tabler/icons-react/dist/esm/icons/IconQrcode.mjs";
import { useCallback, useContext, useEffect, useState } from "react";
import { businessDate, formatThaiDateLong } from "~/lib/thai-date";
import { classifyGeofence, mapUrl, nearestOffice } from "~/lib/geo";
import { LiffConfigContext, useChatConfirm } from "./chat-confirm";
import { BLOCKED_MESSAGES, CHECKIN_MESSAGES, GEO_MESSAGES, GEOFENCE_TEXT, PRESENCE_TEXT, faceText } from "./checkin-messages";
import type { AttendanceRecord, NextStep, TodayState } from "./checkin-types";
import { empFetch } from "./emp-api";
import { usePosition, type Fix, type PositionState } from "./use-position";
import { presenceHint } from "./presence";
import { SelfieCapture, type Selfie } from "./SelfieCapture";
import { DayTime } from "./DayTime";
import { thaiNumber } from "~/lib/thai-number";
import { thaiTime } from "./thai-time";
import { ShareButton } from "./ShareButton";
import { shareCard } from "./share";
import { officeOfQr, SCAN_MESSAGES, scanOfficeQr } from "./office-qr-scan";

const metres = (m: number) => `${thaiNumber(Math.round(m))} ม.`;

/** Whether the nearest office's fence takes this position, before pressing (the server decides again). */
function PresenceCheck({ fix, today }: { fix: Fix; today: TodayState }) {
  const near = nearestOffice(today.offices, fix);
  if (!near) return null;
  const { office, distance } = near;
  const geofence = classifyGeofence(distance, fix.accuracy, office.radius_m);
  const hint = presenceHint(geofence, { inside: PRESENCE_TEXT.inside, outside: today.settings.outside_radius, refused: PRESENCE_TEXT.refused });
  const detail =
    geofence === "uncertain"
      ? `ความคลาดเคลื่อน ±${metres(fix.accuracy)} คร่อมขอบรัศมี ${metres(office.radius_m)} ของ${office.name}`
      : geofence === "outside"
        ? `รัศมีลงเวลาของ${office.name} ${metres(office.radius_m)}`
        : null;
  return (
    <Alert color={hint.color} title={hint.title} role="status" data-testid="presence-check">
      {detail}
    </Alert>
  );
}

/** Why the button is off (nothing while it is on or while sending). With the office QR the position is only evidence. */
function blockers(position: PositionState, today: TodayState, hasSelfie: boolean, hasQr = false): string[] {
  const out: string[] = [];
  if (!hasQr && position.status === "locating") out.push(BLOCKED_MESSAGES.locating);
  else if (!hasQr && position.status === "error") out.push(BLOCKED_MESSAGES.noPosition);
  else if (!hasQr && position.status === "ready" && position.fix.accuracy > today.settings.max_accuracy_m) out.push(BLOCKED_MESSAGES.poorAccuracy);
  if (today.settings.require_selfie && !hasSelfie) out.push(BLOCKED_MESSAGES.selfie);
  return out;
}

function PositionPanel({ state, today, onRetry }: { state: PositionState; today: TodayState; onRetry: () => void }) {
  if (state.status === "locating") {
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text c="dimmed">กำลังหาตำแหน่ง…</Text>
      </Group>
    );
  }
  const retry = (
    <Button variant="light" leftSection={<IconCurrentLocation />} onClick={onRetry}>
      หาตำแหน่งอีกครั้ง
    </Button>
  );
  if (state.status === "error") {
    return (
      <Stack gap="xs">
        <Alert color="red" role="alert" title="ไม่ได้ตำแหน่ง">
          {state.message}
        </Alert>
        {retry}
      </Stack>
    );
  }
  const { fix } = state;
  const accuracy = Math.round(fix.accuracy);
  const near = nearestOffice(today.offices, fix);
  const max = today.settings.max_accuracy_m;
  return (
    <Stack gap="xs">
      {near ? (
        <Text>
          ห่างจาก{near.office.name} {metres(near.distance)} (±{metres(accuracy)})
        </Text>
      ) : (
        <Text c="dimmed">ยังไม่ได้ตั้งค่าสำนักงาน (±{metres(accuracy)})</Text>
      )}
      {fix.accuracy <= max ? <PresenceCheck fix={fix} today={today} /> : null}
      <Anchor href={mapUrl(fix.lat, fix.lng)} target="_blank" rel="noreferrer">
        <Group gap={4} component="span">
          <IconMapPin size={16} aria-hidden />
          ดูตำแหน่งบนแผนที่
        </Group>
      </Anchor>
      {fix.accuracy > max ? (
        <Alert color="yellow" role="alert" title="ตำแหน่งไม่แม่นพอ">
          {GEO_MESSAGES.poorAccuracy(accuracy, max)}
        </Alert>
      ) : null}
      {retry}
    </Stack>
  );
}

type SideProps = { label: string; at: string | null; geofence: AttendanceRecord["checkin_geofence"]; match: number | null; photo: string | null; proof?: AttendanceRecord["checkin_proof"] };

function Side({ label, at, geofence, match, photo, proof }: SideProps) {
  return (
    <div>
      <DayTime label={label} at={at} testId={`${label}-time`} />
      {at ? (
        <Group gap={4}>
          {geofence ? (
            <Badge variant="light" color={geofence === "inside" ? "green" : "orange"}>
              {GEOFENCE_TEXT[geofence]}
            </Badge>
          ) : null}
          {photo || match !== null ? (
            <Badge variant="light" color={match === 1 ? "green" : match === 0 ? "red" : "gray"}>
              ใบหน้า: {faceText(match)}
            </Badge>
          ) : null}
          {proof === "qr" ? (
            <Badge variant="light" color="indigo">
              QR
            </Badge>
          ) : null}
        </Group>
      ) : null}
    </div>
  );
}

function TodayCard({ record }: { record: AttendanceRecord | null }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600} mb="xs">
        วันนี้ {formatThaiDateLong(record?.work_date ?? businessDate())}
      </Text>
      <Group grow align="flex-start">
        <Side label="เข้างาน" at={record?.checkin_at ?? null} geofence={record?.checkin_geofence ?? null} match={record?.checkin_match ?? null} photo={record?.checkin_photo_url ?? null} proof={record?.checkin_proof} />
        <Side label="ออกงาน" at={record?.checkout_at ?? null} geofence={record?.checkout_geofence ?? null} match={record?.checkout_match ?? null} photo={record?.checkout_photo_url ?? null} proof={record?.checkout_proof} />
      </Group>
      {record?.late_minutes ? <Text c="orange" fz="sm" mt="xs">สาย {record.late_minutes} นาที</Text> : null}
      {record?.early_minutes ? <Text c="orange" fz="sm">ออกก่อนเวลา {record.early_minutes} นาที</Text> : null}
    </Paper>
  );
}

type Props = {
  /** Today's state from the loader; fetched on mount when absent. */
  initial: TodayState | null;
  /** The office QR's value from the link the LINE camera opened (`?qr=`): sent as `qr`, no GPS fix needed. */
  qr?: string | null;
  /** Called once a check-in used that QR (the page drops it from its address). */
  onQrUsed?: () => void;
  /** Called after a successful check-in or check-out (e.g. to reload the history). */
  onRecorded?: () => void;
  /** Who the share card names; without it no share is offered. */
  employeeName?: string;
};

const nextAfter = (type: "in" | "out"): NextStep => (type === "in" ? "out" : "done");

/** The note sent into the chat: `✅ ลงเวลาเข้างาน 08:27 น. (สำนักงานใหญ่)`. */
export function checkinChatText(type: "in" | "out", record: AttendanceRecord) {
  const at = type === "in" ? record.checkin_at : record.checkout_at;
  const office = type === "in" ? record.checkin_office : record.checkout_office;
  return `✅ ${type === "in" ? "ลงเวลาเข้างาน" : "ลงเวลาออกงาน"} ${thaiTime(at)}${office ? ` (${office})` : ""}`;
}

/** A check-in or check-out for the team's chat: who, which, when (not the place, not the photo). */
export function checkinShareCard(type: "in" | "out", at: string, employeeName: string) {
  return shareCard({
    title: type === "in" ? "ลงเวลาเข้างานแล้ว" : "ลงเวลาออกงานแล้ว",
    name: employeeName,
    lines: [`เวลา ${thaiTime(at)}`, formatThaiDateLong(businessDate(at))],
    color: type === "in" ? "#1971C2" : "#5F3DC4",
  });
}

/** The check-in/out screen: position, distance, selfie and one big button. The server decides. */
/** The office QR in hand: the check-in counts at that office, the position is kept as evidence only. */
function QrReady({ qr, fix, onClear }: { qr: string; fix: Fix | null; onClear: () => void }) {
  const office = officeOfQr(qr);
  return (
    <Stack gap="xs">
      <Alert color="green" role="status" title={`QR ของ${office ?? "สำนักงาน"}`} data-testid="qr-ready">
        ลงเวลาได้เลยโดยไม่ต้องรอตำแหน่ง GPS กรุณากดลงเวลาภายใน 1 นาทีหลังสแกน
        {fix ? ` (ตำแหน่ง ±${metres(fix.accuracy)} จะบันทึกไว้เป็นหลักฐาน)` : ""}
      </Alert>
      <Button variant="subtle" onClick={onClear}>
        ไม่ใช้ QR ลงเวลาด้วยตำแหน่ง GPS
      </Button>
    </Stack>
  );
}

export function CheckinOut({ initial, onRecorded, employeeName, qr: qrFromLink = null, onQrUsed }: Props) {
  const [today, setToday] = useState<TodayState | null>(initial);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selfie, setSelfie] = useState<Selfie | null>(null);
  // A new key after each recorded check-in/out: the next one starts with no photo.
  const [selfieKey, setSelfieKey] = useState(0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<{ text: string; photo: boolean } | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<{ type: "in" | "out"; at: string } | null>(null);
  const [qr, setQr] = useState<string | null>(qrFromLink);
  const [scanNote, setScanNote] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const liffOptions = useContext(LiffConfigContext);
  const chat = useChatConfirm();

  useEffect(() => {
    if (qrFromLink) setQr(qrFromLink);
  }, [qrFromLink]);

  async function scan() {
    setScanning(true);
    setScanNote(null);
    const outcome = await scanOfficeQr(liffOptions);
    setScanning(false);
    if (outcome.kind === "scanned") {
      setQr(outcome.value);
      setError(null);
    } else if (outcome.kind === "unavailable") setScanNote(SCAN_MESSAGES.unavailable);
    else if (outcome.kind === "error") setScanNote(SCAN_MESSAGES.failed);
  }

  const loadToday = useCallback(async () => {
    const answer = await empFetch<TodayState>("/api/emp/checkin-out/today");
    if (answer.ok) {
      setToday(answer.data);
      setLoadError(null);
    } else setLoadError(answer.error);
  }, []);

  useEffect(() => {
    if (!initial) void loadToday();
  }, [initial, loadToday]);

  const open = today !== null && today.next !== "done";
  const { state: position, locate } = usePosition(open);

  if (!today) {
    return loadError ? (
      <Alert color="red" role="alert">
        {loadError}
      </Alert>
    ) : (
      <Group gap="xs">
        <Loader size="sm" />
        <Text c="dimmed">กำลังโหลด…</Text>
      </Group>
    );
  }

  const type = today.next === "out" ? "out" : "in";
  const fix = position.status === "ready" ? position.fix : null;
  const needSelfie = today.settings.require_selfie;
  const blocked = sending ? [] : blockers(position, today, !!selfie, !!qr);
  const canSend = (!!fix || !!qr) && blocked.length === 0 && !sending;

  async function send() {
    if ((!fix && !qr) || !today) return;
    if (needSelfie && !selfie) {
      setError({ text: CHECKIN_MESSAGES.selfieNeeded, photo: false });
      return;
    }
    setSending(true);
    setError(null);
    setSuccess(null);
    setRecorded(null);
    const form = new FormData();
    form.set("type", type);
    if (fix) {
      form.set("lat", String(fix.lat));
      form.set("lng", String(fix.lng));
      form.set("accuracy", String(fix.accuracy));
      form.set("position_at", new Date(fix.at).toISOString());
    }
    if (qr) form.set("qr", qr);
    form.set("client_time", new Date().toISOString());
    if (selfie) form.set("photo", selfie.blob, "selfie.jpg");
    const answer = await empFetch<{ record: AttendanceRecord }>("/api/emp/checkin-out", { method: "POST", body: form });
    setSending(false);
    if (answer.ok) {
      const record = answer.data.record;
      setToday({ ...today, record, next: nextAfter(type) });
      setSelfie(null);
      setSelfieKey((k) => k + 1);
      if (qr) {
        // One use per side and day: the next side needs the code on screen then.
        setQr(null);
        onQrUsed?.();
      }
      const at = type === "in" ? record.checkin_at : record.checkout_at;
      setSuccess(`${type === "in" ? CHECKIN_MESSAGES.doneIn : CHECKIN_MESSAGES.doneOut} เวลา ${thaiTime(at)}`);
      setRecorded(at ? { type, at } : null);
      onRecorded?.();
      void chat.send(checkinChatText(type, record));
      return;
    }
    setError({ text: answer.error, photo: !!answer.fields.photo });
    // An expired, forged or used code: scan again (or go by GPS).
    if (answer.fields.qr) setQr(null);
    // Already checked in (or out) elsewhere: show what the server holds now.
    if (answer.status === 409) void loadToday();
  }

  return (
    <Stack>
      <TodayCard record={today.record} />
      {success ? (
        <Alert color="green" role="status">
          {success}
        </Alert>
      ) : null}
      {recorded && employeeName ? (
        <Group gap="xs">
          <ShareButton messages={() => checkinShareCard(recorded.type, recorded.at, employeeName)} />
        </Group>
      ) : null}
      {chat.notice}
      {today.next === "done" ? (
        <Alert color="blue">{CHECKIN_MESSAGES.allDone}</Alert>
      ) : (
        <>
          {qr ? (
            <Paper withBorder p="md" radius="md">
              <Title order={3} fz="md" mb="xs">
                QR ที่สำนักงาน
              </Title>
              <QrReady qr={qr} fix={fix} onClear={() => setQr(null)} />
            </Paper>
          ) : (
            <Paper withBorder p="md" radius="md">
              <Title order={3} fz="md" mb="xs">
                ตำแหน่งของคุณ
              </Title>
              <PositionPanel state={position} today={today} onRetry={locate} />
              <Stack gap="xs" mt="md">
                <Button variant="light" leftSection={<IconQrcode />} onClick={scan} loading={scanning}>
                  สแกน QR ที่สำนักงาน
                </Button>
                {scanNote ? (
                  <Text fz="sm" c="dimmed" data-testid="scan-note">
                    {scanNote}
                  </Text>
                ) : null}
              </Stack>
            </Paper>
          )}
          {needSelfie ? (
            <Paper withBorder p="md" radius="md">
              <Title order={3} fz="md" mb="xs">
                รูปถ่ายใบหน้า
              </Title>
              <SelfieCapture
                key={selfieKey}
                onChange={(s) => {
                  setSelfie(s);
                  if (error?.photo) setError(null);
                }}
                error={error?.photo ? error.text : null}
                reviewNote={CHECKIN_MESSAGES.faceReview}
                disabled={sending}
              />
            </Paper>
          ) : null}
          {error && !error.photo ? (
            <Alert color="red" role="alert">
              {error.text}
            </Alert>
          ) : null}
          <Button
            size="xl"
            fullWidth
            color={type === "in" ? "blue" : "teal"}
            leftSection={type === "in" ? <IconLogin /> : <IconLogout />}
            onClick={send}
            disabled={!canSend}
            loading={sending}
            aria-describedby={blocked.length ? "checkin-blocked" : undefined}
          >
            {type === "in" ? "ลงเวลาเข้างาน" : "ลงเวลาออกงาน"}
          </Button>
          {blocked.length ? (
            <Stack gap={2} id="checkin-blocked" data-testid="checkin-blocked">
              {blocked.map((reason) => (
                <Text key={reason} fz="sm" c="dimmed" ta="center">
                  {reason}
                </Text>
              ))}
            </Stack>
          ) : null}
        </>
      )}
    </Stack>
  );
}
