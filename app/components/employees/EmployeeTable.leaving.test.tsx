import { MantineProvider } from "@mantine/core";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import type { EmployeeDto } from "~/models/employees/employee.server";
import { EmployeeTable } from "./EmployeeTable";

function dto(overrides: Partial<EmployeeDto>): EmployeeDto {
  return {
    id: 1, code: "E1", title: 1, title_label: "นาย", name_prefix: "", first_name: "สมชาย", last_name: "ใจดี",
    full_name: "นายสมชาย ใจดี", nickname: "", phone: "", email: "", position: "", department: "",
    start_date: null, resign_date: null, working: true, photo_url: null, line_linked: false,
    face_registered: false, face_url: null, address: "", province_id: null, amphur_id: null,
    district_id: null, zipcode: "", province_name: null, amphur_name: null, district_name: null, pay_basis: "monthly", office_names: null,
    ...overrides,
  };
}

function renderTable(items: EmployeeDto[], resigned: boolean) {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider env="test">
          <EmployeeTable items={items} resigned={resigned} onAction={() => {}} />
        </MantineProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("EmployeeTable: a resignation still ahead", () => {
  test("an active employee with a resign date ahead shows จะลาออก and the Thai date", () => {
    renderTable(
      [
        dto({ id: 1, code: "E1", resign_date: "2026-12-31", working: true }),
        dto({ id: 2, code: "E2", full_name: "นายสมปอง ทำงาน" }),
      ],
      false,
    );
    const [leaving, staying] = screen.getAllByTestId("employee-row");
    expect(within(leaving).getByText("จะลาออก 31 ธ.ค. 2569")).toBeInTheDocument();
    expect(staying).not.toHaveTextContent("จะลาออก");
  });

  test("the resigned list shows the date in its column, with no จะลาออก badge", () => {
    renderTable([dto({ resign_date: "2026-11-01", working: false })], true);
    const row = screen.getByTestId("employee-row");
    expect(row).toHaveTextContent("1 พ.ย. 2569");
    expect(row).not.toHaveTextContent("จะลาออก");
  });
});
