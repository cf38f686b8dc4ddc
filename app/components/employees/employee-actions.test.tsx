import { MantineProvider, Menu } from "@mantine/core";
import { json } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { EmployeeActionItems, PUSH_ITEM_LINE_OFF, type EmployeeRowAction } from "./employee-actions";

/** The items in an open menu, under the admin layout whose loader says whether LINE is set up. */
function renderMenu(lineConfigured: boolean) {
  const actions: EmployeeRowAction[] = [];
  const Stub = createRemixStub([
    {
      id: "routes/admin",
      path: "/admin",
      loader: () => json({ user: { username: "admin" }, lineConfigured }),
      Component: () => <Outlet />,
      children: [
        {
          path: "employee",
          Component: () => (
            <MantineProvider env="test">
              <Menu opened>
                <Menu.Target>
                  <button type="button">จัดการ</button>
                </Menu.Target>
                <Menu.Dropdown>
                  <EmployeeActionItems resigned={false} lineLinked onAction={(kind) => actions.push(kind)} />
                </Menu.Dropdown>
              </Menu>
            </MantineProvider>
          ),
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/admin/employee"]} />);
  return actions;
}

describe("the employee's ส่งข้อความ LINE item", () => {
  test("LINE not set up: the item is disabled and says why in the menu itself, and opens nothing", async () => {
    const actions = renderMenu(false);
    const item = await screen.findByRole("menuitem", { name: /ส่งข้อความ LINE/ });
    expect(item).toBeDisabled();
    expect(within(item).getByText(PUSH_ITEM_LINE_OFF)).toBeVisible();
    await userEvent.setup({ pointerEventsCheck: 0 }).click(item);
    expect(actions).toEqual([]);
    // The other LINE item does not call LINE's bot and stays available.
    expect(screen.getByRole("menuitem", { name: "ยกเลิกการเชื่อม LINE" })).toBeEnabled();
  });

  test("LINE set up: the item opens the push dialog, with no reason shown", async () => {
    const actions = renderMenu(true);
    const item = await screen.findByRole("menuitem", { name: "ส่งข้อความ LINE" });
    expect(item).toBeEnabled();
    expect(screen.queryByText(PUSH_ITEM_LINE_OFF)).toBeNull();
    await userEvent.setup().click(item);
    expect(actions).toEqual(["push"]);
  });
});
