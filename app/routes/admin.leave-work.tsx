import { Badge, Tabs } from "@mantine/core";
import chartsStyles from "@mantine/charts/styles.css";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { requireAdmin } from "~/http/guard.server";
import { adminLoader } from "~/http/page-loaders.server";
import { useDialogFetcher } from "~/components/dialog-fetcher";
import { AllTab } from "~/components/leave/AllTab";
import { CalendarTab } from "~/components/leave/CalendarTab";
import { HolidaysTab } from "~/components/leave/HolidaysTab";
import { StatisticsTab } from "~/components/leave/StatisticsTab";
import { DecisionDialog } from "~/components/leave/DecisionDialog";
import type { PetitionAction } from "~/components/leave/leave-labels";
import { PendingTab } from "~/components/leave/PendingTab";
import { QuotaDialog } from "~/components/leave/QuotaDialog";
import { PageFrame } from "~/components/PageFrame";
import { FIRST_STATISTICS_YEAR } from "~/lib/enums";
import { intent, pageAction } from "~/http/page-action.server";
import { PageFields, parseOrThrow } from "~/lib/validation";
import type { Actor } from "~/models/audit/audit.server";
import { getEmployee } from "~/models/employees/employee.server";
import { holidayIntents, holidaysTabData } from "~/http/intents/holidays.server";
import { pendingPetitionCount, pendingPetitions } from "~/models/leave/approvals.server";
import { QuotaFormSchema } from "~/models/leave/quota-schema";
import { setLeaveQuotas } from "~/models/leave/quota.server";
import { CancelSchema, DecisionSchema, petitionListQuery } from "~/models/leave/schema";
import { CalendarQuery, leaveCalendar, leaveStatisticsPage, StatisticQuery } from "~/models/leave/report.server";
import { cancelLeave, decideLeave } from "~/models/leave/notices.server";
import { currentLeaveYear, listPetitions } from "~/models/leave/leave.server";
import { getSetting } from "~/models/core/settings.server";
import { workDate } from "~/lib/business-day.server";

export const meta: MetaFunction = () => [{ title: "การลางาน · TN Management" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: chartsStyles }];

const TABS = ["pending", "all", "calendar", "statistics", "holidays"] as const;
type Tab = (typeof TABS)[number];
const tabOf = (value: string | null): Tab => TABS.find((t) => t === value) ?? "pending";

const PendingQuery = z.object(PageFields);

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ({ request }) => {
  const params = new URL(request.url).searchParams;
  const tab = tabOf(params.get("tab"));
  const base = { tab, pendingCount: pendingPetitionCount(), pending: null, all: null, calendar: null, statistics: null, holidays: null };
  if (tab === "pending") {
    // A hand-edited address with a bad page shows the first page.
    const parsed = PendingQuery.safeParse({ page: params.get("page") ?? undefined });
    return json({ ...base, pending: pendingPetitions(parsed.success ? parsed.data : PendingQuery.parse({})) });
  }
  if (tab === "all") {
    const year = currentLeaveYear();
    const schema = petitionListQuery(year);
    const parsed = schema.safeParse(Object.fromEntries(params));
    const query = parsed.success ? parsed.data : schema.parse({});
    const years = Array.from({ length: year + 1 - FIRST_STATISTICS_YEAR + 1 }, (_, i) => FIRST_STATISTICS_YEAR + i);
    const employee = query.employee_id !== undefined ? getEmployee(query.employee_id) : null;
    return json({
      ...base,
      all: {
        query: { year: query.year, status: query.status ?? null, type: query.type ?? null, employee_id: query.employee_id ?? null },
        years: years.includes(query.year) ? years : [...years, query.year].sort((a, b) => a - b),
        employee: employee ? { id: employee.id, code: employee.code, full_name: employee.full_name } : null,
        ...listPetitions(query),
      },
    });
  }
  if (tab === "calendar") {
    // A hand-edited month that does not parse shows this month.
    const schema = CalendarQuery(workDate().slice(0, 7));
    const parsed = schema.safeParse({ month: params.get("month") ?? undefined });
    const { month } = parsed.success ? parsed.data : schema.parse({});
    return json({ ...base, calendar: { ...leaveCalendar(month), work_days: getSetting("work_days") } });
  }
  if (tab === "statistics") {
    const parsed = StatisticQuery().safeParse({ year: params.get("year") ?? undefined });
    const year = parsed.success ? parsed.data.year : currentLeaveYear();
    const page = PendingQuery.safeParse({ page: params.get("page") ?? undefined });
    return json({ ...base, statistics: { ...leaveStatisticsPage(year, page.success ? page.data.page : 1), this_year: currentLeaveYear() } });
  }
  if (tab === "holidays") return json({ ...base, holidays: holidaysTabData(request) });
  return json(base);
});

