import { Anchor, Button, Code, CopyButton, Group, List, NumberInput, Stack, Table, Text, Title } from "@mantine/core";
import { IconCheck, IconCopy, IconDownload } from "@tabler/icons-react";
import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useActionToasts } from "~/components/action-toasts";
import { formatBytesThai } from "~/lib/thai-bytes";
import { formatThaiDate, formatThaiDateTime } from "~/lib/thai-date";
import type { JobRunStatus } from "~/models/core/job-runs.server";
import type { SettingsHub } from "~/models/core/settings-hub.server";
import { PlainBadge, PlainGroup, PlainText } from "~/components/PlainMantine";
import { No, Row, Section, Yes } from "./HubParts";

export const BACKUP_KEEP_INTENT = "backup_keep";

const RUN_STATUS: Record<JobRunStatus, { label: string; color: string }> = {
  running: { label: "กำลังทำงาน", color: "blue" },
  ok: { label: "สำเร็จ", color: "green" },
  failed: { label: "ล้มเหลว", color: "red" },
  skipped: { label: "ข้าม", color: "gray" },
};
const PUSH_STATUS: Record<"pending" | "sent" | "failed", { label: string; color: string }> = {
  sent: { label: "ส่งสำเร็จ", color: "green" },
  pending: { label: "กำลังส่ง", color: "gray" },
  failed: { label: "ส่งไม่สำเร็จ", color: "red" },
};
const EVENT_LABELS: Record<string, string> = {
  message: "ข้อความ",
  follow: "เพิ่มเพื่อน",
  unfollow: "บล็อก",
  join: "เข้ากลุ่ม",
  leave: "ออกจากกลุ่ม",
  postback: "กดปุ่มในข้อความ",
  memberJoined: "สมาชิกเข้ากลุ่ม",
  memberLeft: "สมาชิกออกจากกลุ่ม",
};


/** The weekly day ledger check's newest result (ADR 043). */
function LedgerCheckRow({ check }: { check: SettingsHub["ledger_check"] }) {
  if (!check) {
    return (
      <PlainText fz="sm" c="dimmed">
        ยังไม่เคยตรวจ (ตรวจอัตโนมัติทุกวันอาทิตย์ 03:30 น.)
      </PlainText>
    );
  }
  const label = check.ok ? "ตรงกันทั้งหมด" : check.differences != null ? `ไม่ตรง ${check.differences.toLocaleString("en-US")} รายการ` : "ตรวจไม่สำเร็จ";
  return (
    <Stack gap={2}>
      <PlainGroup gap="xs">
        <PlainBadge color={check.ok ? "green" : "red"} variant="light">
          {label}
        </PlainBadge>
        <PlainText fz="sm">ตรวจเมื่อ {formatThaiDate(check.run_date)}</PlainText>
      </PlainGroup>
      {!check.ok && check.result ? (
        <Text fz="xs" c="red.8">
          {check.result}
        </Text>
      ) : null}
    </Stack>
  );
}

export function AttendanceSection({
  attendance,
  nextHoliday,
  ledgerCheck,
}: {
  attendance: SettingsHub["attendance"];
  nextHoliday: SettingsHub["next_holiday"];
  ledgerCheck: SettingsHub["ledger_check"];
}) {
  return (
    <Section title="การลงเวลาและวันหยุด" testId="hub-attendance">
      <Row label="การลงเวลา">
        <PlainText fz="sm">
          สำนักงาน {attendance.offices} แห่ง · เวลาทำงาน {attendance.work_start}–{attendance.work_end} น.
          {attendance.attendance_start ? ` · นับการลงเวลาตั้งแต่ ${formatThaiDate(attendance.attendance_start)}` : ""}
        </PlainText>
        <Anchor component={Link} to="/admin/checkin-out?tab=settings" fz="sm">
          ตั้งค่าการลงเวลา
        </Anchor>
      </Row>
      <Row label="วันหยุด">
        <PlainText fz="sm">{nextHoliday ? `วันหยุดถัดไป: ${nextHoliday.name} (${formatThaiDate(nextHoliday.date)})` : "ยังไม่มีวันหยุดที่จะถึง"}</PlainText>
        <Anchor component={Link} to="/admin/leave-work?tab=holidays" fz="sm">
          จัดการวันหยุด
        </Anchor>
      </Row>
      <Row label="ตรวจทานสรุปวันทำงาน">
        <LedgerCheckRow check={ledgerCheck} />
      </Row>
    </Section>
  );
}

