import { MantineProvider } from "@mantine/core";
import { createRemixStub } from "@remix-run/testing";
import { useLocation } from "@remix-run/react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { EmployeeFilters } from "./EmployeeFilters";

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function renderFilters(url: string, props: { department?: string; status?: string } = {}) {
  const Stub = createRemixStub([
    {
      path: "/admin/employee",
      Component: () => (
        <MantineProvider env="test">
          <EmployeeFilters department={props.department ?? ""} status={props.status ?? ""} departments={["บัญชี", "ฝ่ายขาย"]} />
          <Where />
        </MantineProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

describe("EmployeeFilters", () => {
  test("department and status go to the address beside the search and tab, and start again from page 1", async () => {
    const user = userEvent.setup();
    renderFilters("/admin/employee?tab=resigned&q=สม&page=3");
    await user.click(await screen.findByRole("textbox", { name: "แผนก" }));
    await user.click(await screen.findByRole("option", { name: "ฝ่ายขาย" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/^\?tab=resigned&q=%E0.*&department=%E0/));
    expect(new URLSearchParams(screen.getByTestId("where").textContent ?? "").get("department")).toBe("ฝ่ายขาย");
    expect(screen.getByTestId("where")).not.toHaveTextContent("page=");

    await user.click(screen.getByRole("textbox", { name: "สถานะ" }));
    await user.click(await screen.findByRole("option", { name: "ยังไม่เชื่อม LINE" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/&status=line_unlinked$/));
  });

  test("a filter in the address shows as chosen and can be cleared", async () => {
    const user = userEvent.setup();
    renderFilters("/admin/employee?department=%E0%B8%9A%E0%B8%B1%E0%B8%8D%E0%B8%8A%E0%B8%B5&status=leaving&page=2", {
      department: "บัญชี",
      status: "leaving",
    });
    expect(await screen.findByRole("textbox", { name: "แผนก" })).toHaveValue("บัญชี");
    expect(screen.getByRole("textbox", { name: "สถานะ" })).toHaveValue("จะลาออก (แจ้งล่วงหน้า)");
    const clear = document.querySelectorAll<HTMLButtonElement>("button.mantine-CloseButton-root, .mantine-Select-section button");
    await user.click(clear[0]);
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/^\?status=leaving$/));
  });
});