/** The same functions as /api/leave/approve-result, /api/leave/petition/:id/cancel (with their LINE notices) and PUT /api/leave/quota. */
const intents = (actor: Actor) => ({
  decide: intent({
    id: true,
    schema: (fields) =>
      parseOrThrow(DecisionSchema.omit({ id: true }), { action: fields.action, note: fields.note ?? "" }, "ข้อมูลการพิจารณาไม่ถูกต้อง"),
    run: (input, ctx) => void decideLeave({ id: ctx.id(), ...input }, actor),
    done: (_, input) => (input.action === "accept" ? "อนุมัติคำขอลาแล้ว" : "ไม่อนุมัติคำขอลาแล้ว"),
  }),
  cancel: intent({
    id: true,
    schema: (fields) => parseOrThrow(CancelSchema, { note: fields.note ?? "" }, "ข้อมูลการยกเลิกไม่ถูกต้อง"),
    run: (input, ctx) => void cancelLeave(ctx.id(), actor, input.note),
    done: "ยกเลิกคำขอลาแล้ว",
  }),
  quota: intent({
    schema: QuotaFormSchema,
    run: (input) => void setLeaveQuotas(input.employee_id, input.year, input.quotas, actor),
    done: "บันทึกสิทธิ์การลาแล้ว",
  }),
  ...holidayIntents(actor),
});

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, intents({ type: "admin", id: admin.id }));
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<PetitionAction | null>(null);
  const form = useDialogFetcher<SerializeFrom<typeof action>>("leave-dialog", () => setDialog(null));
  const open = (next: PetitionAction) => {
    form.renew();
    setDialog(next);
  };
  const close = () => setDialog(null);

  return (
    <PageFrame title="การลางาน" description="คำขอลา การอนุมัติ ปฏิทินวันลา และสถิติการลา">
      <Tabs value={data.tab} onChange={(tab) => setParams(tab && tab !== "pending" ? { tab } : {}, { preventScrollReset: true })}>
        <Tabs.List>
          <Tabs.Tab
            value="pending"
            rightSection={
              data.pendingCount > 0 ? (
                <Badge size="xs" color="red" circle aria-label={`รออนุมัติ ${data.pendingCount} รายการ`}>
                  {data.pendingCount}
                </Badge>
              ) : null
            }
          >
            รออนุมัติ
          </Tabs.Tab>
          <Tabs.Tab value="all">ทั้งหมด</Tabs.Tab>
          <Tabs.Tab value="calendar">ปฏิทิน</Tabs.Tab>
          <Tabs.Tab value="statistics">สถิติ</Tabs.Tab>
          <Tabs.Tab value="holidays">วันหยุด</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {data.pending ? <PendingTab data={data.pending} onAction={open} /> : null}
      {data.all ? <AllTab data={data.all} onAction={open} /> : null}
      {data.calendar ? <CalendarTab data={data.calendar} /> : null}
      {data.statistics ? <StatisticsTab data={data.statistics} /> : null}
      {data.holidays ? <HolidaysTab data={data.holidays} /> : null}

      <DecisionDialog target={dialog && dialog.kind !== "quota" ? dialog : null} onClose={close} fetcher={form.fetcher} />
      <QuotaDialog target={dialog?.kind === "quota" ? dialog : null} onClose={close} fetcher={form.fetcher} />
    </PageFrame>
  );
}
