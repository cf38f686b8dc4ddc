import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SETTINGS_LINKS } from "~/components/admin-menu";
import { PageFrame } from "~/components/PageFrame";
import { AttendanceSection, BackupsSection, JobsSection, LineSection } from "~/components/settings/HubSections";
import { ReplicationSection } from "~/components/settings/ReplicationSection";
import { requireAdmin } from "~/http/guard.server";
import { adminLoader } from "~/http/page-loaders.server";
import { requestOrigin } from "~/http/request.server";
import { pageAction } from "~/http/page-action.server";
import { settingsIntents } from "~/http/intents/settings.server";
import { settingsHub } from "~/models/core/settings-hub.server";

export const meta: MetaFunction = () => [{ title: "ตั้งค่า · TN Management" }];

/** The LINE webhook route (app/routes/api.line.webhook.ts). */
const WEBHOOK_PATH = "/api/line/webhook";

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ({ request }) =>
    json({
      hub: settingsHub(),
      webhookUrl: `${requestOrigin(request)}${WEBHOOK_PATH}`,
    }),
  );

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return pageAction(request, settingsIntents({ type: "admin", id: admin.id }));
}

export default function SettingsPage() {
  const { hub, webhookUrl } = useLoaderData<typeof loader>();
  return (
    <PageFrame title="ตั้งค่า" description="บัญชีผู้ใช้ การลงเวลา LINE งานอัตโนมัติ และการสำรองข้อมูล">
      <SimpleGrid cols={{ base: 1, sm: 2 }} component="nav" aria-label="การตั้งค่า">
        {SETTINGS_LINKS.map(({ to, label, description, icon: Icon, download }) => (
          <Paper
            key={to}
            withBorder
            p="lg"
            radius="md"
            style={{ textDecoration: "none" }}
            renderRoot={(props) => (download ? <a href={to} download {...props} /> : <Link to={to} {...props} />)}
          >
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size="xl" radius="md">
                <Icon size={24} aria-hidden />
              </ThemeIcon>
              <div>
                <Text fw={600} c="dark">
                  {label}
                </Text>
                <Text fz="sm" c="dimmed">
                  {description}
                </Text>
              </div>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      <Stack gap="md">
        <AttendanceSection attendance={hub.attendance} nextHoliday={hub.next_holiday} ledgerCheck={hub.ledger_check} />
        <LineSection line={hub.line} webhookUrl={webhookUrl} />
        <JobsSection jobs={hub.jobs} />
        <BackupsSection backups={hub.backups} dataDir={hub.data_dir} />
        <ReplicationSection replication={hub.replication} />
      </Stack>
    </PageFrame>
  );
}
