import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { EmployeePicker } from "./EmployeePicker";
import { renderLeave } from "./leave.test-helpers";

const somchai = { id: 5, code: "E0005", full_name: "นายสมชาย ใจดี" };
const malee = { id: 8, code: "E0008", full_name: "นางสาวมาลี สุขใจ" };

describe("EmployeePicker", () => {
  test("searches the server by what is typed and picks one employee", async () => {
    const searched: string[] = [];
    const picked: (string | null)[] = [];
    renderLeave(() => <EmployeePicker selected={null} onChange={(id) => picked.push(id)} />, { employees: [somchai, malee], searched });
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "พนักงาน" }), "สม");
    await waitFor(() => expect(searched).toEqual([`?q=${encodeURIComponent("สม")}&page_size=20`]));
    await user.click(await screen.findByRole("option", { name: "นางสาวมาลี สุขใจ (E0008)" }));
    expect(picked).toEqual(["8"]);
  }, 20_000);

  test("shows the employee already chosen", async () => {
    renderLeave(() => <EmployeePicker selected={somchai} onChange={() => {}} />);
    expect(await screen.findByRole("textbox", { name: "พนักงาน" })).toHaveValue("นายสมชาย ใจดี (E0005)");
  });
});
