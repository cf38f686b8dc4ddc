import { Group, Paper, SimpleGrid, Text, ThemeIcon } from "@mantine/core";
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { SETTINGS_LINKS } from "~/components/admin-menu";
import { PageFrame } from "~/components/PageFrame";

export const meta: MetaFunction = () => [{ title: "ตั้งค่า · TN Management" }];

export default function SettingsPage() {
  return (
    <PageFrame title="ตั้งค่า" description="บัญชีผู้ใช้ การสำรองข้อมูล และการเชื่อมต่อ LINE">
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
    </PageFrame>
  );
}