export function LineSection({ line, webhookUrl }: { line: SettingsHub["line"]; webhookUrl: string }) {
  const push = line.last_push;
  return (
    <Section title="การเชื่อมต่อ LINE" testId="hub-line">
      <Row label="บัญชี LINE (Messaging API)">
        {line.bot_configured ? <Yes>เชื่อมต่อแล้ว ส่งข้อความได้</Yes> : <No>ยังไม่ได้ตั้งค่า ระบบจะไม่ส่งข้อความ LINE</No>}
      </Row>
      <Row label="รับข้อความจาก LINE">
        {line.secret_configured ? <Yes>ตรวจลายเซ็น webhook ได้</Yes> : <No>ยังไม่ได้ตั้งรหัสลับของช่องทาง LINE จึงรับข้อความไม่ได้ (ผู้ดูแลเซิร์ฟเวอร์ตั้งค่าตามคู่มือ)</No>}
      </Row>
      <Row label="LIFF (หน้าพนักงาน)">
        {line.liff_id ? (
          <PlainText fz="sm">
            LIFF ID <Code>{line.liff_id}</Code>
          </PlainText>
        ) : (
          <No>ยังไม่ได้ตั้งค่าแอป LIFF พนักงานจึงใช้ได้เฉพาะโหมดทดลอง (ผู้ดูแลเซิร์ฟเวอร์ตั้งค่าตามคู่มือ)</No>
        )}
        {line.demo_mode ? (
          <Text fz="xs" c="orange.8">
            โหมดทดลอง: พนักงานเลือกตัวตนจำลองได้ ห้ามใช้งานจริง
          </Text>
        ) : null}
      </Row>
      <Row label="ข้อความล่าสุดจาก LINE">
        <PlainText fz="sm">
          {line.last_event
            ? `${EVENT_LABELS[line.last_event.type] ?? line.last_event.type} เมื่อ ${formatThaiDateTime(line.last_event.received_at)}`
            : "ยังไม่เคยได้รับ"}
        </PlainText>
      </Row>
      <Row label="การส่งล่าสุด">
        {push ? (
          <Stack gap={2}>
            <Group gap="xs">
              <PlainBadge color={PUSH_STATUS[push.status].color} variant="light">
                {PUSH_STATUS[push.status].label}
              </PlainBadge>
              <PlainText fz="sm">{formatThaiDateTime(push.sent_at ?? push.created_at)}</PlainText>
            </Group>
            {push.status === "failed" && push.last_error ? (
              <Text fz="xs" c="red.8">
                {push.last_error} (ลอง {push.attempts} ครั้ง)
              </Text>
            ) : null}
          </Stack>
        ) : (
          <PlainText fz="sm">ยังไม่เคยส่ง</PlainText>
        )}
      </Row>
      <Row label="Webhook URL">
        <Group gap="xs" wrap="nowrap" align="center">
          <Code data-testid="webhook-url" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
            {webhookUrl}
          </Code>
          <CopyButton value={webhookUrl}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
                {copied ? "คัดลอกแล้ว" : "คัดลอก"}
              </Button>
            )}
          </CopyButton>
        </Group>
        <PlainText fz="xs" c="dimmed">
          นำไปวางที่ LINE Developers Console → Messaging API → Webhook URL แล้วเปิด Use webhook (LINE รับเฉพาะ https)
        </PlainText>
      </Row>
    </Section>
  );
}

export function JobsSection({ jobs }: { jobs: SettingsHub["jobs"] }) {
  return (
    <Section
      title="งานอัตโนมัติ"
      testId="hub-jobs"
      action={
        <Anchor component={Link} to="/admin/jobs" fz="sm">
          ตั้งเวลาและดูประวัติ
        </Anchor>
      }
    >
      {jobs.map((job) => (
        <Row key={job.name} label={job.label}>
          {job.last_run ? (
            <PlainGroup gap="xs">
              <PlainBadge color={RUN_STATUS[job.last_run.status].color} variant="light">
                {RUN_STATUS[job.last_run.status].label}
              </PlainBadge>
              <PlainText fz="sm">{formatThaiDate(job.last_run.run_date)}</PlainText>
              {job.last_run.result ? (
                <Text fz="xs" c="dimmed" lineClamp={1}>
                  {job.last_run.result}
                </Text>
              ) : null}
            </PlainGroup>
          ) : (
            <PlainText fz="sm" c="dimmed">
              {job.on ? `ยังไม่เคยทำงาน (${job.every ?? `ทุกวัน ${job.at} น.`})` : "ปิดอยู่"}
            </PlainText>
          )}
        </Row>
      ))}
    </Section>
  );
}

