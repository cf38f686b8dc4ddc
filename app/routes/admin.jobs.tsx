import { Button, Group, NumberInput, Paper, Switch, Table, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { PageFrame } from "~/components/PageFrame";
import { PlainBadge, PlainGroup, PlainStack, PlainTd, PlainText, PlainTr } from "~/components/PlainMantine";
import { useActionToasts } from "~/components/action-toasts";
import { requireAdmin } from "~/http/guard.server";
import { adminLoader } from "~/http/page-loaders.server";
import { pageAction } from "~/http/page-action.server";
import { jobIntents } from "~/http/intents/jobs.server";
import { formatThaiDate, formatThaiDateTime } from "~/lib/thai-date";
import { listJobRuns, type JobRunStatus } from "~/models/core/job-runs.server";
import { JOB_RUN_STATUS_LABELS } from "~/models/core/labels";
import { jobsOverview, type JobOverview } from "~/models/flows/scheduled-jobs.server";
import { TimeField } from "~/components/TimeField";

export const meta: MetaFunction = () => [{ title: "งานอัตโนมัติ · TN Management" }];

const RECENT_RUNS = 30;

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, () => json({ jobs: jobsOverview(), runs: listJobRuns({ page: 1, page_size: RECENT_RUNS }).items }));

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, jobIntents({ type: "admin", id: admin.id }));
}

const STATUS_COLORS: Record<JobRunStatus, string> = { running: "blue", ok: "green", failed: "red", skipped: "gray" };

const AFTER_LABELS: Record<string, string> = { remind_checkin: "นาทีหลังเวลาเข้างาน", remind_checkout: "นาทีหลังเวลาเลิกงาน" };

function RunBadge({ status }: { status: JobRunStatus }) {
  return (
    <PlainBadge color={STATUS_COLORS[status]} variant="light">
      {JOB_RUN_STATUS_LABELS[status]}
    </PlainBadge>
  );
}

type Job = SerializeFrom<typeof loader>["jobs"][number];

/** Today's plan; a reminder on each employee's schedule lists the times of the schedules in use. */
function todayText(job: Job) {
  if (!job.on) return "ปิดอยู่";
  if (job.skip) return `งดวันนี้: ${job.skip}`;
  const times = job.times.length > 1 ? `${job.times.join(", ")} น. ตามตารางงานของแต่ละคน` : `${job.at} น.`;
  return `${times} (ทำย้อนหลังได้ถึง ${job.until} น.)`;
}

function ScheduleForm({ job }: { job: Job & { setting: NonNullable<JobOverview["setting"]> } }) {
  const fetcher = useFetcher<typeof action>({ key: `job-${job.name}` });
  useActionToasts(fetcher);
  const { setting } = job;
  const [on, setOn] = useState(setting.on);
  const [value, setValue] = useState(setting.after_minutes != null ? String(setting.after_minutes) : (setting.time ?? ""));
  const label = AFTER_LABELS[setting.key];
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Switch checked={on} onChange={(e) => setOn(e.currentTarget.checked)} aria-label={`เปิดใช้ ${job.label}`} />
      {label ? (
        <NumberInput
          size="xs"
          w={90}
          min={0}
          value={value}
          onChange={(v) => setValue(String(v))}
          aria-label={`${label} (${job.label})`}
        />
      ) : (
        <TimeField size="xs" w={80} value={value} onChange={setValue} aria-label={`เวลา ${job.label}`} />
      )}
      {label ? <Text fz="xs" c="dimmed">{label}</Text> : null}
      <Button
        size="xs"
        variant="light"
        loading={fetcher.state !== "idle"}
        onClick={() => fetcher.submit({ intent: "schedule", key: setting.key, on: String(on), value }, { method: "post" })}
      >
        บันทึก
      </Button>
    </Group>
  );
}

export default function JobsPage() {
  const { jobs, runs } = useLoaderData<typeof loader>();
  const labels = new Map(jobs.map((j) => [j.name, j.label]));
  return (
    <PageFrame title="งานอัตโนมัติ" description="การแจ้งเตือนและงานประจำวันที่ระบบทำเอง (เวลาประเทศไทย) แต่ละงานทำไม่เกินวันละครั้ง ยกเว้นการเตือนลงเวลาเข้า-ออกงานซึ่งเตือนแต่ละคนตามเวลาในตารางงานของตน">
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>งาน</Table.Th>
                <Table.Th>วันนี้</Table.Th>
                <Table.Th>ตั้งเวลา</Table.Th>
                <Table.Th>ครั้งล่าสุด</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.map((job) => (
                <PlainTr key={job.name}>
                  <PlainTd>
                    <PlainText fw={500}>{job.label}</PlainText>
                  </PlainTd>
                  <PlainTd>
                    <PlainText fz="sm">
                      {todayText(job)}
                    </PlainText>
                  </PlainTd>
                  <PlainTd>{job.setting ? <ScheduleForm job={{ ...job, setting: job.setting }} /> : <PlainText fz="sm" c="dimmed">{job.every ?? `ทุกวัน ${job.at} น.`}</PlainText>}</PlainTd>
                  <PlainTd>
                    {job.last_run ? (
                      <PlainStack gap={2}>
                        <PlainGroup gap="xs">
                          <RunBadge status={job.last_run.status} />
                          <PlainText fz="sm">{formatThaiDate(job.last_run.run_date)}</PlainText>
                        </PlainGroup>
                        <PlainText fz="xs" c="dimmed">
                          {job.last_run.result ?? ""}
                        </PlainText>
                      </PlainStack>
                    ) : (
                      <PlainText fz="sm" c="dimmed">
                        ยังไม่เคยทำงาน
                      </PlainText>
                    )}
                  </PlainTd>
                </PlainTr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Title order={3} fz="md">
        ประวัติการทำงานล่าสุด
      </Title>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={700}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>วันที่</Table.Th>
                <Table.Th>งาน</Table.Th>
                <Table.Th>สถานะ</Table.Th>
                <Table.Th>ผลลัพธ์</Table.Th>
                <Table.Th>เวลาเริ่ม</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.length === 0 ? (
                <PlainTr>
                  <PlainTd colSpan={5}>
                    <PlainText fz="sm" c="dimmed" style={{ textAlign: "center" }}>
                      ยังไม่มีประวัติการทำงาน
                    </PlainText>
                  </PlainTd>
                </PlainTr>
              ) : (
                runs.map((run) => (
                  <PlainTr key={run.id}>
                    <PlainTd>{formatThaiDate(run.run_date)}</PlainTd>
                    <PlainTd>{labels.get(run.job) ?? run.job}</PlainTd>
                    <PlainTd>
                      <RunBadge status={run.status} />
                    </PlainTd>
                    <PlainTd>
                      <PlainText fz="sm">{run.result ?? "-"}</PlainText>
                    </PlainTd>
                    <PlainTd>
                      <PlainText fz="sm">{formatThaiDateTime(run.started_at)}</PlainText>
                    </PlainTd>
                  </PlainTr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </PageFrame>
  );
}
