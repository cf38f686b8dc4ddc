import { Tabs } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { requireAdmin } from "~/auth/guard.server";
import { adminLoader } from "~/auth/page-loaders.server";
import { SETTINGS_INTENT, SETTINGS_TAB_KEYS, SettingsTab } from "~/components/attendance/SettingsTab";
import { PageFrame } from "~/components/PageFrame";
import { DomainError } from "~/lib/errors";
import { intent, pageAction, PAGE_ACTION_MESSAGES, type Fields } from "~/lib/page-action.server";
import type { Actor } from "~/models/audit.server";
import { getSettings, updateSettings } from "~/models/settings.server";

export const meta: MetaFunction = () => [{ title: "ลงเวลาเข้า-ออก · TN Management" }];

const TABS = ["daily", "review", "settings"] as const;
type Tab = (typeof TABS)[number];
const readTab = (value: string | null): Tab => TABS.find((t) => t === value) ?? "daily";

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, () => json({ settings: getSettings(SETTINGS_TAB_KEYS) }));

/** The settings form posts its values as one JSON field; updateSettings (as PUT /api/settings) checks them. */
function settingsJson(fields: Fields): unknown {
  try {
    return JSON.parse(fields.settings ?? "");
  } catch {
    throw new DomainError(400, PAGE_ACTION_MESSAGES.badBody);
  }
}

const intents = (actor: Actor) => ({
  [SETTINGS_INTENT]: intent({
    schema: settingsJson,
    run: (input) => void updateSettings(input, actor),
    done: "บันทึกการตั้งค่าแล้ว",
  }),
});

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, intents({ type: "admin", id: admin.id }));
}

export default function CheckinOutAdminPage() {
  const data = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get("tab"));
  return (
    <PageFrame title="ลงเวลาเข้า-ออก" description="บันทึกการลงเวลาเข้างานและออกงานรายวัน">
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(
            (p) => {
              p.set("tab", readTab(value));
              return p;
            },
            { preventScrollReset: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="daily">รายวัน</Tabs.Tab>
          <Tabs.Tab value="review">รอตรวจสอบ</Tabs.Tab>
          <Tabs.Tab value="settings">ตั้งค่า</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="daily">{null}</Tabs.Panel>
        <Tabs.Panel value="review">{null}</Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsTab settings={data.settings} />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