function KeepForm({ keep }: { keep: number }) {
  const fetcher = useFetcher<{ ok: true; message?: string } | { ok: false; error: string; fields?: Record<string, string> }>({ key: "backup-keep" });
  useActionToasts(fetcher);
  const [value, setValue] = useState(String(keep));
  const error = fetcher.data?.ok === false ? fetcher.data.fields?.keep : undefined;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <NumberInput
        label="เก็บไฟล์สำรองรายวันไว้ (ไฟล์ล่าสุด)"
        description="0 = ไม่สำรองอัตโนมัติ"
        w={220}
        min={0}
        max={90}
        value={value}
        onChange={(v) => setValue(String(v))}
        error={error}
      />
      <Button
        variant="light"
        loading={fetcher.state !== "idle"}
        onClick={() => fetcher.submit({ intent: BACKUP_KEEP_INTENT, keep: value }, { method: "post" })}
      >
        บันทึก
      </Button>
    </Group>
  );
}

export function BackupsSection({ backups, dataDir }: { backups: SettingsHub["backups"]; dataDir: string }) {
  return (
    <Section
      title="สำรองข้อมูล"
      testId="hub-backups"
      action={
        <Button component="a" href="/admin/backup" download leftSection={<IconDownload size={16} />} size="sm">
          ดาวน์โหลดตอนนี้
        </Button>
      }
    >
      <PlainText fz="sm" c="dimmed">
        ไฟล์เดียวมีข้อมูลทั้งหมดรวมรูปภาพ ระบบสำรองอัตโนมัติทุกคืนเวลา 01:00 น. ไว้ที่ <Code>{`${dataDir}/backups`}</Code>
      </PlainText>
      <KeepForm keep={backups.keep} />
      {backups.files.length === 0 ? (
        <PlainText fz="sm" c="dimmed">
          ยังไม่มีไฟล์สำรองรายวัน
        </PlainText>
      ) : (
        <Table verticalSpacing={4} aria-label="ไฟล์สำรองรายวัน">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ไฟล์</Table.Th>
              <Table.Th>ขนาด</Table.Th>
              <Table.Th visibleFrom="xs">วันที่</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {backups.files.map((f) => (
              <Table.Tr key={f.name}>
                <Table.Td style={{ overflowWrap: "anywhere" }}>
                  <Anchor href={`/admin/backups/${f.name}`} download fz="sm">
                    {f.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <PlainText fz="sm">{formatBytesThai(f.bytes)}</PlainText>
                </Table.Td>
                <Table.Td visibleFrom="xs">
                  <PlainText fz="sm">{formatThaiDateTime(f.modified_at)}</PlainText>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={4} fz="sm" mt="xs">
        วิธีกู้คืนจากไฟล์สำรอง
      </Title>
      <List type="ordered" fz="sm" spacing={4}>
        <List.Item>หยุดเซิร์ฟเวอร์ TN Management (ระหว่างกู้คืนจะใช้งานระบบไม่ได้)</List.Item>
        <List.Item>
          ในโฟลเดอร์ของโปรแกรม สั่ง <Code>{`npm run restore -- ${dataDir}/backups/<ชื่อไฟล์>.sqlite`}</Code> (หรือไฟล์สำรองที่ดาวน์โหลดไว้)
          โปรแกรมจะตรวจว่าเป็นฐานข้อมูลของ TN Management ที่สมบูรณ์ และจะไม่ทำงานถ้าเซิร์ฟเวอร์ยังเปิดอยู่
        </List.Item>
        <List.Item>
          ฐานข้อมูลเดิมจะถูกเก็บไว้ที่ <Code>{`${dataDir}/replaced/`}</Code> อย่าลบจนกว่าจะตรวจว่ากู้คืนสำเร็จ
        </List.Item>
        <List.Item>เริ่มเซิร์ฟเวอร์ใหม่ (ระบบจะปรับโครงสร้างฐานข้อมูลให้เป็นรุ่นปัจจุบันเอง) แล้วเข้าระบบเพื่อตรวจข้อมูล</List.Item>
      </List>
    </Section>
  );
}
