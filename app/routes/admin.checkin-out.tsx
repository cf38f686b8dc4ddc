import { Badge, Tabs } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { requireAdmin } from "~/http/guard.server";
import { adminLoader } from "~/http/page-loaders.server";
import { DailyTab } from "~/components/attendance/DailyTab";
import { FACE_PAGE_PARAM } from "~/components/attendance/FaceReviews";
import { MonthlyTab } from "~/components/attendance/MonthlyTab";
import { ReviewTab } from "~/components/attendance/ReviewTab";
import { SETTINGS_TAB_KEYS, SettingsTab } from "~/components/attendance/SettingsTab";
import { PageFrame } from "~/components/PageFrame";
import { pageAction } from "~/http/page-action.server";
import { dailyPage } from "~/models/attendance/daily.server";
import { monthlyPage } from "~/models/attendance/monthly.server";
import { listReviews, pendingReviewCount, ReviewListQuery } from "~/models/attendance/review.server";
import { pendingCorrectionCount } from "~/models/attendance/correction.server";
import { FaceReviewQuery, listFaceReviews, pendingFaceReviewCount } from "~/models/employees/face-review.server";
import { getSettings } from "~/models/core/settings.server";
import { correctionsForReview } from "~/http/intents/attendance-corrections.server";
import { checkinOutIntents } from "~/http/intents/checkin-out.server";
import { KiosksPanel } from "~/components/kiosk/KiosksPanel";
import { listKiosks } from "~/models/kiosk/kiosks.server";

export const meta: MetaFunction = () => [{ title: "ลงเวลาเข้า-ออก · TN Management" }];

const TABS = ["daily", "monthly", "review", "settings"] as const;
type Tab = (typeof TABS)[number];

const tabOf = (value: string | null): Tab => TABS.find((t) => t === value) ?? "daily";

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ({ request }) => {
  const params = new URL(request.url).searchParams;
  const tab = tabOf(params.get("tab"));
  const pending = pendingReviewCount() + pendingCorrectionCount() + pendingFaceReviewCount();
  if (tab === "review") {
    // A hand-edited address with a bad page or status shows the first page of the queue.
    const parsed = ReviewListQuery.safeParse({ status: params.get("review") ?? undefined, page: params.get("page") ?? undefined });
    const query = parsed.success ? parsed.data : ReviewListQuery.parse({});
    const facePage = FaceReviewQuery.safeParse({ page: params.get(FACE_PAGE_PARAM) ?? undefined });
    const faces = query.status === "pending" ? listFaceReviews(facePage.success ? facePage.data : FaceReviewQuery.parse({})) : undefined;
    return json({ tab, pending, daily: null, monthly: null, review: { status: query.status, ...listReviews(query), corrections: correctionsForReview(params), faces }, settings: null });
  }
  if (tab === "daily") {
    return json({ tab, pending, daily: dailyPage(params), monthly: null, review: null, settings: null });
  }
  if (tab === "monthly") {
    return json({ tab, pending, daily: null, monthly: monthlyPage(params), review: null, settings: null });
  }
  return json({ tab, pending, daily: null, monthly: null, review: null, settings: getSettings(SETTINGS_TAB_KEYS), kiosks: listKiosks().items });
});

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, checkinOutIntents({ type: "admin", id: admin.id }));
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  return (
    <PageFrame title="ลงเวลาเข้า-ออก" description="บันทึกการลงเวลาเข้างานและออกงานรายวัน">
      <Tabs value={data.tab} onChange={(tab) => setParams(tab && tab !== "daily" ? { tab } : {}, { preventScrollReset: true })}>
        <Tabs.List mb="md">
          <Tabs.Tab value="daily">รายวัน</Tabs.Tab>
          <Tabs.Tab value="monthly">รายเดือน</Tabs.Tab>
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
        <Tabs.Panel value={data.tab} pt="md">
          {data.daily ? <DailyTab data={data.daily} /> : null}
          {data.monthly ? <MonthlyTab data={data.monthly} /> : null}
          {data.review ? <ReviewTab data={data.review} /> : null}
          {data.settings ? <SettingsTab settings={data.settings} /> : null}
          {"kiosks" in data && data.settings ? <KiosksPanel kiosks={data.kiosks} offices={data.settings.offices.map((o) => o.name)} /> : null}
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
