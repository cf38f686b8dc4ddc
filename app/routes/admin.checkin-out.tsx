import { Badge, Tabs } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { requireAdmin } from "~/auth/guard.server";
import { adminLoader } from "~/auth/page-loaders.server";
import { DailyTab } from "~/components/attendance/DailyTab";
import { ReviewTab } from "~/components/attendance/ReviewTab";
import { PageFrame } from "~/components/PageFrame";
import { intent, pageAction } from "~/lib/page-action.server";
import { parseOrThrow } from "~/lib/validation";
import { DailyQuery, dailyAttendance } from "~/models/attendance-daily.server";
import {
  CheckedSchema,
  listReviews,
  pendingReviewCount,
  ReviewDecisionSchema,
  ReviewListQuery,
  reviewAttendance,
  setAttendanceChecked,
} from "~/models/attendance-review.server";
import type { Actor } from "~/models/audit.server";

export const meta: MetaFunction = () => [{ title: "ลงเวลาเข้า-ออก · TN Management" }];

const TABS = ["daily", "review", "settings"] as const;
type Tab = (typeof TABS)[number];

const tabOf = (value: string | null): Tab => TABS.find((t) => t === value) ?? "daily";

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ({ request }) => {
  const params = new URL(request.url).searchParams;
  const tab = tabOf(params.get("tab"));
  const pending = pendingReviewCount();
  if (tab === "review") {
    // A hand-edited address with a bad page or status shows the first page of the queue.
    const parsed = ReviewListQuery.safeParse({ status: params.get("review") ?? undefined, page: params.get("page") ?? undefined });
    const query = parsed.success ? parsed.data : ReviewListQuery.parse({});
    return json({ tab, pending, daily: null, review: { status: query.status, ...listReviews(query) } });
  }
  if (tab === "daily") {
    const parsed = DailyQuery.safeParse(Object.fromEntries(params));
    const query = parsed.success ? parsed.data : DailyQuery.parse({});
    return json({ tab, pending, daily: dailyAttendance(query), review: null });
  }
  return json({ tab, pending, daily: null, review: null });
});

const intents = (actor: Actor) => ({
  checked: intent({
    id: true,
    schema: (fields) => parseOrThrow(CheckedSchema, { checked: fields.checked }, "ข้อมูลการตรวจแล้วไม่ถูกต้อง"),
    run: (input, ctx) => void setAttendanceChecked(ctx.id(), input.checked, actor),
    done: (_, input) => (input.checked ? "ทำเครื่องหมายตรวจแล้ว" : "ยกเลิกเครื่องหมายตรวจแล้ว"),
  }),
  review: intent({
    id: true,
    schema: (fields) =>
      parseOrThrow(ReviewDecisionSchema, { decision: fields.decision, note: fields.note ?? "" }, "ข้อมูลการตรวจสอบไม่ถูกต้อง"),
    run: (input, ctx) => void reviewAttendance(ctx.id(), input, actor),
    done: (_, input) => (input.decision === "accept" ? "ยอมรับการลงเวลาแล้ว" : "ปฏิเสธการลงเวลาแล้ว"),
  }),
});

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, intents({ type: "admin", id: admin.id }));
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  return (
    <PageFrame title="ลงเวลาเข้า-ออก" description="บันทึกการลงเวลาเข้างานและออกงานรายวัน">
      <Tabs value={data.tab} onChange={(tab) => setParams(tab && tab !== "daily" ? { tab } : {}, { preventScrollReset: true })}>
        <Tabs.List>
          <Tabs.Tab value="daily">รายวัน</Tabs.Tab>
          <Tabs.Tab
            value="review"
            rightSection={
              data.pending > 0 ? (
                <Badge size="xs" color="red" circle>
                  {data.pending}
                </Badge>
              ) : null
            }
          >
            รอตรวจสอบ
          </Tabs.Tab>
          <Tabs.Tab value="settings">ตั้งค่า</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {data.daily ? <DailyTab data={data.daily} /> : null}
      {data.review ? <ReviewTab data={data.review} /> : null}
    </PageFrame>
  );
}
