import {
  Anchor,
  AppShell,
  Avatar,
  Burger,
  Drawer,
  Group,
  Image,
  Menu,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconLogout, IconSettings } from "@tabler/icons-react";
import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { ADMIN_MENU, isMenuActive, SETTINGS_PATH, USER_MENU } from "./admin-menu";
import { initials } from "~/lib/initials";

export const SIDEBAR_WIDTH = 250;

/** The id of the page's <main>, the skip link's target. */
export const MAIN_ID = "main-content";

/**
 * Moves the focus into the page: to its heading (made focusable from script, not from Tab) after
 * a navigation, so a screen reader says where it landed; to <main> itself for the skip link.
 */
function focusMain(to: "heading" | "main") {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  const heading = to === "heading" ? main.querySelector<HTMLElement>("h1, h2") : null;
  const target = heading ?? main;
  if (target !== main && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
}

/** The first thing Tab reaches: past the header and the menu, to the page. */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="skip-link"
      onClick={(event) => {
        event.preventDefault();
        focusMain("main");
      }}
    >
      ข้ามไปยังเนื้อหา
    </a>
  );
}

function SidebarMenu({ pathname }: { pathname: string }) {
  return (
    <Stack gap={4} component="nav" aria-label="เมนูหลัก">
      {ADMIN_MENU.map(({ to, label, icon: Icon }) => {
        const active = isMenuActive(pathname, to);
        return (
          <Link
            key={to}
            to={to}
            prefetch="intent"
            className={active ? "menu-link menu-active" : "menu-link"}
            aria-current={active ? "page" : undefined}
          >
            <Icon size={20} stroke={1.6} aria-hidden />
            <span>{label}</span>
          </Link>
        );
      })}
    </Stack>
  );
}

/** The sidebar's foot: the settings hub, apart from the main menu. */
function SidebarFooter({ pathname }: { pathname: string }) {
  const active = isMenuActive(pathname, SETTINGS_PATH);
  return (
    <Link
      to={SETTINGS_PATH}
      prefetch="intent"
      className={active ? "menu-link menu-active" : "menu-link"}
      aria-current={active ? "page" : undefined}
      data-testid="sidebar-settings"
    >
      <IconSettings size={20} stroke={1.6} aria-hidden />
      <span>ตั้งค่า</span>
    </Link>
  );
}

function Logo() {
  return (
    <Group
      gap="xs"
      renderRoot={(props) => <Link to="/admin" {...props} />}
      style={{ textDecoration: "none" }}
    >
      <Image src="/logo.svg" alt="" w={32} h={32} />
      <Text fw={700} c="blue.7">
        TN Management
      </Text>
    </Group>
  );
}

export function AdminShell({ username, children }: { username: string; children: ReactNode }) {
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();
  const burger = useRef<HTMLButtonElement>(null);
  const shown = useRef<string | null>(null);

  // A new page (a menu link, a row's link): the drawer closes and the focus goes to the page's
  // heading, not back to the menu. Not on the first render, and not for a tab or a filter (the
  // search changes, the path does not).
  useEffect(() => {
    if (shown.current !== null && shown.current !== pathname) {
      drawer.close();
      focusMain("heading");
    }
    shown.current = pathname;
  }, [pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: SIDEBAR_WIDTH, breakpoint: "sm", collapsed: { mobile: true } }}
      footer={{ height: 36 }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burger}
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="เปิดเมนู"
              aria-expanded={drawerOpened}
              data-testid="hamburger"
            />
            <Title order={1} fz="lg" fw={700}>
              TN Management
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Anchor component={Link} to="/admin/account" c="dark" fz="sm" visibleFrom="xs">
              {username}
            </Anchor>
            <Menu position="bottom-end" shadow="md" width={200}>
              <Menu.Target>
                {/* The name holds the initials it shows (the username starts with them). */}
                <UnstyledButton aria-label={`เมนูผู้ใช้ ${username}`} data-testid="user-avatar">
                  <Avatar color="blue" radius="xl">
                    {initials(username, 2).toUpperCase()}
                  </Avatar>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{username}</Menu.Label>
                {USER_MENU.map(({ to, label, icon: Icon, download }) =>
                  download ? (
                    <Menu.Item key={to} component="a" href={to} download leftSection={<Icon size={16} aria-hidden />}>
                      {label}
                    </Menu.Item>
                  ) : (
                    <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} aria-hidden />}>
                      {label}
                    </Menu.Item>
                  ),
                )}
                <Menu.Divider />
                <Form method="post" action="/logout">
                  <Menu.Item
                    component="button"
                    type="submit"
                    leftSection={<IconLogout size={16} aria-hidden />}
                  >
                    ออกจากระบบ
                  </Menu.Item>
                </Form>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" data-testid="sidebar" visibleFrom="sm">
        <AppShell.Section grow>
          <Stack gap="lg">
            <Logo />
            <SidebarMenu pathname={pathname} />
          </Stack>
        </AppShell.Section>
        <AppShell.Section>
          <SidebarFooter pathname={pathname} />
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer
        opened={drawerOpened}
        // Closed by the user: back to the hamburger. Closed by a navigation: the page keeps the
        // focus (Mantine's own return would take it back to the hamburger).
        onClose={() => {
          drawer.close();
          burger.current?.focus();
        }}
        returnFocus={false}
        size={SIDEBAR_WIDTH}
        position="left"
        title={<Logo />}
        closeButtonProps={{ "aria-label": "ปิดเมนู" }}
        hiddenFrom="sm"
        data-testid="drawer"
      >
        <Stack gap="lg">
          <SidebarMenu pathname={pathname} />
          <SidebarFooter pathname={pathname} />
        </Stack>
      </Drawer>

      <AppShell.Main id={MAIN_ID} tabIndex={-1}>
        {children}
      </AppShell.Main>

      <AppShell.Footer px="md">
        <Group h="100%" justify="flex-end">
          <Text fz="xs" c="dimmed">
            TN Management v1.0.0
          </Text>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
