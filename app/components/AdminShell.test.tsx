import { MantineProvider } from "@mantine/core";
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ADMIN_MENU, isMenuActive } from "./admin-menu";
import { AdminShell } from "./AdminShell";

function renderAt(path: string) {
  const Stub = createRemixStub([
    {
      path: "*",
      Component: () => (
        <MantineProvider>
          <AdminShell username="somchai">
            <p>เนื้อหา</p>
          </AdminShell>
        </MantineProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

describe("AdminShell", () => {
  test("lists the spec's six menu entries with Thai labels in its order, and the overtime, schedule and payroll pages", () => {
    renderAt("/admin");
    const nav = screen.getAllByRole("navigation", { name: "เมนูหลัก" })[0];
    const links = Array.from(nav.querySelectorAll("a")).map((a) => a.getAttribute("href"));
    expect(links).toEqual([
      "/admin/employee",
      "/admin/leave-work",
      "/admin/overtime",
      "/admin/checkin-out",
      "/admin/schedule",
      "/admin/payroll",
      "/admin/vending-machine",
      "/admin/line-reply",
      "/admin/line-group",
    ]);
    expect(nav).toHaveTextContent("พนักงาน");
  });

  test("the entry whose route the path starts with carries menu-active, and only that one", () => {
    renderAt("/admin/leave-work/calendar");
    const nav = screen.getAllByRole("navigation", { name: "เมนูหลัก" })[0];
    const active = Array.from(nav.querySelectorAll("a.menu-active")).map((a) => a.getAttribute("href"));
    expect(active).toEqual(["/admin/leave-work"]);
  });

  test("shows the title, the username and the version", () => {
    renderAt("/admin");
    expect(screen.getByRole("heading", { name: "TN Management" })).toBeInTheDocument();
    expect(screen.getByText("somchai")).toBeInTheDocument();
    expect(screen.getByText(/v1\.0\.0/)).toBeInTheDocument();
  });

  test("the avatar menu reaches the account page, the settings page and the backup download", async () => {
    const user = userEvent.setup();
    const Stub = createRemixStub([
      {
        path: "*",
        Component: () => (
          <MantineProvider env="test">
            <AdminShell username="somchai">
              <p>เนื้อหา</p>
            </AdminShell>
          </MantineProvider>
        ),
      },
    ]);
    render(<Stub initialEntries={["/admin"]} />);
    await user.click(screen.getByRole("button", { name: "เมนูผู้ใช้ somchai" }));
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["บัญชีผู้ใช้", "ตั้งค่า", "สำรองข้อมูล", "ออกจากระบบ"]);
    expect(items[0]).toHaveAttribute("href", "/admin/account");
    expect(items[1]).toHaveAttribute("href", "/admin/settings");
    expect(items[2]).toHaveAttribute("href", "/admin/backup");
    expect(items[2]).toHaveAttribute("download");
  });

  test("the avatar shows the first two graphemes of the username, an emoji kept whole", () => {
    const Stub = createRemixStub([
      {
        path: "*",
        Component: () => (
          <MantineProvider>
            <AdminShell username="😀admin">
              <p>เนื้อหา</p>
            </AdminShell>
          </MantineProvider>
        ),
      },
    ]);
    render(<Stub initialEntries={["/admin"]} />);
    expect(screen.getByTestId("user-avatar")).toHaveTextContent(/^😀A$/);
  });

  test("the sidebar's foot links to the settings hub, marked active on it", () => {
    renderAt("/admin/settings");
    const links = screen.getAllByTestId("sidebar-settings");
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toHaveAttribute("href", "/admin/settings");
      expect(link).toHaveTextContent("ตั้งค่า");
      expect(link).toHaveClass("menu-active");
    }
  });

  test("isMenuActive follows 'starts with'", () => {
    expect(isMenuActive("/admin/employee", "/admin/employee")).toBe(true);
    expect(isMenuActive("/admin/employee/12", "/admin/employee")).toBe(true);
    expect(isMenuActive("/admin", "/admin/employee")).toBe(false);
    expect(ADMIN_MENU).toHaveLength(9);
  });

  describe("keyboard", () => {
    /** The shell around two pages, each with its heading and a link of its own. */
    function renderPages() {
      const page = (title: string) => () => (
        <>
          <h2>{title}</h2>
          <a href="#x">ลิงก์ใน{title}</a>
        </>
      );
      const Stub = createRemixStub([
        {
          path: "/admin",
          Component: () => (
            <MantineProvider env="test">
              <AdminShell username="somchai">
                <Outlet />
              </AdminShell>
            </MantineProvider>
          ),
          children: [
            { index: true, Component: page("ภาพรวม") },
            { path: "employee", Component: page("พนักงาน") },
          ],
        },
      ]);
      render(<Stub initialEntries={["/admin"]} />);
    }

    test("the first Tab reaches the skip link, which moves the focus to the main content", async () => {
      const user = userEvent.setup();
      renderPages();
      await screen.findByRole("heading", { name: "ภาพรวม" });
      await user.tab();
      const skip = screen.getByRole("link", { name: "ข้ามไปยังเนื้อหา" });
      expect(skip).toHaveFocus();
      expect(skip).toHaveAttribute("href", "#main-content");
      await user.keyboard("{Enter}");
      const main = screen.getByRole("main");
      expect(main).toHaveAttribute("id", "main-content");
      expect(main).toHaveFocus();
      await user.tab();
      expect(screen.getByRole("link", { name: "ลิงก์ในภาพรวม" })).toHaveFocus();
    });

    test("a menu link's page takes the focus to its heading; the first page does not move it", async () => {
      const user = userEvent.setup();
      renderPages();
      await screen.findByRole("heading", { name: "ภาพรวม" });
      expect(document.body).toHaveFocus();
      const nav = screen.getAllByRole("navigation", { name: "เมนูหลัก" })[0];
      await user.click(within(nav).getByRole("link", { name: "พนักงาน" }));
      const heading = await screen.findByRole("heading", { name: "พนักงาน" });
      await waitFor(() => expect(heading).toHaveFocus());
      // Focusable from script only: Tab does not stop on it.
      expect(heading).toHaveAttribute("tabindex", "-1");
    });
  });
});
