import { Paper, SimpleGrid, Text, ThemeIcon } from "@mantine/core";
import { Link } from "@remix-run/react";
import { ADMIN_MENU } from "./admin-menu";
import { PageFrame } from "./PageFrame";

/** The admin home: a launcher to the main screens. */
export function Dashboard() {
  return (
    <PageFrame title="ภาพรวม" description="เลือกงานที่ต้องการจัดการ">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {ADMIN_MENU.map(({ to, label, icon: Icon }) => (
          <Paper key={to} component={Link} to={to} withBorder p="lg" radius="md" style={{ textDecoration: "none" }}>
            <ThemeIcon variant="light" size="xl" radius="md" mb="sm">
              <Icon size={24} aria-hidden />
            </ThemeIcon>
            <Text fw={600} c="dark">
              {label}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}
