import { MantineProvider } from "@mantine/core";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { EmployeeDto } from "~/models/employees/employee.server";
import { atPhoneWidth } from "~/components/phone-width.test-helpers";
import { EmployeeTable, type EmployeeRowAction } from "./EmployeeTable";

const EMPLOYEE: EmployeeDto = {
  id: 3,
  code: "E0003",
  title: 1,
  title_label: "นาย",
  name_prefix: "",
  first_name: "สมชาย",
  working: true,
  last_name: "ใจดี",
  full_name: "นายสมชาย ใจดี",
  nickname: "",
  phone: "",
  email: "",
  position: "",
  department: "",
  start_date: null,
  resign_date: null,
  photo_url: "/uploads/employees/0f8fad5b-d9cb-469f-a165-70867728950e.jpg",
  line_linked: false,
  face_registered: false,
  face_url: null,
  address: "",
  province_id: null,
  amphur_id: null,
  district_id: null,
  zipcode: "",
  province_name: null,
  amphur_name: null,
  district_name: null,
  pay_basis: "monthly",
  office_names: null,
};

test("the avatar asks for the thumbnail, not the 1600 px original", async () => {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider>
          <EmployeeTable items={[EMPLOYEE]} resigned={false} onAction={() => {}} />
        </MantineProvider>
      ),
    },
  ]);
  render(<Stub />);
  const row = await screen.findByTestId("employee-row");
  expect(row.querySelector("img")?.getAttribute("src")).toBe(`${EMPLOYEE.photo_url}?size=thumb`);
  // A wide screen gets the table only: the cards are not rendered at all.
  expect(screen.queryByTestId("employee-cards")).toBeNull();
});

test("with a selection: a box per row and one for the page, which picks or unpicks everyone on it", async () => {
  const toggled: [readonly number[], boolean][] = [];
  const second = { ...EMPLOYEE, id: EMPLOYEE.id + 1, code: "E999", first_name: "สมศรี", full_name: "นางสมศรี ใจดี" };
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <MantineProvider>
          <EmployeeTable
            items={[EMPLOYEE, second]}
            resigned={false}
            onAction={() => {}}
            selection={{ selected: new Set([second.id]), onToggle: (ids, on) => toggled.push([ids, on]) }}
          />
        </MantineProvider>
      ),
    },
  ]);
  render(<Stub />);
  const user = userEvent.setup();
  const page = await screen.findByRole("checkbox", { name: "เลือกทุกคนในหน้านี้" });
  expect(page).toHaveAttribute("data-indeterminate", "true");
  expect(screen.getByRole("checkbox", { name: `เลือก ${second.full_name}` })).toBeChecked();
  await user.click(screen.getByRole("checkbox", { name: `เลือก ${EMPLOYEE.full_name}` }));
  await user.click(page);
  expect(toggled).toEqual([
    [[EMPLOYEE.id], true],
    [[EMPLOYEE.id, second.id], true],
  ]);
});

describe("at phone width", () => {
  let restore: () => void;
  beforeEach(() => (restore = atPhoneWidth()));
  afterEach(() => restore());

  const renderList = (items: EmployeeDto[], onAction: (a: EmployeeRowAction, e: EmployeeDto) => void = () => {}) => {
    const Stub = createRemixStub([
      {
        path: "/admin/employee",
        Component: () => (
          <MantineProvider>
            <EmployeeTable items={items} resigned={false} onAction={onAction} />
          </MantineProvider>
        ),
      },
    ]);
    render(<Stub initialEntries={["/admin/employee"]} />);
  };

  test("a phone gets the cards only: each shows the name first, then code, position, badges", async () => {
    renderList([
      { ...EMPLOYEE, nickname: "ชาย", position: "พนักงานขาย", department: "ฝ่ายขาย", line_linked: true, resign_date: "2026-12-31" },
    ]);
    const cards = await screen.findByTestId("employee-cards");
    // Mantine's responsive props are classes its CSS hides by the media query (390 px is below sm, 48em).
    expect(cards).toHaveClass("mantine-hidden-from-sm");
    // A phone gets the cards only: the table is not rendered at all.
    expect(screen.queryByRole("table", { name: "รายชื่อพนักงาน" })).toBeNull();
    const card = within(cards).getByTestId("employee-card");
    expect(card).toHaveTextContent(/^นายสมชาย ใจดี\(ชาย\)E0003พนักงานขาย · ฝ่ายขาย/);
    expect(within(card).getByRole("link", { name: "นายสมชาย ใจดี" })).toHaveAttribute("href", "/admin/employee/3");
    expect(card).toHaveTextContent("LINE เชื่อมแล้ว");
    expect(card).toHaveTextContent("ใบหน้า ยังไม่ลงทะเบียน");
    expect(card).toHaveTextContent("จะลาออก 31 ธ.ค. 2569");
    expect(card.querySelector("img")?.getAttribute("src")).toBe(`${EMPLOYEE.photo_url}?size=thumb`);
  });

  test("each card's actions are on the card: its menu opens and runs the row's action", async () => {
    const asked: [EmployeeRowAction, number][] = [];
    renderList([EMPLOYEE, { ...EMPLOYEE, id: 4, code: "E0004", first_name: "สมหญิง", full_name: "นางสาวสมหญิง ใจดี", photo_url: null }], (a, e) =>
      asked.push([a, e.id]),
    );
    const user = userEvent.setup();
    const cards = within(await screen.findByTestId("employee-cards")).getAllByTestId("employee-card");
    expect(cards).toHaveLength(2);
    expect(within(cards[1]).getByText("ส")).toBeInTheDocument();
    await user.click(within(cards[1]).getByRole("button", { name: "จัดการ นางสาวสมหญิง ใจดี" }));
    await user.click(await screen.findByRole("menuitem", { name: "บันทึกการลาออก" }));
    expect(asked).toEqual([["resign", 4]]);
  });
});
